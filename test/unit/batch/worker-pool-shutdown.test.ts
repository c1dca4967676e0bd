// A pool closed while its fresh workers are still loading their module must not take the
// process down. With piscina loading an ES module through require() (Node 20.19+), a worker
// terminated during the synchronous instantiation aborted the whole process with a V8 fatal
// error; the CommonJS entry (src/workers/worker-entry.cts) loads the worker with import().
// Its own file: when the bug is back, this file's process aborts and the runner reports it.
// The abort needs the termination to land inside a window of a few milliseconds, so the test
// closes pools at every few milliseconds of a fresh worker's start-up; on the old entry about
// one sweep in two hit the window on this machine, and CI ran into it too.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WorkerPool } from '../../../src/workers/pool.js';
import { testConfig } from '../../support/loopback-server.js';

describe('WorkerPool shutdown', () => {
  it('closes pools whose workers are still starting, at any moment of their start-up', async () => {
    let closed = 0;
    for (let delayMs = 0; delayMs <= 240; delayMs += 3) {
      const pool = new WorkerPool(testConfig({ workerThreads: 2 }));
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await pool.close();
      closed++;
    }
    assert.equal(closed, 81);
  });
});
