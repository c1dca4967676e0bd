// Which caller is heavy (its tasks go to the niced worker threads, thread-lanes.ts): one that took
// much more worker time lately than its part and at least a quarter of a thread's, never a caller
// alone, and not an honest caller for having several calls at once. The clock is passed in:
// nothing here depends on how long anything takes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WorkerShares } from '../../../src/workers/worker-shares.js';

/** Runs `tasks` tasks of `caller` at once from `at`, each holding a worker for `ms`. */
function run(shares: WorkerShares, caller: string, at: number, ms: number, tasks = 1): void {
  const ends = Array.from({ length: tasks }, () => shares.start(caller, at));
  for (const end of ends) end(at + ms);
}

describe('WorkerShares', () => {
  it('never makes a caller alone heavy, however much it takes', () => {
    const shares = new WorkerShares();
    for (let t = 0; t < 60_000; t += 100) run(shares, 'load-bench', t, 100, 50);
    assert.equal(shares.isHeavy('load-bench', 1, 60_000), false);
  });

  it("makes a batch of budget-long pages heavy, not an honest caller's calls sent at once or waiting", () => {
    const shares = new WorkerShares();
    // Four honest callers, 2 calls a second each; on a busy machine each call's task held a worker
    // for 80 ms, and every other second a caller had two tasks at once.
    for (let t = 0; t < 20_000; t += 500)
      for (const honest of ['h1', 'h2', 'h3', 'h4']) run(shares, honest, t, 80, t % 1000 === 0 ? 2 : 1);
    // The hostile caller's pages, one after another on the thread the reserve leaves it, 4 s each;
    // the last one still running.
    for (let t = 0; t < 16_000; t += 4_000) run(shares, 'hostile', t, 4_000);
    shares.start('hostile', 16_000);
    const now = 20_000;
    assert.equal(shares.isHeavy('hostile', 5, now), true);
    for (const honest of ['h1', 'h2', 'h3', 'h4']) assert.equal(shares.isHeavy(honest, 5, now), false, honest);
  });

  it('counts a running task as it runs: a caller is heavy from a quarter of a thread on', () => {
    const shares = new WorkerShares();
    run(shares, 'honest', 0, 10);
    shares.start('hostile', 0);
    assert.equal(shares.isHeavy('hostile', 2, 5), false);
    assert.equal(shares.isHeavy('hostile', 2, 2_000), false);
    assert.equal(shares.isHeavy('hostile', 2, 3_000), true);
  });

  it('makes neither of two callers of about the same load heavy', () => {
    const shares = new WorkerShares();
    for (let t = 0; t < 30_000; t += 100) {
      run(shares, 'a', t, 100);
      run(shares, 'b', t, t % 300 === 0 ? 150 : 80);
    }
    assert.equal(shares.isHeavy('a', 2, 30_000), false);
    assert.equal(shares.isHeavy('b', 2, 30_000), false);
  });

  it('counts active callers that used no worker time in the part', () => {
    const shares = new WorkerShares();
    run(shares, 'batch', 0, 3_000);
    // Alone it is not heavy; with a caller active that only checks statuses, it is.
    assert.equal(shares.isHeavy('batch', 1, 3_000), false);
    assert.equal(shares.isHeavy('batch', 2, 3_000), true);
  });

  it('makes no caller of a few calls a second heavy, whatever its share', () => {
    const shares = new WorkerShares();
    // Four callers, one of which had a slow call of 150 ms every second (eight times the others'
    // worker time).
    for (let t = 0; t < 20_000; t += 500)
      for (const honest of ['h1', 'h2', 'h3', 'h4'])
        run(shares, honest, t, honest === 'h1' && t % 1000 === 0 ? 150 : 10);
    assert.equal(shares.isHeavy('h1', 4, 20_000), false);
  });

  it('forgets worker time over the window: a caller heavy a minute ago is not now', () => {
    const shares = new WorkerShares();
    run(shares, 'batch', 0, 10_000);
    for (let t = 0; t < 70_000; t += 500) run(shares, 'steady', t, 100);
    assert.equal(shares.isHeavy('batch', 2, 10_000), true);
    assert.equal(shares.isHeavy('batch', 2, 70_000), false);
    assert.equal(shares.isHeavy('steady', 2, 70_000), false);
  });
});
