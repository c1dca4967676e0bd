// The body-memory budget: shares are granted while they fit, a share that does not fit waits
// for others to end (in arrival order), the oldest share is never kept waiting (so readers that
// each hold part of the budget cannot block each other forever), and a wait can be given up.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BudgetWaitAborted, MemoryBudget } from '../../../src/admission/memory-budget.js';
import { Callers } from '../../../src/admission/callers.js';
import { claimantOf } from '../../../src/admission/call-scope.js';

const tick = () => new Promise((r) => setImmediate(r));

describe('MemoryBudget', () => {
  it('grants shares while they fit; one that does not waits until another ends', async () => {
    const budget = new MemoryBudget(100);
    const a = await budget.acquire(60);
    const b = await budget.acquire(30);
    let cGranted = false;
    const c = budget.acquire(50).then((l) => {
      cGranted = true;
      return l;
    });
    await tick();
    assert.equal(cGranted, false);
    assert.equal(budget.stats().waiting, 1);
    assert.equal(budget.stats().usedBytes, 90);
    b.release();
    await tick();
    assert.equal(cGranted, false, '60 + 50 does not fit: c waits until a also shrinks');
    a.set(50);
    const lc = await c;
    assert.equal(budget.stats().usedBytes, 100);
    lc.release();
    a.release();
    assert.equal(budget.stats().usedBytes, 0);
    assert.equal(budget.stats().leases, 0);
  });

  it('serves waiters in arrival order', async () => {
    const budget = new MemoryBudget(100);
    const first = await budget.acquire(100);
    const order: string[] = [];
    const big = budget.acquire(80).then((l) => (order.push('big'), l));
    const small = budget.acquire(10).then((l) => (order.push('small'), l));
    await tick();
    assert.deepEqual(order, [], 'the small share waits behind the big one, which came first');
    first.release();
    (await big).release();
    (await small).release();
    assert.deepEqual(order, ['big', 'small']);
  });

  it('never keeps the oldest share waiting: readers holding parts of the budget cannot block each other', async () => {
    const budget = new MemoryBudget(100);
    const older = await budget.acquire(50);
    const younger = await budget.acquire(50);
    // Both need more while the budget is full: the younger waits, the older one goes over.
    let youngerGrew = false;
    const y = younger.grow(80).then(() => (youngerGrew = true));
    await older.grow(90);
    assert.equal(budget.stats().usedBytes, 140);
    await tick();
    assert.equal(youngerGrew, false);
    older.release();
    await y;
    assert.equal(youngerGrew, true, 'the younger one is the oldest now, and grows');
    younger.release();
    assert.equal(budget.stats().usedBytes, 0);
  });

  it('grants a share larger than the whole budget once it is the oldest', async () => {
    const budget = new MemoryBudget(10);
    const huge = await budget.acquire(500);
    assert.equal(huge.bytes, 500);
    huge.release();
  });

  it('keeps a settled share counted until it ends, and lets the next share be the oldest', async () => {
    const budget = new MemoryBudget(100);
    const done = await budget.acquire(70);
    const running = await budget.acquire(30);
    done.settle();
    assert.equal(budget.stats().usedBytes, 100, 'a settled share still counts');
    let grew = false;
    const grow = running.grow(90).then(() => (grew = true));
    await tick();
    assert.equal(grew, true, 'the running share is the oldest now: it grows past the rules');
    await grow;
    let fresh = false;
    const third = budget.acquire(10).then((l) => ((fresh = true), l));
    await tick();
    assert.equal(fresh, false, 'the settled share still holds its bytes: no room for more');
    done.release();
    running.set(30);
    (await third).release();
    running.release();
    assert.equal(budget.stats().usedBytes, 0);
    assert.equal(budget.stats().overBytes, 0);
  });

  it('grants no overcommit to a caller while a settled share of its own holds one', async () => {
    const budget = new MemoryBudget(100);
    const first = await budget.acquire(150);
    assert.equal(budget.stats().overBytes, 150, 'the oldest share went over');
    first.settle();
    let grew = false;
    // More than the budget: only an overcommit would grant it at once.
    const next = budget.acquire(120).then((l) => ((grew = true), l));
    await tick();
    assert.equal(grew, false, 'the next share is the oldest, and waits until the settled one ends');
    first.release();
    (await next).release();
    assert.equal(budget.stats().usedBytes, 0);
  });

  it('gives up a wait when its signal aborts, and the others still get their share', async () => {
    const budget = new MemoryBudget(100);
    const held = await budget.acquire(100);
    const ac = new AbortController();
    const waiting = budget.acquire(50, ac.signal);
    const next = budget.acquire(50);
    ac.abort(new Error('deadline'));
    await assert.rejects(
      waiting,
      (err: unknown) => err instanceof BudgetWaitAborted && (err.reason as Error).message === 'deadline',
    );
    held.release();
    const l = await next;
    assert.equal(budget.stats().usedBytes, 50);
    assert.equal(budget.stats().leases, 1, 'the aborted share left nothing behind');
    l.release();
  });
});

