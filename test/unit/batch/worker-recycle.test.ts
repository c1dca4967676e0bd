// A worker that grew its heap on a large page is replaced once the pool has been idle for a
// while, so the memory goes back after a burst; tasks keep working across the replacement, and
// one that arrives during it waits instead of failing. A worker is not replaced while tasks keep
// coming, however short each is: the call after it would wait for the fresh worker to load.
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
    for (let i = 0; i < 200 && pool.recycled === 0; i++) await sleep(50);
    assert.equal(pool.recycled, 1, 'the grown worker was replaced after the pool went idle');
    assert.equal((await pool.run(small)).data.title, 'Small');
    await sleep(2500);
    assert.equal(pool.recycled, 1, 'a fresh worker is not replaced again');
  });

  it('keeps a grown worker while calls keep coming, idle between them, then replaces it', async () => {
    const before = pool.recycled;
    assert.equal((await pool.run(bigTask)).data.title, 'Large');
    // Small calls a tenth of the idle mark apart, for three times the mark: the pool is idle
    // most of that time, never for the whole mark.
    for (let i = 0; i < 30; i++) {
      assert.equal((await pool.run(small)).data.title, 'Small');
      await sleep(RECYCLE_IDLE_MS / 10);
    }
    assert.equal(pool.recycled, before, 'replaced between calls');
    for (let i = 0; i < 200 && pool.recycled === before; i++) await sleep(50);
    assert.equal(pool.recycled, before + 1, 'the grown worker was replaced once the calls stopped');
  });
});
