// The file piscina loads in each worker. Piscina loads it with require(), and on Node 20.19+
// require() of an ES module instantiates the whole module graph synchronously: a worker
// terminated in the middle of that (the pool closing, or replacing a worker, while a fresh
// one is still loading) aborts the whole process with a V8 fatal error ("Module::IsGraphAsync
// must be used on an instantiated module"). So this entry is CommonJS, and it loads the real
// worker (worker.ts) with import(), which a termination interrupts cleanly.
import { getHeapStatistics } from 'node:v8';
import { parentPort, threadId } from 'node:worker_threads';
import type { HeapReport } from './heap-report.js';
import type { WorkerTask } from './worker.js';

const worker = import('./worker.js');

export = async function runTask(task: WorkerTask): Promise<unknown> {
  try {
    return await (await worker).default(task);
  } finally {
    // Piscina passes other messages on the worker's parent port to the pool's 'message' event;
    // the pool reads these to retire workers whose heap grew (pool.ts).
    const report: HeapReport = { urlkitHeapReport: true, threadId, heapBytes: getHeapStatistics().total_heap_size };
    parentPort?.postMessage(report);
  }
};