describe('MemoryBudget between callers', () => {
  it("keeps a quarter for other active callers: one caller's bodies cannot lock another's small page out", async () => {
    const callers = new Callers();
    callers.enter('hog');
    callers.enter('other');
    const hog = claimantOf('hog', callers);
    const other = claimantOf('other', callers);
    const budget = new MemoryBudget(100);
    const a = await budget.acquire(40, undefined, hog);
    const b = await budget.acquire(35, undefined, hog);
    let cGranted = false;
    const c = budget.acquire(20, undefined, hog).then((l) => ((cGranted = true), l));
    await tick();
    assert.equal(cGranted, false, 'the hog may not grow past three quarters while another caller is active');
    assert.equal(budget.usedOf('hog'), 75);
    const small = await budget.acquire(10, undefined, other);
    assert.equal(budget.usedOf('other'), 10, "the other caller's page got its share at once");
    small.release();
    a.release();
    (await c).release();
    b.release();
    assert.equal(budget.stats().usedBytes, 0);
  });

  it('lets a caller alone use the whole budget', async () => {
    const alone = claimantOf('alone', new Callers());
    const budget = new MemoryBudget(100);
    const a = await budget.acquire(60, undefined, alone);
    const b = await budget.acquire(40, undefined, alone);
    assert.equal(budget.stats().usedBytes, 100);
    a.release();
    b.release();
  });

  it('serves waiting callers round robin', async () => {
    const callers = new Callers();
    callers.enter('a');
    callers.enter('b');
    const budget = new MemoryBudget(100);
    const first = await budget.acquire(75, undefined, claimantOf('a', callers));
    const order: string[] = [];
    const waits = [
      budget.acquire(30, undefined, claimantOf('a', callers)).then((l) => (order.push('a1'), l)),
      budget.acquire(30, undefined, claimantOf('a', callers)).then((l) => (order.push('a2'), l)),
      budget.acquire(30, undefined, claimantOf('b', callers)).then((l) => (order.push('b1'), l)),
    ];
    await tick();
    assert.deepEqual(order, [], 'nothing fits beside the first share');
    // Once it ends, a's first waiter goes (its share is now the oldest), then b's, then a's
    // second: b came last but is served before a's backlog. (a's second would take a past its
    // fair half into the last quarter: it goes once a's first share has ended.)
    first.release();
    const [a1, a2, b1] = waits;
    const b1Lease = await b1!;
    (await a1!).release();
    (await a2!).release();
    b1Lease.release();
    assert.deepEqual(order, ['a1', 'b1', 'a2']);
  });

  it('keeps the last quarter from several callers together: it goes to callers holding little', async () => {
    const callers = new Callers();
    for (const c of ['h1', 'h2', 'h3', 'h4', 'honest']) callers.enter(c);
    const budget = new MemoryBudget(100);
    // Each hostile caller alone stays far within its three quarters; five of them would fill it.
    const hogs = await Promise.all(
      ['h1', 'h2', 'h3'].map((c) => budget.acquire(25, undefined, claimantOf(c, callers))),
    );
    let granted = false;
    const fourth = budget.acquire(25, undefined, claimantOf('h4', callers)).then((l) => ((granted = true), l));
    await tick();
    assert.equal(granted, false, 'past three quarters, only a caller within its fair fifth may grow');
    assert.equal(budget.stats().usedBytes, 75);
    const small = await budget.acquire(10, undefined, claimantOf('honest', callers));
    assert.equal(budget.usedOf('honest'), 10, "the other caller's page got its share at once");
    small.release();
    for (const l of hogs) l.release();
    (await fourth).release();
    assert.equal(budget.stats().usedBytes, 0);
  });

  it("keeps a small page's room from callers at their fair share and from the oldest share's overcommit", async () => {
    const MiB = 1024 * 1024;
    const callers = new Callers();
    const hostile = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
    for (const c of [...hostile, 'honest']) callers.enter(c);
    const as = (c: string) => claimantOf(c, callers);
    const budget = new MemoryBudget(64 * MiB);
    // Six callers' slow 5 MiB bodies (15 MiB shares, 3 bytes a body byte), in the order that
    // leaves least: the oldest share still small, three quarters taken by whole bodies, then
    // shares of callers within their fair share (64 MiB over 7).
    const oldest = await budget.acquire(6 * MiB, undefined, as('h1'));
    const held = [
      await budget.acquire(15 * MiB, undefined, as('h1')),
      await budget.acquire(15 * MiB, undefined, as('h2')),
      await budget.acquire(12 * MiB, undefined, as('h3')),
      await budget.acquire(6 * MiB, undefined, as('h4')),
    ];
    const pending = [budget.acquire(6 * MiB, undefined, as('h5')), budget.acquire(1 * MiB, undefined, as('h6'))];
    await tick();
    // The oldest share is never kept waiting: it grows to its whole body, past the budget.
    await oldest.grow(15 * MiB);
    let granted = false;
    const small = budget.acquire(192 * 1024, undefined, as('honest')).then((l) => ((granted = true), l));
    await tick();
    assert.equal(granted, true, `a 1 KB page's first share waits (${budget.stats().usedBytes / MiB} MiB held)`);
    assert.ok(
      budget.stats().usedBytes <= 64 * MiB + 9 * MiB,
      "over the budget by the oldest share's overcommit at most",
    );
    (await small).release();
    oldest.release();
    for (const l of held) l.release();
    for (const l of await Promise.all(pending)) l.release();
    assert.deepEqual([budget.stats().usedBytes, budget.stats().overBytes], [0, 0]);
  });
});
