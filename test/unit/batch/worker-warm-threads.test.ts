// Worker threads above URLKIT_WORKER_WARM_THREADS stop after an idle spell and the next call that
// needs one waits for a thread to start and load its modules; the warm ones stay. By default one
// thread and the workers' reserve for other callers (2 of 2) are warm, so two callers arriving
// after a pause both find a thread ready. A pool with one warm thread, idle for less time than
// the default pool, shows when the idle spell has passed (one of its threads stops).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { WorkerPool } from '../../../src/workers/pool.js';
import { warmThreads } from '../../../src/workers/warm-threads.js';
import { testConfig } from '../../support/loopback-server.js';
import { until } from '../../support/until.js';

/** How long the pool may take to get there: the idle spell is 10 s, and a busy machine runs timers late. */
const WAIT_MS = 60_000;

function page(n: number) {
  return {
    kind: 'metadata' as const,
    input: {
      body: `<title>Page ${n}</title><p>Words.</p>`,
      bodyKind: 'html' as const,
      finalUrl: 'https://w.example/',
      headers: {},
      includeContent: false,
    },
  };
}

/** Two tasks at once: both threads of a two-thread pool are started for them. */
async function pair(pool: WorkerPool, from: number): Promise<void> {
  const titles = await Promise.all([pool.run(page(from)), pool.run(page(from + 1))]);
  assert.deepEqual(
    titles.map((r) => r.data.title),
    [`Page ${from}`, `Page ${from + 1}`],
  );
}

/** The threads that have reported a task, once `tasks` tasks have been reported. */
async function reporting(pool: WorkerPool, tasks: number): Promise<string[]> {
  const reported = () => pool.workerHeaps().reduce((n, h) => n + h.tasks, 0);
  await until('each task reported its thread', () => reported() >= tasks, WAIT_MS);
  return pool
    .workerHeaps()
    .map((h) => String(h.threadId))
    .sort();
}

describe('warm worker threads', () => {
  it('keeps one thread and the reserve by default, at most the pool', () => {
    assert.equal(warmThreads(testConfig({ workerThreads: 1 })), 1);
    assert.equal(warmThreads(testConfig({ workerThreads: 2 })), 2);
    assert.equal(warmThreads(testConfig({ workerThreads: 4 })), 2);
    assert.equal(warmThreads(testConfig({ workerThreads: 8 })), 3);
    assert.equal(warmThreads(testConfig({ workerThreads: 2, workerWarmThreads: 1 })), 1);
    assert.equal(warmThreads(testConfig({ workerThreads: 2, workerWarmThreads: 6 })), 2);
  });

  it('a call after an idle spell is served by a thread that was already started', async () => {
    // A task's wait for a starting thread is bounded by its time budget (10 s by default), which a
    // thread's start passed with 10 times more runnable processes than CPUs: this test is about
    // which thread answers, so the budget is raised.
    const budget = { largePageProcesses: 0, workerThreads: 2, workerTaskTimeoutMs: 60_000 };
    const warm = new WorkerPool(testConfig(budget));
    const oneWarm = new WorkerPool(testConfig({ ...budget, workerWarmThreads: 1 }));
    after(() => Promise.all([warm.close(), oneWarm.close()]));

    await until('the warm threads start with the pool', () => warm.threads === 2, WAIT_MS);
    // Pairs until each thread has taken a task (a thread still loading takes none).
    let sent = 0;
    for (let i = 0; i < 100 && warm.workerHeaps().length < 2; i++) {
      await pair(warm, sent + 1);
      sent += 2;
      await reporting(warm, sent);
    }
    const before = await reporting(warm, sent);
    assert.equal(before.length, 2);
    // The other pool goes idle after this one: when its extra thread has stopped, this one's idle
    // spell has passed too.
    await pair(oneWarm, 1);
    await until('the pool with one warm thread lets the other go', () => oneWarm.workersEnded === 1, WAIT_MS);
    assert.equal(oneWarm.threads, 1);

    assert.equal(warm.workersEnded, 0, 'no warm thread stopped');
    assert.equal(warm.threads, 2);
    await pair(warm, sent + 1);
    assert.deepEqual(await reporting(warm, sent + 2), before, 'the same threads answer after the pause');
    assert.equal(warm.workersEnded, 0);
  });
});
