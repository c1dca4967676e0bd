// Fairness of the main thread's time: a caller whose calls keep the main thread busy is held to
// fewer calls at once while others are active, and let go again once the thread is no longer
// busy; a light caller's calls start at once throughout, and a caller alone is never held back.
// The main thread's CPU clock is injected (a clock that reads a chosen share of wall time), so
// what is tested is the policy, whatever the machine's load.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Admission } from '../../../src/admission/admission.js';
import { Callers } from '../../../src/admission/callers.js';
import { MainThreadShare } from '../../../src/admission/main-thread-share.js';

/** A main-thread CPU clock that reads `busy()` of the wall time that passes. */
function busyClock(busy: () => number) {
  let cpu = 0;
  let last = performance.now();
  return () => {
    const now = performance.now();
    cpu += (now - last) * busy();
    last = now;
    return cpu;
  };
}

function admissionWith(clock: () => number) {
  return new Admission({
    maxConcurrency: 32,
    minConcurrency: 32,
    initialConcurrency: 32,
    queueMax: 100,
    queueTimeoutMs: 60_000,
    callers: new Callers(),
    mainThreadCpu: clock,
  });
}

/** Starts a call of `caller` that runs until `end` resolves; `started` tells when it got its slot. */
function hold(admission: Admission, caller: string, end: Promise<void>) {
  let started = false;
  const done = admission.run('t', undefined, () => ((started = true), end), caller);
  return { done, started: () => started };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (condition()) return;
    await sleep(25);
  }
  assert.fail(`timed out waiting until ${what}`);
}

describe('main-thread share', () => {
  it('holds back the caller that keeps the main thread busy, not the light caller', async () => {
    let busy = 0.9;
    const admission = admissionWith(busyClock(() => busy));
    let endAll!: () => void;
    const end = new Promise<void>((r) => (endAll = r));
    const heavy = Array.from({ length: 12 }, () => hold(admission, 'heavy', end));
    const light = hold(admission, 'light', end);
    await sleep(10);
    assert.ok(heavy.every((c) => c.started()) && light.started(), 'both callers start within the limit');
    await until(() => admission.mainThreadCaps.has('heavy'), 'the heavy caller is capped');
    assert.equal(admission.mainThreadCaps.has('light'), false);
    assert.ok(admission.mainThreadCaps.get('heavy')! < 12);

    const heavyMore = hold(admission, 'heavy', end);
    const lightMore = hold(admission, 'light', end);
    await sleep(10);
    assert.equal(heavyMore.started(), false, "the heavy caller's new call waits");
    assert.equal(lightMore.started(), true, "the light caller's new call starts at once");

    busy = 0;
    await until(() => heavyMore.started(), "the heavy caller's call starts once the thread is no longer busy");
    endAll();
    await Promise.all([...heavy, light, heavyMore, lightMore].map((c) => c.done));
  });

  it('never holds back a caller alone', async () => {
    const admission = admissionWith(busyClock(() => 1));
    let endAll!: () => void;
    const end = new Promise<void>((r) => (endAll = r));
    const calls = Array.from({ length: 8 }, () => hold(admission, 'alone', end));
    await sleep(600);
    const more = hold(admission, 'alone', end);
    await sleep(10);
    assert.equal(more.started(), true);
    assert.equal(admission.mainThreadCaps.size, 0);
    endAll();
    await Promise.all([...calls, more].map((c) => c.done));
  });

  it('charges the CPU to callers by the calls they hold, and caps only above the target', () => {
    let now = 0;
    let cpu = 0;
    const held = new Map([
      ['a', 3],
      ['b', 1],
    ]);
    let eased = 0;
    const share = new MainThreadShare({
      cpu: () => cpu,
      holders: () => held,
      activeCallers: () => 2,
      onEased: () => eased++,
      now: () => now,
    });
    share.wake();
    share.stop(); // ticks are driven by hand here
    // 40% busy: under the 50% target, no cap whatever the split.
    for (let i = 0; i < 10; i++) {
      now += 25;
      cpu += 10;
      share.tick();
    }
    assert.equal(share.capped().size, 0);
    // 80% busy, a charged 3/4 of it: capped at half what it holds; b (1/4) is not.
    for (let i = 0; i < 10; i++) {
      now += 25;
      cpu += 20;
      share.tick();
    }
    assert.equal(share.capOf('a'), 1);
    assert.equal(share.capOf('b'), Infinity);
    // The thread quiet again: the cap grows, and goes once a runs fewer than half of it.
    held.set('a', 1);
    for (let i = 0; i < 10; i++) {
      now += 25;
      share.tick();
    }
    assert.equal(share.capOf('a'), 2);
    assert.equal(eased, 1);
    held.delete('a');
    for (let i = 0; i < 10; i++) {
      now += 25;
      share.tick();
    }
    assert.equal(share.capOf('a'), Infinity);
  });
});
