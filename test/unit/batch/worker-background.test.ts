// The worker pool's background lane: a task that comes while its caller already has as many tasks
// running or waiting as there are workers, more than any other caller, when other callers are
// active (a batch, an attack), runs on a worker
// thread at a lower OS priority, so the CPU goes to the other callers' work first; a caller
// alone, or a caller with one task at a time, runs at normal priority. The priority is read from
// outside, as the OS reports each thread of the process (Linux /proc).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { Callers } from '../../../src/admission/callers.js';
import { claimantOf, inCallScope } from '../../../src/admission/call-scope.js';
import { BACKGROUND_NICE, WorkerPool } from '../../../src/workers/pool.js';
import { testConfig } from '../../support/loopback-server.js';

const para = '<p>' + 'Words of a long page that goes on and on. '.repeat(8) + '</p>\n';
/** A page of some tens of milliseconds of a worker. */
const page = {
  kind: 'metadata' as const,
  input: {
    body: `<title>Page</title>${para.repeat(400)}`,
    bodyKind: 'html' as const,
    finalUrl: 'https://w.example/',
    headers: {},
    includeContent: true,
  },
};

/** Nice values of this process's threads now. */
function threadNices(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('worker pool background lane', { skip: !existsSync('/proc/thread-self') && 'needs Linux /proc' }, () => {
  const pool = new WorkerPool(testConfig({ workerThreads: 2, workerTaskTimeoutMs: 60_000, workerMaxMemoryMb: 128 }));
  after(() => pool.close());
  const callers = new Callers();
  const as = <T>(caller: string, fn: () => Promise<T>) =>
    inCallScope({ claimant: claimantOf(caller, callers), memory: null }, fn);

  it('runs a caller alone at normal priority, however many tasks it sends', async () => {
    const leave = callers.enter('alone');
    const results = await Promise.all(Array.from({ length: 6 }, () => as('alone', () => pool.run(page))));
    leave();
    assert.ok(results.every((r) => r.data.title === 'Page'));
    assert.ok(!threadNices().includes(BACKGROUND_NICE), 'no thread was lowered');
  });

  it("lowers a batch's backlog while another caller is active, not that caller's task", async () => {
    const leaveBatch = callers.enter('batch');
    const leaveLight = callers.enter('light');
    const batch = Promise.all(Array.from({ length: 8 }, () => as('batch', () => pool.run(page))));
    const light = await as('light', () => pool.run(page));
    assert.equal(light.data.title, 'Page');
    assert.ok((await batch).every((r) => r.data.title === 'Page'));
    assert.ok(threadNices().includes(BACKGROUND_NICE), 'a worker thread runs at the background nice value');
    leaveBatch();
    leaveLight();
  });
});
