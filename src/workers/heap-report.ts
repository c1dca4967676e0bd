// What a worker thread tells the pool after each task: how much V8 heap its isolate holds now.
// A worker keeps the heap its largest page needed (V8 gives little of it back while the
// isolate lives), so the pool replaces an idle worker that holds much more than a fresh one.

export interface HeapReport {
  urlkitHeapReport: true;
  threadId: number;
  /** The kernel's id of the thread, whose nice value says its priority (thread-lanes.ts); null off Linux. */
  tid: number | null;
  /**
   * The largest total heap size (bytes reserved by V8) the isolate had at the end of any task so
   * far, taken before the collection that follows a large task (worker-entry.cts).
   */
  heapBytes: number;
  /** V8 heap in use when the task ended, after the collection that follows a large task. */
  usedBytes: number;
  /** Tasks this worker has run, this one included. */
  tasks: number;
}

export function isHeapReport(message: unknown): message is HeapReport {
  return typeof message === 'object' && message !== null && (message as Partial<HeapReport>).urlkitHeapReport === true;
}
