// Issue 31 row 7: CPU priority by caller. Of a pool's two worker threads one runs at a nice value
// 10 above the service's (at most 19), for good; a caller's task goes to it while that caller has,
// or had in the last seconds, other tasks holding or waiting for a worker, and another caller's
// task goes to the thread at the service's priority. The threads' priorities are read from the
// kernel (/proc/self/task/<tid>/stat), and which thread ran how many tasks from what each worker
// reports after a task. Nothing here depends on how long anything takes: the heavy caller's first
// page runs for seconds, and the light caller's page is sent while it does.
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

describe('worker thread priority by caller', { skip: process.platform !== 'linux' }, () => {
  const pool = new WorkerPool(
    testConfig({ largePageProcesses: 0, workerThreads: 2, workerWarmThreads: 2, workerTaskTimeoutMs: TEST_BUDGET_MS }),
  );
  after(() => pool.close());
  const callers = new Callers();
  const asCaller = <T>(caller: string, fn: () => Promise<T>) =>
    inCallScope({ claimant: claimantOf(caller, callers), memory: null }, fn);

  it("runs a caller's only task at the service's priority and another caller's extra tasks niced", async () => {
    const base = os.getPriority();
    const niced = Math.min(19, base + 10);
    // The warm threads have started and one of them has been niced.
    await until('a worker thread runs niced', () => threadsAt(niced).length === 1);
    // The light caller is active (a call in progress) while the heavy one sends three pages: it
    // may hold one worker at a time, and while it has more waiting, they go to the niced thread.
    const leaveLight = callers.enter('light');
    const heavy = Promise.all([long, medium, medium].map((task) => asCaller('heavy', () => pool.run(task))));
    await until("the heavy caller's first page runs", () => pool.busy === 1 && pool.queued === 2);
    const light = await asCaller('light', () => pool.run(small));
    assert.equal(light.data.title, 'Light');
    assert.deepEqual(
      (await heavy).map((r) => r.data.title),
      ['Long', 'Medium', 'Medium'],
    );
    // Active to the end: a caller alone may use both threads, the niced one and the other.
    leaveLight();

    // Each worker reports its tasks after each one, on a channel of its own.
    const ran = () => pool.workerHeaps().reduce((n, h) => n + h.tasks, 0);
    await until('every task reported', () => ran() === 4);
    const byNice = new Map<number, number>();
    for (const { tid, tasks } of pool.workerHeaps()) {
      assert.ok(tid !== null);
      byNice.set(niceOf(tid), (byNice.get(niceOf(tid)) ?? 0) + tasks);
    }
    // The niced thread ran the heavy caller's three pages (the last one alone in its line by then,
    // seconds after the caller had three); the light caller's page ran at the service's priority.
    assert.deepEqual(Object.fromEntries(byNice), { [base]: 1, [niced]: 3 });
  });
});
