// Fair shares of a counted resource: waiters are served round robin between callers, first come
// first served within one; while other callers are active a caller may not take the reserve;
// a caller alone may take every slot; a full line makes room in the longest backlog.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Callers } from '../../../src/admission/callers.js';
import { claimantOf } from '../../../src/admission/call-scope.js';
import { FairQueue } from '../../../src/admission/fair-queue.js';
import { FairSlots, fairReserve, type Release } from '../../../src/admission/fair-slots.js';

const tick = () => new Promise((r) => setImmediate(r));

describe('FairQueue', () => {
  it('serves callers round robin and each caller first come, first served', () => {
    const q = new FairQueue<string>();
    for (const item of ['a1', 'a2', 'a3', 'a4']) q.push('a', item);
    q.push('b', 'b1');
    q.push('c', 'c1');
    q.push('b', 'b2');
    const order: string[] = [];
    for (let item = q.shift(); item !== undefined; item = q.shift()) order.push(item);
    assert.deepEqual(order, ['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
    assert.equal(q.size, 0);
  });

  it('serves a line pushed ahead before the round, once, then in the round at its back', () => {
    const q = new FairQueue<string>();
    q.push('a', 'a1');
    q.push('a', 'a2');
    q.push('b', 'b1');
    q.push('c', 'c1', true);
    q.push('c', 'c2', true);
    q.push('d', 'd1', true);
    // A line already waiting is not moved by a later push ahead.
    q.push('a', 'a3', true);
    assert.deepEqual(q.sizeOf('c'), 2);
    assert.deepEqual([...q.callers()].sort(), ['a', 'b', 'c', 'd']);
    const order: string[] = [];
    for (let item = q.shift(); item !== undefined; item = q.shift()) order.push(item);
    assert.deepEqual(order, ['c1', 'd1', 'a1', 'b1', 'c2', 'a2', 'a3']);
  });

  it('keeps a line ahead in its place while its head is not eligible, and counts it everywhere', () => {
    const q = new FairQueue<string>();
    q.push('a', 'a1');
    const c1 = q.push('c', 'c1', true);
    q.push('c', 'c2', true);
    q.push('c', 'c3', true);
    assert.equal(q.longest(), 'c');
    assert.equal(
      q.shift((_, caller) => caller !== 'c'),
      'a1',
    );
    assert.deepEqual([...q.values()], ['c1', 'c2', 'c3']);
    assert.equal(q.popNewest('c'), 'c3');
    // Served out of turn, its caller joins the round.
    assert.equal(q.cancel(c1, true), true);
    q.push('b', 'b1');
    assert.equal(q.shift(), 'c2');
    assert.equal(q.shift(), 'b1');
    assert.equal(q.size, 0);
  });

  it('skips a caller whose head is not eligible without losing its turn', () => {
    const q = new FairQueue<string>();
    q.push('a', 'a1');
    q.push('b', 'b1');
    q.push('b', 'b2');
    assert.equal(
      q.shift((_, caller) => caller !== 'a'),
      'b1',
    );
    assert.equal(q.shift(), 'a1', 'a was skipped, not sent to the back');
    assert.equal(q.shift(), 'b2');
  });

  it('finds the longest backlog and takes out its newest waiter', () => {
    const q = new FairQueue<string>();
    const a1 = q.push('a', 'a1');
    q.push('b', 'b1');
    q.push('b', 'b2');
    assert.equal(q.longest(), 'b');
    assert.equal(q.popNewest('b'), 'b2');
    assert.equal(q.sizeOf('b'), 1);
    assert.equal(q.cancel(a1), true);
    assert.equal(q.cancel(a1), false);
    assert.equal(q.size, 1);
  });

  it('takes out a waiter that gives up wherever it is, and the others keep their order', () => {
    const q = new FairQueue<number>();
    const tickets = Array.from({ length: 1000 }, (_, i) => q.push('a', i));
    for (const t of tickets) if (t.item % 2 === 1) q.cancel(t);
    assert.equal(q.sizeOf('a'), 500);
    const order: number[] = [];
    for (let n = q.shift(); n !== undefined; n = q.shift()) order.push(n);
    assert.deepEqual(
      order,
      Array.from({ length: 500 }, (_, i) => 2 * i),
    );
    assert.equal(q.size, 0);
    q.push('a', 7);
    assert.equal(q.shift(), 7, 'a line emptied and started again works');
  });
});

describe('Callers', () => {
  it('counts a caller active while it works and for the linger after', async () => {
    const callers = new Callers(30);
    assert.equal(callers.othersActive('a'), false);
    const leave = callers.enter('b');
    assert.equal(callers.othersActive('a'), true);
    assert.equal(callers.othersActive('b'), false, 'a caller is not another to itself');
    leave();
    leave();
    assert.equal(callers.othersActive('a'), true, 'lingers after its last call');
    await new Promise((r) => setTimeout(r, 600));
    assert.equal(callers.othersActive('a'), false, 'forgotten once the linger is over');
  });
});

describe('fairReserve', () => {
  it('is a quarter of the resource, at least one unit from two up, none below two', () => {
    assert.equal(fairReserve(1), 0);
    assert.equal(fairReserve(2), 1);
    assert.equal(fairReserve(4), 1);
    assert.equal(fairReserve(32), 8);
    assert.equal(fairReserve(Infinity), 0);
  });
});

describe('FairSlots', () => {
  /** Two callers that are both active (each has a call in progress). */
  function twoCallers() {
    const callers = new Callers();
    callers.enter('hog');
    callers.enter('other');
    return { hog: claimantOf('hog', callers), other: claimantOf('other', callers), callers };
  }

  it('lets a caller alone take every slot', async () => {
    const slots = new FairSlots({ capacity: () => 4 });
    const alone = claimantOf('alone', new Callers());
    const held = await Promise.all([1, 2, 3, 4].map(() => slots.acquire(alone)));
    assert.equal(slots.busy, 4);
    held.forEach((release) => release());
    assert.equal(slots.busy, 0);
  });

  it('keeps the reserve for others while they are active: a newcomer starts at once', async () => {
    const { hog, other } = twoCallers();
    const slots = new FairSlots({ capacity: () => 4 });
    const hogHeld: Release[] = [];
    for (let i = 0; i < 3; i++) hogHeld.push(await slots.acquire(hog));
    let fourthGranted = false;
    const fourth = slots.acquire(hog).then((r) => ((fourthGranted = true), r));
    await tick();
    assert.equal(fourthGranted, false, 'the hog may not take the last slot while another caller is active');
    assert.equal(slots.busy, 3);
    const release = slots.tryAcquire(other);
    assert.ok(release, 'the other caller gets the reserved slot without waiting');
    release();
    hogHeld[0]!();
    (await fourth)();
    for (const r of hogHeld) r();
  });

  it('with overcommit, a caller holding nothing goes beyond a capacity another fills, within the reserve', async () => {
    const { hog, other, callers } = twoCallers();
    let capacity = 8;
    const slots = new FairSlots({ capacity: () => capacity, overcommit: true });
    // The hog took all eight while the limit was higher, then the limit shrank to four.
    const hogHeld = await Promise.all(Array.from({ length: 8 }, () => slots.acquire(claimantOf('hog', new Callers()))));
    capacity = 4;
    const first = slots.tryAcquire(other);
    assert.ok(first, 'a caller with nothing running starts although every slot is taken');
    assert.equal(slots.tryAcquire(other), null, 'but only one: it now holds a slot');
    assert.equal(slots.tryAcquire(hog), null, 'the hog gets nothing more');
    const third = claimantOf('third', callers);
    callers.enter('third');
    assert.equal(slots.tryAcquire(third), null, 'the overcommit is bounded by the reserve (one of four)');
    first();
    for (const release of hogHeld) release();
    assert.equal(slots.busy, 0);
  });

  it("idle slots still count for their caller but leave room for other callers'", async () => {
    const { hog, other } = twoCallers();
    const slots = new FairSlots({ capacity: () => 4 });
    // The hog's three slots (all it may hold beside another caller), their bodies stalled.
    const hogHeld = [await slots.acquire(hog), await slots.acquire(hog), await slots.acquire(hog)];
    const fourth = slots.tryAcquire(other);
    assert.ok(fourth);
    assert.equal(slots.tryAcquire(other), null, 'every slot is busy');
    for (const lease of hogHeld) lease.idle(true);
    assert.equal(slots.idle, 3);
    assert.equal(slots.tryAcquire(hog), null, 'idle or not, the hog holds all it may');
    const others = [slots.tryAcquire(other), slots.tryAcquire(other)];
    assert.ok(others.every(Boolean), "the idle slots do not keep the other caller's requests out");
    assert.equal(slots.tryAcquire(other), null, 'up to its own share beside the hog (all but the reserve)');
    hogHeld[0]!.idle(false);
    hogHeld[0]!();
    hogHeld[1]!();
    assert.equal(slots.idle, 1, 'a released idle slot is no longer counted idle');
    for (const lease of [fourth, ...others, hogHeld[2]]) lease!();
    assert.equal(slots.busy, 0);
    assert.equal(slots.idle, 0);
  });

  it('a short request of another caller does not wait behind slots whose bodies are being read', async () => {
    const { hog, other } = twoCallers();
    const slots = new FairSlots({ capacity: () => 2, reserve: () => 0 });
    const hogHeld = [await slots.acquire(hog), await slots.acquire(hog)];
    for (const lease of hogHeld) lease.reading(true);
    assert.equal(slots.tryAcquire(other), null, 'a request that reads a body waits');
    const probe = slots.tryAcquire(other, true);
    assert.ok(probe, 'a short one starts at once');
    assert.equal(slots.tryAcquire(hog, true), null, "not past its own caller's share");
    probe();
    for (const lease of hogHeld) lease.reading(false);
    assert.equal(slots.tryAcquire(other, true), null, 'slots waiting for their headers count for short requests too');
    for (const lease of hogHeld) lease();
    assert.equal(slots.busy, 0);
  });

  it('a caller alone never holds more than the capacity, even while its slots are idle', async () => {
    const slots = new FairSlots({ capacity: () => 4 });
    const alone = claimantOf('alone', new Callers());
    const held = await Promise.all([1, 2, 3, 4].map(() => slots.acquire(alone)));
    for (const lease of held) lease.idle(true);
    assert.equal(slots.tryAcquire(alone), null, 'a batch of one site keeps to the limit');
    held.forEach((release) => release());
  });

  it('gives freed slots round robin, so a backlog waits behind its own work, a caller holding none first', async () => {
    const callers = new Callers();
    callers.enter('a');
    callers.enter('b');
    // No reserve here: only the order is under test.
    const slots = new FairSlots({ capacity: () => 1, reserve: () => 0 });
    const first = await slots.acquire(claimantOf('a', callers));
    const order: string[] = [];
    // Each waiter gives its slot back as soon as it has it.
    const served = (name: string) => (release: Release) => {
      order.push(name);
      release();
    };
    callers.enter('c');
    const waits = [
      ...[1, 2, 3].map((i) => slots.acquire(claimantOf('a', callers)).then(served(`a${i}`))),
      ...[1, 2].map((i) => slots.acquire(claimantOf('c', callers)).then(served(`c${i}`))),
      slots.acquire(claimantOf('b', callers)).then(served('b1')),
    ];
    first();
    await Promise.all(waits);
    // c and b held nothing when they came: each is served once before the round; c's second call
    // then waits in the round, behind a's next.
    assert.deepEqual(order, ['c1', 'b1', 'a1', 'c2', 'a2', 'a3']);
  });

  it('makes room in the longest line: its newest waiter is rejected', async () => {
    const { hog, other } = twoCallers();
    const slots = new FairSlots({ capacity: () => 1, reserve: () => 0 });
    const held = await slots.acquire(hog);
    const hogWaits = [slots.acquire(hog), slots.acquire(hog)];
    const otherWait = slots.acquire(other);
    assert.equal(slots.longestQueue(), 'hog');
    assert.equal(slots.rejectNewest('hog', new Error('shed')), true);
    await assert.rejects(hogWaits[1]!, /shed/);
    held();
    // The other caller holds nothing: it is served first.
    (await otherWait)();
    (await hogWaits[0]!)();
    assert.equal(slots.queued, 0);
  });

  it("gives up requests at their own deadline, those due together with one error, and keeps others' places", async () => {
    // A batch chunk's items share their deadline: dozens give up in the same millisecond.
    const slots = new FairSlots({ capacity: () => 1 });
    const me = claimantOf('me', new Callers());
    const held = await slots.acquire(me);
    let built = 0;
    const timedOut = () => (built++, new Error('no worker in time'));
    const dueAt = Date.now() + 30;
    const chunk = Array.from({ length: 40 }, () => slots.acquire(me, undefined, timedOut, dueAt));
    const later = slots.acquire(me, undefined, timedOut, Date.now() + 60_000);
    const errors = await Promise.all(chunk.map((p) => p.catch((err: unknown) => err)));
    assert.ok(errors.every((e) => e instanceof Error && e.message === 'no worker in time'));
    assert.equal(new Set(errors).size, 1, 'one error for the requests due together');
    assert.equal(built, 1);
    assert.equal(slots.queued, 1, 'the request due later keeps waiting');
    held();
    (await later)();
    assert.equal(slots.busy, 0);
  });

  it('a request served before its deadline leaves no timer behind', async () => {
    const slots = new FairSlots({ capacity: () => 1 });
    const me = claimantOf('me', new Callers());
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const held = await slots.acquire(me);
    const waiting = slots.acquire(me, undefined, () => new Error('late'), Date.now() + 60_000);
    assert.equal(timers(), before + 1);
    held();
    (await waiting)();
    assert.equal(timers(), before);
  });

  it('a waiter whose signal aborts leaves without a slot', async () => {
    const slots = new FairSlots({ capacity: () => 1 });
    const me = claimantOf('me', new Callers());
    const held = await slots.acquire(me);
    const ac = new AbortController();
    const waiting = slots.acquire(me, ac.signal);
    ac.abort(new Error('gave up'));
    await assert.rejects(waiting, /gave up/);
    assert.equal(slots.queued, 0);
    held();
    assert.equal(slots.busy, 0);
  });
});
