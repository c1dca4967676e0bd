// Worker-thread entry for piscina: one function that dispatches a plain-data task to the
// pure extraction code. Nothing here touches the network.
import { getHeapStatistics } from 'node:v8';
import { cleanTask, type CleanRequest, type CleanResult } from './clean-task.js';
import { metadataTask, type MetadataRequest, type MetadataResult } from './metadata-task.js';
import { pdfTask, type PdfRequest, type PdfResult } from './pdf-task.js';

export type WorkerTask =
  | { kind: 'clean'; input: CleanRequest }
  | { kind: 'metadata'; input: MetadataRequest }
  /** A PDF's text and document info, for the cleaners and the metadata fetcher. */
  | { kind: 'pdf'; input: PdfRequest }
  /**
   * Fault injection (config.testHooks and the pool's own tests; no request can build it):
   * 'exit' ends the worker thread mid-task, 'hang' never returns (time budget),
   * 'exhaust-memory' allocates until the heap limit kills the worker (memory budget),
   * 'slow' keeps the thread busy for `ms` and then returns (a slow page).
   */
  | { kind: 'crash'; mode?: 'exit' | 'hang' | 'exhaust-memory' | 'slow'; ms?: number }
  /** Test probe (no request can build it): the worker's V8 heap as it is now, no collection. */
  | { kind: 'heap' };

export interface HeapNow {
  usedBytes: number;
  totalBytes: number;
}

interface ResultByKind {
  clean: CleanResult;
  metadata: MetadataResult;
  pdf: PdfResult;
  crash: void;
  heap: HeapNow;
}

export type WorkerTaskResult<K extends WorkerTask['kind']> = ResultByKind[K];

export default function runTask(task: WorkerTask): unknown {
  switch (task.kind) {
    case 'clean':
      return cleanTask(task.input);
    case 'metadata':
      return metadataTask(task.input);
    case 'pdf':
      return pdfTask(task.input);
    case 'crash':
      if (task.mode === 'slow') return busyFor(task.ms ?? 100);
      return crash(task.mode ?? 'exit');
    case 'heap': {
      const h = getHeapStatistics();
      return { usedBytes: h.used_heap_size, totalBytes: h.total_heap_size } satisfies HeapNow;
    }
  }
}

function crash(mode: 'exit' | 'hang' | 'exhaust-memory'): never {
  if (mode === 'hang') {
    // A synchronous loop: only terminating the thread stops it, as with a pathological page.
    for (;;);
  }
  if (mode === 'exhaust-memory') {
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array(1 << 20).fill(hoard.length));
  }
  process.exit(1);
}

function busyFor(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}
