// The heap a worker reports after each task, by which the pool replaces grown idle workers
// (pool.ts). A worker that went through a large page keeps more than a fresh one even once
// collected (its malloc arena, code, caches), so it reports the most its heap reached in any
// large task, until it is replaced, even when its last task was a small one. Only large tasks
// raise that mark: a worker serving ordinary pages reports its heap as it is, or the pool
// would replace warm workers (cold JIT, modules loaded again) every time it paused under
// ordinary load, which cost a tenth of the content tool's throughput (docs/admission.md).
//
// An ordinary task's heap includes the garbage of the tasks before it (a worker collects only
// after a large one), so when that passes the recycle mark the worker collects first and
// reports what is left. Under load, tasks back to back left workers at 48-52 MiB of heap with
// 35-46 MiB in use, and the pool replaced them at every pause, each replacement loading the
// token encoding and compiling again (docs/agents.md).

/**
 * A worker whose reported heap is over this is replaced once the pool has been idle for
 * RECYCLE_IDLE_MS (pool.ts). A fresh worker reported 17 MiB of heap after a small page before it
 * held the token encoding, which it loads when it starts (about 15 MiB more: 32-33 MiB measured);
 * one that parsed 5 MiB pages 38 MiB more than a fresh one, and it kept 50 to 75 MiB of resident
 * memory more (measured, docs/admission.md). The mark leaves a fresh worker 15 MiB of room, as it
 * did before the encoding, so that idle recycling does not replace (and reload) fresh workers.
 */
export const RECYCLE_HEAP_BYTES = 48 * 1024 * 1024;

export class HeapMark {
  private grownTo = 0;

  /**
   * The heap to report after a task. `heapNow` reads the heap (V8's total, garbage included);
   * `collect` is a full collection (null where there is none). A large task's heap is taken before
   * the collection that follows it.
   */
  afterTask(large: boolean, heapNow: () => number, collect: (() => void) | null): number {
    let heap = heapNow();
    if (large) {
      this.grownTo = Math.max(this.grownTo, heap);
      collect?.();
    } else if (heap > RECYCLE_HEAP_BYTES && this.grownTo <= RECYCLE_HEAP_BYTES && collect) {
      collect();
      heap = heapNow();
    }
    return Math.max(this.grownTo, heap);
  }
}
