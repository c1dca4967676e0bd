// Issue 31 row 7: CPU priority by caller. Of a pool's two worker threads one serves heavy callers
// (worker-shares.ts: much more worker time lately than their part, and at least a quarter of a
// thread's); it is niced (10 above the service's, at most 19) once a heavy caller's task comes, and
// for good. A caller alone never makes it so, however many pages it sends; an honest caller's pages
// run at the service's priority, two at once too. The threads' priorities are read from the kernel
// (/proc/self/task/<tid>/stat), and which thread ran how many tasks from what each worker reports
// after a task. Nothing here depends on how long anything takes: the heavy caller's first page of
// the batch runs for seconds, and the light caller's pages are sent while it does.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { claimantOf, inCallScope } from '../../../src/admission/call-scope.js';
import { Callers } from '../../../src/admission/callers.js';
import { WorkerPool } from '../../../src/workers/pool.js';
import { testConfig } from '../../support/loopback-server.js';
import { TEST_BUDGET_MS, long, metadataOf, para, until } from './pool-pages.js';

/** A few hundred milliseconds at most: about 40 KB of paragraphs. */
const medium = metadataOf(`<title>Medium</title>${para.repeat(100)}`);
const small = metadataOf('<title>Light</title><p>One small page.</p>');

const base = os.getPriority();
const niced = Math.min(19, base + 10);

/** A thread's nice value (the 19th field of its stat line, after the name in parentheses). */
function niceOf(tid: number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

function threadsAt(nice: number): number[] {
  return readdirSync('/proc/self/task')
    .map(Number)
    .filter((tid) => niceOf(tid) === nice);
}

function twoThreadPool(): WorkerPool {
  return new WorkerPool(
    testConfig({ largePageProcesses: 0, workerThreads: 2, workerWarmThreads: 2, workerTaskTimeoutMs: TEST_BUDGET_MS }),
  );
}

/** Tasks each nice value's threads of `pool` ran so far. */
function tasksByNice(pool: WorkerPool): Map<number, number> {
  const byNice = new Map<number, number>();
  for (const { tid, tasks } of pool.workerHeaps()) {
    assert.ok(tid !== null);
    byNice.set(niceOf(tid), (byNice.get(niceOf(tid)) ?? 0) + tasks);
  }
  return byNice;
}

/** Tasks each thread (kernel id) of `pool` ran so far. */
function tasksByThread(pool: WorkerPool): Map<number, number> {
  return new Map(pool.workerHeaps().map(({ tid, tasks }) => [tid!, tasks]));
}

const ran = (pool: WorkerPool) => pool.workerHeaps().reduce((n, h) => n + h.tasks, 0);

describe('worker thread priority by caller', { skip: process.platform !== 'linux' }, () => {
  const pools: WorkerPool[] = [];
  after(() => Promise.all(pools.map((p) => p.close())));

  it('nices no thread for a caller alone, however many pages it sends at once', async () => {
    const pool = twoThreadPool();
    pools.push(pool);
    const callers = new Callers();
    const leave = callers.enter('solo');
    const asSolo = <T>(fn: () => Promise<T>) =>
      inCallScope({ claimant: claimantOf('solo', callers), memory: null }, fn);
    // Pages two at a time until both threads have run some (both have started).
    let sent = 0;
    while (pool.workerHeaps().filter((h) => h.tasks > 0).length < 2) {
      const pages = await Promise.all([medium, medium, medium].map((task) => asSolo(() => pool.run(task))));
      assert.deepEqual(
        pages.map((r) => r.data.title),
        ['Medium', 'Medium', 'Medium'],
      );
      sent += 3;
      await until('every task reported', () => ran(pool) === sent);
    }
    leave();
    assert.deepEqual(threadsAt(niced), []);
    assert.deepEqual([...tasksByNice(pool).keys()], [base]);
  });

  it("runs a heavy caller's pages niced and a light caller's at the service's priority, two at once too", async () => {
    const pool = twoThreadPool();
    pools.push(pool);
    const callers = new Callers();
    const asCaller = <T>(caller: string, fn: () => Promise<T>) =>
      inCallScope({ claimant: claimantOf(caller, callers), memory: null }, fn);
    // Both callers are active (a call in progress) throughout.
    const leaveLight = callers.enter('light');
    const leaveHeavy = callers.enter('heavy');
    // The heavy caller's worker time: two long pages (seconds each), more than a quarter of a
    // thread's time over the window, against the light caller's nothing.
    for (let i = 0; i < 2; i++) assert.equal((await asCaller('heavy', () => pool.run(long))).data.title, 'Long');
    await until('every task reported', () => ran(pool) === 2);
    const before = tasksByThread(pool);

    // A batch of three; the light caller sends two pages at once while the batch's long page runs,
    // and two more once the batch is done.
    const heavy = Promise.all([long, medium, medium].map((task) => asCaller('heavy', () => pool.run(task))));
    await until("the heavy caller's first page runs", () => pool.busy === 1 && pool.queued === 2);
    const twoLight = () => Promise.all([small, small].map((task) => asCaller('light', () => pool.run(task))));
    const during = await twoLight();
    assert.deepEqual(
      (await heavy).map((r) => r.data.title),
      ['Long', 'Medium', 'Medium'],
    );
    const afterBatch = await twoLight();
    assert.deepEqual(
      [...during, ...afterBatch].map((r) => r.data.title),
      ['Light', 'Light', 'Light', 'Light'],
    );
    leaveLight();
    leaveHeavy();

    await until('every task reported', () => ran(pool) === 9);
    // The batch's three pages ran on the niced thread; the light caller's four at the service's priority.
    const since = new Map<number, number>();
    for (const [tid, tasks] of tasksByThread(pool))
      since.set(niceOf(tid), (since.get(niceOf(tid)) ?? 0) + tasks - (before.get(tid) ?? 0));
    assert.deepEqual(Object.fromEntries(since), { [niced]: 3, [base]: 4 });
  });
});
