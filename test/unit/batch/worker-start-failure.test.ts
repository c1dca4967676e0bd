// A worker thread that fails while it starts (here: a heap limit too small for its modules and the
// token encoding) makes piscina stop starting workers of its own accord for the rest of the pool's
// life: it replaces the pool's first threads once, then none. The pool goes on starting workers
// after that (warm-threads.ts), so a later failure that passes (a thread the system would not
// create for a moment) does not leave it without its warm threads; and it stops again after a
// bounded number of starts, so a worker that can never start is not restarted in a loop.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { WorkerPool } from '../../../src/workers/pool.js';
import { testConfig } from '../../support/loopback-server.js';
import { until } from '../../support/until.js';

/** How long the pool may take to get there: each start runs to its heap limit first, seconds on a loaded machine. */
const WAIT_MS = 120_000;

/** Below what a worker needs to load its modules and the token encoding (about 33 MiB). */
const TOO_SMALL_MB = 4;

describe('workers that fail while they start', () => {
  // Two threads, both kept warm: piscina starts two, replaces both, then stops (4 ends).
  const pool = new WorkerPool(
    testConfig({ workerThreads: 2, workerWarmThreads: 2, workerMaxMemoryMb: TOO_SMALL_MB, largePageProcesses: 0 }),
  );
  after(() => pool.close());

  it('are started again after piscina stops, a bounded number of times', async () => {
    const crashed = () => pool.workerEnds().crashed;
    // Piscina alone ends there: its two first threads and their replacements.
    await until('the pool started a worker after piscina stopped', () => crashed() > 4, WAIT_MS);
    // While none can start, at most one more start for each thread, then none until a call.
    await until('the started workers failed too', () => pool.threads === 0, WAIT_MS);
    await sleep(3000);
    assert.ok(crashed() <= 6, `${crashed()} workers failed to start`);
    assert.equal(pool.threads, 0);
  });
});
