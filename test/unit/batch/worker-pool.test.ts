// The shared worker pool: a task over its time budget or its memory cap, or a worker that
// exits, is terminated and replaced. With one thread, the next task can only run if the
// bad worker was really replaced.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ItemFailure } from '../../../src/errors/codes.js';
import { WorkerCrashed, WorkerPool } from '../../../src/workers/pool.js';
import { testConfig } from '../../support/loopback-server.js';

const page = {
  kind: 'metadata' as const,
  input: {
    body: '<title>Alive</title>',
    bodyKind: 'html' as const,
    finalUrl: 'https://w.example/',
    headers: {},
    includeContent: false,
  },
};

describe('WorkerPool', () => {
  const pool = new WorkerPool(testConfig({ workerThreads: 1, workerTaskTimeoutMs: 5000, workerMaxMemoryMb: 48 }));
  after(() => pool.close());

  it('runs a metadata task in a worker', async () => {
    const result = await pool.run(page);
    assert.equal(result.data.title, 'Alive');
  });

  it('terminates a task over its time budget and replaces the worker', async () => {
    await assert.rejects(
      pool.run({ kind: 'crash', mode: 'hang' }, { timeoutMs: 300 }),
      (err: unknown) => err instanceof ItemFailure && err.code === 'timeout',
    );
    assert.equal((await pool.run(page)).data.title, 'Alive');
  });

  it('kills a worker over its memory cap and replaces it', async () => {
    await assert.rejects(pool.run({ kind: 'crash', mode: 'exhaust-memory' }, { timeoutMs: 30_000 }), WorkerCrashed);
    assert.equal((await pool.run(page)).data.title, 'Alive');
  });

  it('reports a worker that exits as WorkerCrashed and replaces it', async () => {
    await assert.rejects(pool.run({ kind: 'crash', mode: 'exit' }), WorkerCrashed);
    assert.equal((await pool.run(page)).data.title, 'Alive');
  });

  it('does not charge time spent waiting for a free worker to the task budget', async () => {
    const ac = new AbortController();
    const blocker = pool.run({ kind: 'crash', mode: 'hang' }, { signal: ac.signal, timeoutMs: 30_000 });
    blocker.catch(() => {});
    // Queued behind the only worker, it waits longer than its own budget (which must still
    // leave room for a replacement worker to start once the blocker is terminated).
    const queued = pool.run(page, { timeoutMs: 1500 });
    assert.equal(pool.queued, 1);
    await new Promise((r) => setTimeout(r, 1800));
    ac.abort(new Error('unblock'));
    assert.equal((await queued).data.title, 'Alive');
  });

  it('gives the caller abort reason, not a timeout, when the caller aborts', async () => {
    const ac = new AbortController();
    const running = pool.run({ kind: 'crash', mode: 'hang' }, { signal: ac.signal, timeoutMs: 30_000 });
    ac.abort(new Error('caller gave up'));
    await assert.rejects(running, /caller gave up/);
    assert.equal((await pool.run(page)).data.title, 'Alive');
  });

  it('keeps the worker when a caller leaves a task that then finishes within the grace', async () => {
    const ended = pool.workersEnded;
    const ac = new AbortController();
    const started = Date.now();
    const running = pool.run({ kind: 'crash', mode: 'slow', ms: 300 }, { signal: ac.signal });
    setTimeout(() => ac.abort(new Error('client went away')), 50);
    await assert.rejects(running, /client went away/);
    assert.ok(Date.now() - started < 250, 'the caller is answered at once, not when the task ends');
    assert.equal((await pool.run(page)).data.title, 'Alive');
    assert.equal(pool.workersEnded, ended, 'no worker was terminated');
  });

  it('terminates a task its caller left once it runs past the grace', async () => {
    const ended = pool.workersEnded;
    const ac = new AbortController();
    const running = pool.run({ kind: 'crash', mode: 'hang' }, { signal: ac.signal, timeoutMs: 60_000 });
    ac.abort(new Error('client went away'));
    await assert.rejects(running, /client went away/);
    // One thread: the next task can only run once the hung worker was terminated and replaced.
    assert.equal((await pool.run(page, { timeoutMs: 10_000 })).data.title, 'Alive');
    assert.equal(pool.workersEnded, ended + 1);
  });
});
