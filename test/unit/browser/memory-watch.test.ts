// The watch on a rendering browser's own memory ends the browser on the first look past its
// bound, also while a read of its mappings is stalled (a process that keeps mapping holds that
// read back for up to a second on a busy machine), and never looks again once stopped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryWatch } from '../../../src/browser/memory-watch.js';

const MIB = 1024 * 1024;
const BASELINE = 200 * MIB;
const GROWTH = 256 * MIB;

/** Memory whose reads never end, and whose estimate is what the test sets. */
function stalledOwn() {
  const state = { estimate: BASELINE as number | null, reads: 0, looks: 0 };
  const own = {
    read: () => {
      state.reads++;
      return new Promise<number>(() => {});
    },
    estimate: () => {
      state.looks++;
      return state.estimate;
    },
  };
  return { state, own };
}

/** Resolves once `done()` holds, checked every 5 ms; rejects after `ms`. */
function until(done: () => boolean, ms = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (!done() && Date.now() - started < ms) return;
      clearInterval(timer);
      if (done()) resolve();
      else reject(new Error(`not within ${ms} ms`));
    }, 5);
  });
}

test('a look past the bound ends the browser while a read is stalled, once', { timeout: 10_000 }, async (t) => {
  const { state, own } = stalledOwn();
  let overs = 0;
  const watch = new MemoryWatch({ own, baseline: BASELINE, growth: GROWTH, over: () => overs++ });
  t.after(() => watch.stop());
  await until(() => state.looks >= 2);
  assert.equal(overs, 0);
  // One read at a time: the stalled one is not stacked on.
  assert.equal(state.reads, 1);
  state.estimate = BASELINE + GROWTH + MIB;
  await until(() => overs > 0);
  const looks = state.looks;
  await new Promise((r) => setTimeout(r, 250));
  assert.equal(overs, 1);
  assert.equal(state.looks, looks, 'no look after the bound was passed');
  assert.equal(state.reads, 1);
});

test('a read past the bound ends the browser too', { timeout: 10_000 }, async (t) => {
  let overs = 0;
  const own = { read: () => Promise.resolve(BASELINE + GROWTH + MIB), estimate: () => null };
  const watch = new MemoryWatch({ own, baseline: BASELINE, growth: GROWTH, over: () => overs++ });
  t.after(() => watch.stop());
  await until(() => overs > 0);
  assert.equal(overs, 1);
});

test('a stopped watch looks no more and ignores the read it was waiting for', { timeout: 10_000 }, async () => {
  let finish: (held: number) => void = () => {};
  let overs = 0;
  let looks = 0;
  const own = {
    read: () => new Promise<number>((resolve) => (finish = resolve)),
    estimate: () => {
      looks++;
      return BASELINE;
    },
  };
  const watch = new MemoryWatch({ own, baseline: BASELINE, growth: GROWTH, over: () => overs++ });
  await until(() => looks >= 1);
  watch.stop();
  finish(BASELINE + GROWTH + MIB);
  await new Promise((r) => setTimeout(r, 250));
  assert.equal(overs, 0);
  assert.equal(looks, 1);
});
