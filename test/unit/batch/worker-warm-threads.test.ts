// Worker threads above URLKIT_WORKER_WARM_THREADS stop after an idle spell and the next call that
// needs one waits for a thread to start and load its modules; the warm ones stay. By default one
// thread and the workers' reserve for other callers (2 of 2) are warm, so two callers arriving
// after a pause both find a thread ready. A pool with one warm thread, idle for less time than
// the default pool, shows when the idle spell has passed (one of its threads stops).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { WorkerPool, warmThreads } from '../../../src/workers/pool.js';
import { testConfig } from '../../support/loopback-server.js';

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

async function until(what: string, ok: () => boolean): Promise<void> {
  // The idle spell is 10 s; a busy machine may take longer to run the timers.
  for (let i = 0; i < 1200 && !ok(); i++) await sleep(50);
  assert.ok(ok(), what);
}

/** Two tasks at once (both threads of a two-thread pool are started), and the threads that ran them. */
async function pair(pool: WorkerPool, from: number): Promise<Set<number>> {
  const titles = await Promise.all([pool.run(page(from)), pool.run(page(from + 1))]);
  assert.deepEqual(
    titles.map((r) => r.data.title),
    [`Page ${from}`, `Page ${from + 1}`],
  );
  await until('each task reported its thread', () => pool.workerHeaps().reduce((n, h) => n + h.tasks, 0) >= from + 1);
  return new Set(pool.workerHeaps().map((h) => h.threadId));
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
    const warm = new WorkerPool(testConfig({ largePageProcesses: 0, workerThreads: 2 }));
    const oneWarm = new WorkerPool(testConfig({ largePageProcesses: 0, workerThreads: 2, workerWarmThreads: 1 }));
    after(() => Promise.all([warm.close(), oneWarm.close()]));

    await until('the warm threads start with the pool', () => warm.threads === 2);
    const before = await pair(warm, 1);
    // The other pool goes idle after this one: when its extra thread has stopped, this one's idle
    // spell has passed too.
    await pair(oneWarm, 1);
    await until('the pool with one warm thread lets the other go', () => oneWarm.workersEnded === 1);
    assert.equal(oneWarm.threads, 1);

    assert.equal(warm.workersEnded, 0, 'no warm thread stopped');
    assert.equal(warm.threads, 2);
    const afterIdle = await pair(warm, 3);
    assert.deepEqual([...afterIdle].sort(), [...before].sort(), 'the same threads answer after the pause');
    assert.equal(warm.workersEnded, 0);
  });
});
