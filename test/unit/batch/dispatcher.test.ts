// The in-process chunk dispatcher and runBatch: order, bounded concurrency, and a chunk
// failing as a unit (throw, deadline, dead worker, abort) without touching other chunks.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createInProcessDispatcher } from '../../../src/batch/in-process-dispatcher.js';
import { ChunkFailed } from '../../../src/batch/chunk-failed.js';
import { runBatch } from '../../../src/batch/run-batch.js';
import { mapWithConcurrency, splitIntoChunks } from '../../../src/batch/chunking.js';
import type { ChunkJob } from '../../../src/batch/types.js';
import { WorkerPool } from '../../../src/workers/pool.js';
import { testConfig } from '../../support/loopback-server.js';

const job = (handler: string, items: number[], index = 0, deadline = Date.now() + 10_000): ChunkJob<number, null> => ({
  handler,
  index,
  items,
  options: null,
  deadline,
});
const never = new AbortController().signal;

describe('chunking helpers', () => {
  it('splits into fixed-size chunks, the last one shorter', () => {
    assert.deepEqual(splitIntoChunks([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
    assert.deepEqual(splitIntoChunks([], 3), []);
    assert.throws(() => splitIntoChunks([1], 0), RangeError);
  });
  it('keeps order and never exceeds the concurrency limit', async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await mapWithConcurrency([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setImmediate(r));
      for (let i = 0; i < n; i++) await Promise.resolve();
      inFlight--;
      return n * 10;
    });
    assert.deepEqual(out, [50, 10, 40, 20, 30, 0, 60]);
    assert.equal(peak, 3);
  });
});

/** A page whose tree needs far more heap than a worker capped at 48 MiB has: parsing it kills the worker. */
// On a busy machine the worker can take many seconds to reach its limit: the chunks that parse
// it, and the worker's task budget, get a deadline far past that, so the chunk fails for the
// worker's death, not for a deadline.
const PARSE_DEADLINE_MS = 120_000;
const workerKiller = {
  kind: 'metadata' as const,
  input: {
    body: '<i>a</i>'.repeat(500_000),
    bodyKind: 'html' as const,
    finalUrl: 'https://d.example/',
    headers: {},
    includeContent: false,
  },
};

describe('in-process dispatcher', () => {
  // Large pages in the worker threads too (no page processes: page-processes.test.ts covers those).
  const pool = new WorkerPool(
    testConfig({
      largePageProcesses: 0,
      workerThreads: 1,
      workerMaxMemoryMb: 64,
      workerTaskTimeoutMs: PARSE_DEADLINE_MS,
    }),
  );
  const dispatcher = createInProcessDispatcher();
  after(async () => {
    await dispatcher.close();
    await pool.close();
  });
  dispatcher.register<number, null, number>('double', (j) => Promise.resolve(j.items.map((n) => n * 2)));
  dispatcher.register<number, null, number>('throws', () => Promise.reject(new TypeError('bug in handler')));
  dispatcher.register<number, null, number>('short', (j) => Promise.resolve(j.items.slice(1)));
  // Parses a page that kills its worker when an item is negative.
  dispatcher.register<number, null, number>('parse', async (j, signal) => {
    for (const n of j.items) if (n < 0) await pool.run(workerKiller, { signal });
    return j.items.map((n) => n * 2);
  });
  // Ignores its signal on purpose: the deadline must still end the chunk.
  dispatcher.register<number, null, number>('stuck', () => new Promise(() => {}));
  // Answers its even items at once and reports them; the odd ones never finish.
  dispatcher.register<number, null, number>(
    'half',
    (j, _signal, report) =>
      new Promise(() => {
        j.items.forEach((n, i) => {
          if (n % 2 === 0) report?.(i, n * 2);
        });
      }),
  );

  it('runs the registered handler and returns its results', async () => {
    assert.deepEqual(await dispatcher.runChunk(job('double', [1, 2, 3]), never), [2, 4, 6]);
  });
  it('refuses a second handler with the same name', () => {
    assert.throws(() => dispatcher.register('double', () => Promise.resolve([])), /already registered/);
  });
  it('fails the chunk for an unknown handler, a throwing handler or a wrong result count', async () => {
    await assert.rejects(
      dispatcher.runChunk(job('missing', [1]), never),
      (e: unknown) => e instanceof ChunkFailed && e.reason === 'no_handler',
    );
    await assert.rejects(
      dispatcher.runChunk(job('throws', [1]), never),
      (e: unknown) => e instanceof ChunkFailed && e.reason === 'handler_threw',
    );
    await assert.rejects(
      dispatcher.runChunk(job('short', [1, 2]), never),
      (e: unknown) => e instanceof ChunkFailed && e.reason === 'bad_result',
    );
  });
  it('fails a chunk that passes its deadline even if the handler never returns', async () => {
    await assert.rejects(
      dispatcher.runChunk(job('stuck', [1], 3, Date.now() + 50), never),
      (e: unknown) => e instanceof ChunkFailed && e.reason === 'deadline' && e.chunkIndex === 3,
    );
  });
  it('fails a chunk when the request is aborted', async () => {
    const ac = new AbortController();
    const running = dispatcher.runChunk(job('stuck', [1]), ac.signal);
    ac.abort();
    await assert.rejects(running, (e: unknown) => e instanceof ChunkFailed && e.reason === 'aborted');
  });
  it('fails a chunk whose worker dies on a page as worker_died', async () => {
    await assert.rejects(
      dispatcher.runChunk(job('parse', [1, -1], 7, Date.now() + PARSE_DEADLINE_MS), never),
      (e: unknown) => e instanceof ChunkFailed && e.reason === 'worker_died',
    );
    // The next chunk gets a fresh worker.
    assert.deepEqual(await dispatcher.runChunk(job('parse', [1, 2], 6, Date.now() + PARSE_DEADLINE_MS), never), [2, 4]);
  });

  it('runBatch keeps the items a failed chunk had reported, past its deadline or aborted', async () => {
    const failed = (n: number, f: ChunkFailed) => `failed ${n} (${f.reason})`;
    const byDeadline = await runBatch<number, null, number | string>(dispatcher, {
      handler: 'half',
      items: [0, 1, 2, 3, 4],
      options: null,
      chunkSize: 3,
      concurrency: 2,
      chunkTimeoutMs: 50,
      signal: never,
      onChunkFailed: failed,
    });
    assert.deepEqual(byDeadline, [0, 'failed 1 (deadline)', 4, 'failed 3 (deadline)', 8]);
    const ac = new AbortController();
    const aborted = runBatch<number, null, number | string>(dispatcher, {
      handler: 'half',
      items: [2, 3],
      options: null,
      chunkSize: 10,
      concurrency: 1,
      chunkTimeoutMs: 10_000,
      signal: ac.signal,
      onChunkFailed: failed,
    });
    ac.abort(new Error('stop'));
    assert.deepEqual(await aborted, [4, 'failed 3 (aborted)']);
  });

  it('runBatch hands over every item once as it is known: reported, returned or failed', async () => {
    const seen: Array<[number, number | string]> = [];
    const results = await runBatch<number, null, number | string>(dispatcher, {
      handler: 'half',
      items: [0, 1, 2, 3, 4],
      options: null,
      chunkSize: 3,
      concurrency: 2,
      chunkTimeoutMs: 50,
      signal: never,
      onChunkFailed: (n, f) => `failed ${n} (${f.reason})`,
      onResult: (index, result) => seen.push([index, result]),
    });
    // The reported (even) items come before their chunk fails; each index exactly once.
    assert.deepEqual(
      [...seen].sort((a, b) => a[0] - b[0]),
      results.map((r, i) => [i, r]),
    );
    const firstFailure = seen.findIndex(([, r]) => typeof r === 'string');
    assert.ok(seen.slice(0, firstFailure).some(([i]) => i === 0));
    const doubled: Array<[number, number | string]> = [];
    await runBatch<number, null, number | string>(dispatcher, {
      handler: 'double',
      items: [5, 6, 7],
      options: null,
      chunkSize: 2,
      concurrency: 1,
      chunkTimeoutMs: 10_000,
      signal: never,
      onChunkFailed: () => 'failed',
      onResult: (index, result) => doubled.push([index, result]),
    });
    assert.deepEqual(doubled, [
      [0, 10],
      [1, 12],
      [2, 14],
    ]);
  });

  it('runBatch keeps request order and fails only the broken chunk', async () => {
    // Item 22 (in chunk 7, with item 21) kills its worker.
    const items = Array.from({ length: 23 }, (_, i) => (i === 22 ? -1 : i));
    const results = await runBatch<number, null, number | string>(dispatcher, {
      handler: 'parse',
      items,
      options: null,
      chunkSize: 3,
      concurrency: 4,
      chunkTimeoutMs: PARSE_DEADLINE_MS,
      signal: never,
      onChunkFailed: (n, f) => `failed ${n} (chunk ${f.chunkIndex}, ${f.reason})`,
    });
    assert.equal(results.length, 23);
    for (const [i, r] of results.entries()) {
      // Chunk 7 holds items 21 and 22.
      assert.equal(r, i >= 21 ? `failed ${items[i]} (chunk 7, worker_died)` : i * 2, `item ${i}`);
    }
  });
});
