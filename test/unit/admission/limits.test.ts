// The adaptive limit and the event-loop guard, driven with chosen measurements.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GradientLimit } from '../../../src/admission/gradient-limit.js';
import { LoopGuard } from '../../../src/admission/loop-guard.js';

describe('GradientLimit', () => {
  it('grows while calls wait for it and the workers have no standing queue', () => {
    const g = new GradientLimit({ min: 4, max: 256, initial: 8 });
    let last = g.limit;
    for (let i = 0; i < 40; i++) {
      const next = g.update({ standingDelayMs: 0, taskRunMs: 5 }, true);
      assert.ok(next >= last);
      last = next;
    }
    assert.ok(last > 64, `grew to ${last}`);
  });

  it('does not grow when callers do not use it (application-limited)', () => {
    const g = new GradientLimit({ min: 4, max: 256, initial: 8 });
    for (let i = 0; i < 20; i++) g.update({ standingDelayMs: 0, taskRunMs: 5 }, false);
    assert.equal(g.limit, 8);
  });

  it('shrinks towards the floor while tasks stand in the worker queue past the target', () => {
    const g = new GradientLimit({ min: 4, max: 256, initial: 200 });
    for (let i = 0; i < 30; i++) g.update({ standingDelayMs: 500, taskRunMs: 10 }, true);
    assert.ok(g.limit < 40, `shrank to ${g.limit}`);
    for (let i = 0; i < 100; i++) g.update({ standingDelayMs: 5000, taskRunMs: 10 }, true);
    assert.ok(g.limit >= 4, 'never below the floor');
  });

  it('shrinks to the floor when the main thread is never idle, with no worker wait at all', () => {
    // Calls that use no worker (status probes): the worker signal stays silent.
    const g = new GradientLimit({ min: 32, max: 256, initial: 256 });
    for (let i = 0; i < 20; i++) g.update({ standingDelayMs: null, taskRunMs: null, mainThreadBusy: 1 }, true);
    assert.equal(g.limit, 32);
    // Saturated, it does not grow back while calls wait.
    for (let i = 0; i < 20; i++) g.update({ standingDelayMs: null, taskRunMs: null, mainThreadBusy: 0.97 }, true);
    assert.equal(g.limit, 32);
  });

  it('grows again once the main thread has idle time, and ignores a busy share under the target', () => {
    const g = new GradientLimit({ min: 32, max: 256, initial: 32 });
    for (let i = 0; i < 80; i++) g.update({ standingDelayMs: null, taskRunMs: null, mainThreadBusy: 0.85 }, true);
    assert.equal(g.limit, 256);
    const before = g.limit;
    g.update({ standingDelayMs: null, taskRunMs: null, mainThreadBusy: 0.92 }, true);
    const eased = g.limit;
    assert.ok(eased < before && eased > before * 0.8, `a little over the target shrinks a little: ${eased}`);
  });

  it('aims at a queue delay of about two tasks, so slow pages do not count as congestion', () => {
    const g = new GradientLimit({ min: 4, max: 256, initial: 32 });
    g.update({ standingDelayMs: null, taskRunMs: 400 }, false);
    assert.ok(g.targetMs >= 800);
    const before = g.limit;
    g.update({ standingDelayMs: 300, taskRunMs: 400 }, true);
    assert.ok(g.limit >= before, 'a 300 ms wait behind 400 ms tasks is not a standing queue');
  });
});

describe('LoopGuard', () => {
  it('trips above the threshold and lets go only below half of it (hysteresis)', () => {
    let delay = 0;
    const guard = new LoopGuard(1000, () => delay);
    assert.equal(guard.check(), false);
    delay = 900;
    assert.equal(guard.check(), false, 'under the threshold');
    delay = 1200;
    assert.equal(guard.check(), true, 'tripped');
    delay = 700;
    assert.equal(guard.check(), true, 'still tripped between half and the threshold');
    delay = 400;
    assert.equal(guard.check(), false, 'released below half');
    delay = 900;
    assert.equal(guard.check(), false, 'does not re-trip under the threshold');
  });

  it('trips on an interval with no sample at all (reported as Infinity): the loop was blocked throughout', () => {
    let delay = 0;
    const guard = new LoopGuard(1000, () => delay);
    assert.equal(guard.check(), false);
    delay = Infinity;
    assert.equal(guard.check(), true);
    delay = 600;
    assert.equal(guard.check(), true, 'hysteresis: still above half the threshold');
    delay = 100;
    assert.equal(guard.check(), false);
  });

  it('is off at 0', () => {
    const guard = new LoopGuard(0, () => 1e9);
    assert.equal(guard.check(), false);
  });
});

describe('Admission', () => {
  it('raises its limit while calls wait and the workers are idle, even when no call ends', async () => {
    const { Admission } = await import('../../../src/admission/admission.js');
    const admission = new Admission({
      maxConcurrency: 64,
      minConcurrency: 2,
      initialConcurrency: 2,
      queueMax: 100,
      queueTimeoutMs: 30_000,
      adjustIntervalMs: 20,
      capacity: { takeWindow: () => ({ minWaitMs: null, meanHoldMs: null }) },
    });
    // Two calls that hold their slots (a slow remote site), then eight more that wait.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const running = Array.from({ length: 10 }, () => admission.run('t', undefined, () => held));
    assert.equal(admission.inFlight, 2);
    for (let i = 0; i < 500 && admission.queued > 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(admission.queued, 0, 'the limit grew and every waiting call started');
    assert.equal(admission.inFlight, 10);
    release();
    await Promise.all(running);
    assert.equal(admission.inFlight, 0);
  });

  it('keeps its limit while tasks stand in the worker queue, and sheds what cannot start in time', async () => {
    const { Admission } = await import('../../../src/admission/admission.js');
    const { Overloaded } = await import('../../../src/admission/overloaded.js');
    const admission = new Admission({
      maxConcurrency: 64,
      minConcurrency: 2,
      initialConcurrency: 2,
      queueMax: 100,
      queueTimeoutMs: 150,
      adjustIntervalMs: 20,
      capacity: { takeWindow: () => ({ minWaitMs: 5000, meanHoldMs: 100 }) },
    });
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const first = [admission.run('t', undefined, () => held), admission.run('t', undefined, () => held)];
    const late = admission.run('t', undefined, () => Promise.resolve('ran'));
    await assert.rejects(
      late,
      (err: unknown) => err instanceof Overloaded && err.reason === 'queue_timeout' && err.retryAfterS >= 1,
    );
    assert.equal(admission.limit, 2, 'a standing worker queue does not let the limit grow');
    assert.equal(admission.sheds.queue_timeout, 1);
    release();
    await Promise.all(first);
  });
});
