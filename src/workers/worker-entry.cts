// The file piscina loads in each worker. Piscina loads it with require(), and on Node 20.19+
// require() of an ES module instantiates the whole module graph synchronously: a worker
// terminated in the middle of that (the pool closing, or replacing a worker, while a fresh
// one is still loading) aborts the whole process with a V8 fatal error ("Module::IsGraphAsync
// must be used on an instantiated module"). So this entry is CommonJS, and it loads the real
// worker (worker.ts) with import(), which a termination interrupts cleanly.
//
// It exports a promise of the task function, which piscina awaits before the worker takes its
// first task: the modules and the default token encoding (about a second of CPU) load then, and
// each task tells the pool when it starts (task-start.ts), from which its time budget counts.
import { readlinkSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { parentPort, threadId } from 'node:worker_threads';
import type { HeapReport } from './heap-report.js';
import type { postedLength } from './page-bytes.js';
import type { Posted, TakenLate, TaskStart } from './task-start.js';
import type { ThreadStarted } from './thread-lanes.js';
import type { WorkerTask } from './worker.js';

/** This thread's kernel id ("<pid>/task/<tid>"), by which the pool may lower its priority (thread-lanes.ts). */
function ownTid(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) ? tid : null;
  } catch {
    return null;
  }
}

// Before the modules load (about a second of CPU): a thread the pool nices loads at its priority.
const tid = ownTid();
const started: ThreadStarted = { urlkitThreadStarted: true, threadId, tid };
parentPort?.postMessage(started);

const worker = import('./worker.js');
// page-bytes.js is ESM too: imported, never required (above).
const pageBytes = import('./page-bytes.js');
// The engine's gc() (util/engine-gc.ts) and the heap mark (heap-mark.ts): ESM, loaded like the
// worker, with import().
const engineGc = import('../util/engine-gc.js');
const heapMark = import('./heap-mark.js').then(({ HeapMark }) => new HeapMark());
// Every cleaned answer counts its tokens (meta.tokens).
const encoding = import('../render/token-count.js').then(({ loadEncoding }) => loadEncoding());

/**
 * Input size (characters of page, bytes of PDF) from which the worker collects its garbage
 * after the task. A worker isolate starts with an old-generation limit of half its heap limit
 * (256 MiB), so V8 lets the garbage of a large page (chunks of text, the tree, extraction's
 * scratch) pile up across tasks: workers reported 42 to 53 MiB of heap after 5 MiB pages
 * against 17 after a small one, and collected at the next task's expense, mid-parse, when the
 * next large page was also in memory. One full collection after a large task costs 10-40 ms
 * against 1-4 s of parsing (docs/admission.md, "Memory").
 */
const COLLECT_AFTER_INPUT_CHARS = 1024 * 1024;

/** Characters (or bytes) of input a task carries: the page text, its bytes, or the PDF. */
function inputSize(task: WorkerTask, length: typeof postedLength): number {
  if (task.kind === 'clean' || task.kind === 'metadata') {
    const body = task.input.body;
    return body === null ? 0 : length(body);
  }
  if (task.kind === 'pdf') return task.input.bytes.byteLength;
  return 0;
}

let tasks = 0;

function reportHeap(heapBytes: number): void {
  // Piscina passes other messages on the worker's parent port to the pool's 'message' event;
  // the pool reads these to retire workers whose heap grew (pool.ts) and for its metrics.
  const usedBytes = getHeapStatistics().used_heap_size;
  const report: HeapReport = { urlkitHeapReport: true, threadId, tid, heapBytes, usedBytes, tasks: ++tasks };
  parentPort?.postMessage(report);
}

async function runTask({ task, startId, startBy }: Posted<WorkerTask | null>): Promise<unknown> {
  // Posted only to have piscina start a worker (warm-threads.ts): nothing to run.
  if (task === null) return null;
  if (startBy !== undefined && Date.now() > startBy) {
    const late: TakenLate = { urlkitTakenLate: true };
    return late;
  }
  const start: TaskStart = { urlkitTaskStart: startId };
  parentPort?.postMessage(start);
  const large = inputSize(task, (await pageBytes).postedLength) >= COLLECT_AFTER_INPUT_CHARS;
  try {
    return await (await worker).default(task);
  } finally {
    // Taken before the collection that follows a large task (see heap-mark.ts).
    const heapBytes = (await heapMark).afterTask(large, getHeapStatistics().total_heap_size);
    // Before the answer goes: piscina's workers wait for their next task with Atomics.wait,
    // so nothing scheduled for later (setImmediate, a timer) would run until another task came.
    if (large) (await engineGc).engineGc()?.();
    reportHeap(heapBytes);
  }
}

// Loading the modules and the encoding leaves garbage that no task made: it is collected before
// the first task, or the fresh worker's first heap report can pass the recycle mark (pool.ts) and
// the worker be replaced, and the encoding loaded again, for nothing.
export = Promise.all([worker, engineGc, heapMark, encoding, pageBytes]).then(([, gc]) => {
  gc.engineGc()?.();
  return runTask;
});
