// The queueing deadline of waiting calls: every waiter that has not started within the waiting
// limit is shed, in arrival order, a waiter served or abandoned first is not, and the deadlines
// of hundreds of waiting calls cost one timer, not one each (nor a timer left behind when the
// queue empties, which would keep an idle process alive).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Admission } from '../../../src/admission/admission.js';
import { claimantOf } from '../../../src/admission/call-scope.js';
import { Callers } from '../../../src/admission/callers.js';
import { FairSlots, type Release } from '../../../src/admission/fair-slots.js';
import { Overloaded } from '../../../src/admission/overloaded.js';

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('FairSlots waiting limit', () => {
  it(
    'rejects each waiter still waiting at its limit with its own error, oldest first',
    { timeout: 20_000 },
    async () => {
      const callers = new Callers();
      const slots = new FairSlots({ capacity: () => 1, maxWaitMs: 40 });
      const held = slots.tryAcquire(claimantOf('a', callers))!;
      const order: string[] = [];
      const kept: Release[] = [];
      const wait = (caller: string) =>
        slots
          .acquire(claimantOf(caller, callers), undefined, () => new Error(`late ${caller}`))
          .then(
            (release: Release) => {
              order.push(`served ${caller}`);
              kept.push(release); // held past the others' limit
            },
            (err: Error) => order.push(err.message),
          );
      const first = wait('b');
      await new Promise((r) => setTimeout(r, 5));
      const second = wait('c');
      const third = wait('a');
      held(); // b is served before its limit
      await Promise.all([first, second, third]);
      assert.deepEqual(order, ['served b', 'late c', 'late a']);
      assert.equal(slots.queued, 0);
      for (const release of kept) release();
    },
  );

  it('leaves a waiter whose caller went away to its abort, not to the deadline', { timeout: 20_000 }, async () => {
    const callers = new Callers();
    const slots = new FairSlots({ capacity: () => 1, maxWaitMs: 30 });
    const held = slots.tryAcquire(claimantOf('a', callers))!;
    const gone = new AbortController();
    let timedOut = 0;
    const waiting = slots.acquire(claimantOf('b', callers), gone.signal, () => {
      timedOut++;
      return new Error('late');
    });
    gone.abort(new Error('left'));
    await assert.rejects(waiting, /left/);
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(timedOut, 0);
    held();
  });
});

describe('Admission queueing deadline', () => {
  it(
    'sheds hundreds of waiting calls on time with one timer for all, and keeps none once idle',
    { timeout: 30_000 },
    async () => {
      const admission = new Admission({
        maxConcurrency: 1,
        minConcurrency: 1,
        initialConcurrency: 1,
        queueMax: 1000,
        queueTimeoutMs: 200,
        adjustIntervalMs: 60_000,
      });
      let release: () => void = () => {};
      const held = new Promise<void>((r) => (release = r));
      const running = admission.run('t', undefined, () => held);
      const before = timers();
      const waiting = Array.from({ length: 300 }, () => admission.run('t', undefined, () => Promise.resolve('ran')));
      assert.equal(admission.queued, 300);
      // One deadline timer and the limit's ticker, whatever the queue's length.
      assert.ok(timers() - before <= 2, `${timers() - before} timers for 300 waiting calls`);
      const outcomes = await Promise.allSettled(waiting);
      assert.ok(
        outcomes.every(
          (o) => o.status === 'rejected' && o.reason instanceof Overloaded && o.reason.reason === 'queue_timeout',
        ),
      );
      assert.equal(admission.sheds.queue_timeout, 300);
      release();
      await running;
      assert.ok(timers() <= before, 'no deadline timer left once nobody waits');
    },
  );
});
