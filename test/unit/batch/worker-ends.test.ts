// Why worker threads end, as /metrics shows it (urlkit_worker_ends_total{reason}): real pages
// make a real pool's worker end for a task over its time budget, a task its caller left that ran
// past the grace, and a page whose tree needs more than the worker's memory cap; closing the pool
// ends the last one. With one thread, each end is one worker.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ItemFailure } from '../../../src/errors/codes.js';
import { createMetrics } from '../../../src/metrics/metrics.js';
import { WorkerCrashed } from '../../../src/workers/pool.js';
import { dense, long, page, until, threadPool } from './pool-pages.js';

describe('worker ends by reason', () => {
  const pool = threadPool(1);
  const metrics = createMetrics();
  metrics.observeCapacity({ admission: { queued: 0, inFlight: 0, limit: 1 }, workers: pool });
  let closed = false;
  after(() => (closed ? undefined : pool.close()));

  /** The counts as a scrape of /metrics reads them. */
  async function scraped(): Promise<Record<string, number>> {
    const text = await metrics.registry.metrics();
    const out: Record<string, number> = {};
    for (const m of text.matchAll(/^urlkit_worker_ends_total\{reason="(\w+)"\} (\d+)$/gm)) out[m[1]!] = Number(m[2]);
    return out;
  }

  it('counts no end while workers only run tasks', async () => {
    assert.equal((await pool.run(page)).data.title, 'Alive');
    const counts = await scraped();
    assert.equal(counts.task_budget, 0);
    assert.equal(
      Object.values(counts).reduce((a, b) => a + b, 0),
      0,
    );
  });

  it('counts a worker ended for its task budget, and one whose caller left', async () => {
    await assert.rejects(
      // Taken within half a second (it is handed to an idle worker), it runs for seconds.
      pool.run(long, { timeoutMs: 500 }),
      (err: unknown) => err instanceof ItemFailure && err.code === 'timeout',
    );
    // A task handed over while the replacement loads waits in piscina's queue, where an abort
    // ends no worker: first a task that needs the replacement up.
    assert.equal((await pool.run(page)).data.title, 'Alive');
    const ac = new AbortController();
    const left = pool.run(long, { signal: ac.signal });
    ac.abort(new Error('client went away'));
    await assert.rejects(left, /client went away/);
    // The next task runs only once the abandoned task's worker was terminated and replaced.
    assert.equal((await pool.run(page)).data.title, 'Alive');
    await until('both ends counted', () => pool.workersEnded === 2);
    const counts = await scraped();
    assert.equal(counts.task_budget, 1);
    assert.equal(counts.abandoned, 1);
    assert.equal(counts.crashed, 0);
  });

  it('counts a worker killed by its memory cap as crashed', async () => {
    await assert.rejects(pool.run(dense), WorkerCrashed);
    assert.equal((await pool.run(page)).data.title, 'Alive');
    await until('the crash counted', () => pool.workersEnded === 3);
    const counts = await scraped();
    assert.deepEqual(
      { task_budget: counts.task_budget, abandoned: counts.abandoned, crashed: counts.crashed },
      { task_budget: 1, abandoned: 1, crashed: 1 },
    );
    assert.equal(counts.recycled, 0);
    assert.equal(counts.idle, 0);
  });

  it("answers timeout, and keeps the worker, when a task's deadline passes as a worker takes it", async () => {
    assert.equal((await pool.run(page)).data.title, 'Alive');
    const ended = pool.workersEnded;
    // The slot is free, so the task is handed to the worker at once; its deadline has passed
    // before the worker can tell the pool it took the page.
    await assert.rejects(
      pool.run(long, { startBy: Date.now() }),
      (err: unknown) => err instanceof ItemFailure && err.code === 'timeout',
    );
    assert.equal((await pool.run(page)).data.title, 'Alive');
    assert.equal(pool.workersEnded, ended, 'no worker ended');
    assert.equal((await scraped()).start_wait, 0);
  });

  it('counts the workers a closing pool ends as shutdown', async () => {
    closed = true;
    await pool.close();
    const counts = await scraped();
    assert.equal(counts.shutdown, 1);
    assert.equal(counts.crashed, 1);
  });
});
