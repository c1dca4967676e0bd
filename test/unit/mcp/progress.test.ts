// MCP progress wraps the dispatcher per call: it counts settled chunks and must pass each item's
// report on, so a chunk stopped part-way keeps the items that finished (runBatch's contract).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createInProcessDispatcher } from '../../../src/batch/in-process-dispatcher.js';
import { runBatch } from '../../../src/batch/run-batch.js';
import { servicesWithProgress } from '../../../src/mcp/progress.js';
import type { Services } from '../../../src/app/services.js';

describe('MCP progress dispatcher', () => {
  it('reports progress per settled chunk and keeps the items a failed chunk had reported', async () => {
    const inner = createInProcessDispatcher();
    // Reports its even items at once; the odd ones never finish (the chunk passes its deadline).
    inner.register<number, null, number>(
      'half',
      (job, _signal, report) =>
        new Promise(() => {
          job.items.forEach((n, i) => {
            if (n % 2 === 0) report?.(i, n * 10);
          });
        }),
    );
    const progress: Array<[number, number]> = [];
    const services = servicesWithProgress({ dispatcher: inner } as unknown as Services, 4, (done, total) =>
      progress.push([done, total]),
    );
    const results = await runBatch<number, null, number | string>(services.dispatcher, {
      handler: 'half',
      items: [0, 1, 2, 3],
      options: null,
      chunkSize: 2,
      concurrency: 2,
      chunkTimeoutMs: 50,
      signal: new AbortController().signal,
      onChunkFailed: (n) => `failed ${n}`,
    });
    assert.deepEqual(results, [0, 'failed 1', 20, 'failed 3']);
    assert.deepEqual(progress.at(-1), [4, 4]);
    await inner.close();
  });
});
