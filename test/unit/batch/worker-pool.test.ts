// The shared worker pool, with real pages as the faults: a page over its time budget is stopped
// and its worker replaced; a page whose tree needs more than the worker's memory cap kills the
// worker, which is replaced; waiting for a worker is not charged to a task's budget; a caller
// that leaves gets its answer at once while the task keeps its worker for a short grace. With
// one thread, the next task can only run if a bad worker was really replaced.
import { after, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { ItemFailure } from '../../../src/errors/codes.js';
import { WorkerCrashed } from '../../../src/workers/pool.js';
import { dense, long, metadataOf, page, para, until, threadPool } from './pool-pages.js';

/** A few hundred milliseconds at most: about 40 KB of paragraphs. */
const medium = metadataOf(`<title>Medium</title>${para.repeat(100)}`);

describe('WorkerPool', () => {
  const pool = threadPool(1);
  after(() => pool.close());

  it('runs a metadata task in a worker', async () => {
    const result = await pool.run(page);
    assert.equal(result.data.title, 'Alive');
  });

  it('terminates a page over its time budget and replaces the worker', async () => {
    await assert.rejects(
      pool.run(long, { timeoutMs: 100 }),
      (err: unknown) => err instanceof ItemFailure && err.code === 'timeout',
    );
    assert.equal((await pool.run(page)).data.title, 'Alive');
  });

  it('reports a worker killed by its memory cap as WorkerCrashed and replaces it', async () => {
    await assert.rejects(pool.run(dense), WorkerCrashed);
    assert.equal((await pool.run(page)).data.title, 'Alive');
  });

  it('does not charge time spent waiting for a free worker to the task budget', async () => {
    // The pool's timers run on a clock the test moves: five budgets pass while the page waits
    // for the only worker, and none while it runs, so the page's own run (seconds when the
    // machine is busy) never meets its budget, whatever the load.
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const blocker = pool.run(long);
      // Queued behind the only worker, it waits for the long page.
      const queued = pool.run(page, { timeoutMs: 1000 });
      assert.equal(pool.queued, 1);
      mock.timers.tick(5000);
      assert.equal((await blocker).data.title, 'Long');
      assert.equal((await queued).data.title, 'Alive');
    } finally {
      mock.timers.reset();
    }
  });

  it('gives up the wait for a worker at the task start deadline, as a timeout', async () => {
    const blocker = pool.run(long);
    await assert.rejects(
      pool.run(page, { startBy: Date.now() + 200 }),
      (err: unknown) =>
        err instanceof ItemFailure && err.code === 'timeout' && /waited for a free worker/.test(err.message),
    );
    assert.equal((await blocker).data.title, 'Long');
  });

  it('gives the caller abort reason, not a timeout, when the caller aborts', async () => {
    const ac = new AbortController();
    const running = pool.run(long, { signal: ac.signal });
    ac.abort(new Error('caller gave up'));
    await assert.rejects(running, /caller gave up/);
    assert.equal((await pool.run(page)).data.title, 'Alive');
  });

  it('answers a caller that leaves at once, and keeps the worker when the task ends within the grace', async () => {
    await until('the pool is idle', () => pool.busy === 0);
    // Idle recycling of a worker grown by the earlier long pages may end one meanwhile: not a termination.
    const terminated = () => pool.workersEnded - pool.recycled;
    const ended = terminated();
    const ac = new AbortController();
    const running = pool.run(medium, { signal: ac.signal });
    ac.abort(new Error('client went away'));
    await assert.rejects(running, /client went away/);
    assert.equal(pool.busy, 1, 'answered while the task still holds its worker');
    await until('the task ends', () => pool.busy === 0);
    assert.equal((await pool.run(page)).data.title, 'Alive');
    assert.equal(terminated(), ended, 'no worker was terminated');
  });

  it('terminates a task its caller left once it runs past the grace', async () => {
    const ended = pool.workersEnded;
    const ac = new AbortController();
    const running = pool.run(long, { signal: ac.signal });
    ac.abort(new Error('client went away'));
    await assert.rejects(running, /client went away/);
    // One thread: the next task can only run once the long task's worker was terminated and replaced.
    assert.equal((await pool.run(page, { timeoutMs: 10_000 })).data.title, 'Alive');
    // piscina reports the ended worker on its exit, which can come after the replacement answered.
    await until('the terminated worker counted as ended', () => pool.workersEnded === ended + 1);
  });
});
