// A worker that grew its heap on a large page is replaced once the pool has been idle for a
// while, so the memory goes back after a burst; tasks keep working across the replacement, and
// one that arrives during it waits instead of failing. A worker is not replaced while tasks keep
// coming, however short each is and with pauses of seconds between them (a caller's batches,
// calls held by a host's connection slots): the call after it would wait for the fresh worker to
// load, and the next large page grows it again.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { RECYCLE_IDLE_MS, WorkerPool } from '../../../src/workers/pool.js';
import { testConfig } from '../../support/loopback-server.js';

const big =
  `<html><head><title>Large</title></head><body>` +
  `${'<div class="row"><p>Some words <a href="/x">a link</a> and more words.</p></div>'.repeat(80_000)}</body>` +
  `</html>`;
const small = {
  kind: 'metadata' as const,
  input: {
    body: '<title>Small</title>',
    bodyKind: 'html' as const,
    finalUrl: 'https://r.example/',
    headers: {},
    includeContent: false,
  },
};

/** A pause between calls of one stream: longer than a caller's batches leave, shorter than the mark. */
const PAUSE_MS = 3000;

/** Waits for the pool to have replaced `n` workers, up to three times the idle mark. */
async function recycledReaches(pool: WorkerPool, n: number): Promise<void> {
  for (let i = 0; i < (3 * RECYCLE_IDLE_MS) / 50 && pool.recycled < n; i++) await sleep(50);
}

const bigTask = {
  kind: 'metadata' as const,
  input: { body: big, bodyKind: 'html' as const, finalUrl: 'https://r.example/', headers: {}, includeContent: true },
};

describe('worker recycling', () => {
  // Large pages in the worker threads too (no page processes: page-processes.test.ts covers those).
  const pool = new WorkerPool(testConfig({ largePageProcesses: 0, workerThreads: 1, workerTaskTimeoutMs: 60_000 }));
  after(() => pool.close());

  it('replaces a grown idle worker and keeps serving', async () => {
    const r = await pool.run(bigTask);
    assert.equal(r.data.title, 'Large');
    await recycledReaches(pool, 1);
    assert.equal(pool.recycled, 1, 'the grown worker was replaced after the pool went idle');
    assert.equal((await pool.run(small)).data.title, 'Small');
    await sleep(RECYCLE_IDLE_MS + 500);
    assert.equal(pool.recycled, 1, 'a fresh worker is not replaced again');
  });

  it('keeps a grown worker while calls keep coming seconds apart, then replaces it', async () => {
    const before = pool.recycled;
    assert.equal((await pool.run(bigTask)).data.title, 'Large');
    // Small calls PAUSE_MS apart, for longer than the mark: the pool is idle most of that time,
    // for seconds at a time, never for the whole mark.
    for (let i = 0; i * PAUSE_MS < 1.5 * RECYCLE_IDLE_MS; i++) {
      assert.equal((await pool.run(small)).data.title, 'Small');
      await sleep(PAUSE_MS);
    }
    assert.equal(pool.recycled, before, 'replaced between calls');
    await recycledReaches(pool, before + 1);
    assert.equal(pool.recycled, before + 1, 'the grown worker was replaced once the calls stopped');
  });
});
