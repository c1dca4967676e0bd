// A worker loads the default token encoding (about a second of CPU and 15 MiB of heap) when it
// starts, before it takes a task, so that no task's time budget pays for it; and a fresh worker
// holding it is not taken for a grown one and replaced (reloading it) each time the pool idles.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { RECYCLE_HEAP_BYTES, RECYCLE_IDLE_MS, WorkerPool } from '../../../src/workers/pool.js';
import { testConfig } from '../../support/loopback-server.js';

const MiB = 1024 * 1024;

/** A task that counts no tokens: metadata without the page's content. */
const titleOnly = {
  kind: 'metadata' as const,
  input: {
    body: '<title>Fresh</title><p>Words.</p>',
    bodyKind: 'html' as const,
    finalUrl: 'https://w.example/',
    headers: {},
    includeContent: false,
  },
};

describe('worker warm-up', () => {
  // Large pages in the worker threads too (no page processes: page-processes.test.ts covers those).
  const pool = new WorkerPool(testConfig({ largePageProcesses: 0, workerThreads: 1, workerTaskTimeoutMs: 60_000 }));
  after(() => pool.close());

  it('holds the encoding after a first task that counted nothing, and is not recycled for it', async () => {
    assert.equal((await pool.run(titleOnly)).data.title, 'Fresh');
    for (let i = 0; i < 100 && pool.workerHeaps().length === 0; i++) await sleep(20);
    const [heap] = pool.workerHeaps();
    // Without the encoding a fresh worker holds about 14 MiB after such a task; with it, 25 or more.
    assert.ok(heap && heap.usedBytes > 20 * MiB, `heap in use ${((heap?.usedBytes ?? 0) / MiB).toFixed(1)} MiB`);
    assert.ok(heap.usedBytes < RECYCLE_HEAP_BYTES);
    await sleep(RECYCLE_IDLE_MS + 1000);
    assert.equal(pool.recycled, 0, 'a fresh worker with the encoding is not replaced when the pool idles');
    assert.equal(pool.workersEnded, 0);
  });
});
