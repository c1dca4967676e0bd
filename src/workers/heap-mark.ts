// The heap a worker reports after each task, by which the pool replaces grown idle workers
// (pool.ts). A worker that went through a large page keeps more than a fresh one even once
// collected (its malloc arena, code, caches), so it reports the most its heap reached in any
// large task, until it is replaced, even when its last task was a small one. Only large tasks
// raise that mark: a worker serving ordinary pages reports its heap as it is, or the pool
// would replace warm workers (cold JIT, modules loaded again) every time it paused under
// ordinary load, which cost a tenth of the content tool's throughput (docs/admission.md).

export class HeapMark {
  private grownTo = 0;

  /** The heap to report after a task that ended with `heapBytes` of heap (before any collection). */
  afterTask(large: boolean, heapBytes: number): number {
    if (large) this.grownTo = Math.max(this.grownTo, heapBytes);
    return Math.max(this.grownTo, heapBytes);
  }
}
