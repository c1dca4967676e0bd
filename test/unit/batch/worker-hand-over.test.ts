// Once a page's task is posted, its text is the worker's copy alone: the pool keeps nothing of
// it while the task runs (a 5 MiB page's text, held per running task, is memory the main thread
// does not need). Checked with a weak reference to the posted text and a full collection.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { engineGc } from '../../../src/util/engine-gc.js';
import { textBytes } from '../../../src/workers/page-bytes.js';
import { WorkerPool } from '../../../src/workers/pool.js';
import { testConfig } from '../../support/loopback-server.js';
import { long, page } from './pool-pages.js';

/** A long page's task, run, with a weak reference to its text; nothing here keeps the text. */
function handOver(pool: WorkerPool) {
  // The fetched form of a page: its bytes (seconds of a worker to read).
  const body = textBytes(long.input.body);
  return { posted: new WeakRef(body), running: pool.run({ kind: 'metadata', input: { ...long.input, body } }) };
}

describe('a task handed to a worker', () => {
  const pool = new WorkerPool(
    testConfig({ largePageProcesses: 0, workerThreads: 1, workerTaskTimeoutMs: 60_000, workerMaxMemoryMb: 256 }),
  );
  after(() => pool.close());

  it('is not held by the pool while the worker runs it', async () => {
    const gc = engineGc();
    assert.ok(gc, "the engine's gc() is available");
    assert.equal((await pool.run(page)).data.title, 'Alive');
    const { posted, running } = handOver(pool);
    await sleep(200);
    gc();
    assert.equal(pool.busy, 1, 'the task still runs');
    assert.equal(posted.deref(), undefined, "the page's text was collected while its task ran");
    assert.equal((await running).data.title, 'Long');
  });
});
