// Replacing worker threads whose heap grew: a worker keeps the heap its largest page needed (V8
// gives little of it back while the isolate lives), so after a burst of large pages the pool
// replaces a grown worker by a fresh one (piscina starts it to keep minThreads) once the pool has
// been idle for a while, and the memory goes back without waiting for piscina's idleTimeout,
// which never retires the warm threads.
import type { Piscina } from 'piscina';
import type { TaskSlots } from './task-slots.js';
import { WORKER_IDLE_MS } from './warm-threads.js';
import type { WorkerEnds } from './worker-ends.js';

/**
 * A worker whose heap was over this at the end of a task (before the collection that follows a
 * large one, worker-entry.cts) is replaced once the pool has been idle for RECYCLE_IDLE_MS. A
 * fresh worker reported 17 MiB of heap after a small page before it held the token encoding,
 * which it loads when it starts (about 15 MiB more: 32-33 MiB measured); one that parsed 5 MiB
 * pages 38 MiB more than a fresh one, and it kept 50 to 75 MiB of resident memory more
 * (measured, docs/admission.md). The mark leaves a fresh worker 15 MiB of room, as it did before
 * the encoding, so that idle recycling does not replace (and reload) fresh workers.
 */
export const RECYCLE_HEAP_BYTES = 48 * 1024 * 1024;
/**
 * How long the pool must have been idle, with no task held or waiting for the whole time, before
 * grown workers are replaced: as long as piscina lets a worker above the warm ones idle before it
 * retires it (WORKER_IDLE_MS), so a pool that rested that long gives back both its spare
 * threads and its grown heaps. A replacement costs a fresh worker's start (0.9-1.5 CPU-s measured
 * beside other work), and a worker that serves large pages grows again on the next one: within a
 * stream of calls, replacing it buys no memory. Pauses of a few seconds come inside streams: a
 * caller's batches (`bench:hostile` row 7: the honest call after a replacement waited for the
 * fresh worker to load, over 15x) and calls held by one host's connection slots (`bench:soak`:
 * with a 2 s wait, 36 workers replaced in 1,000 calls, each regrown by the next 5 MiB page).
 */
export const RECYCLE_IDLE_MS = WORKER_IDLE_MS;

export class Recycling {
  /** Heap of each worker thread after its last task, by threadId. */
  private readonly heapByThread = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly piscina: Piscina,
    private readonly slots: TaskSlots,
    private readonly ends: WorkerEnds,
    private readonly closing: () => boolean,
  ) {
    piscina.on('workerDestroy', () => this.forgetGone());
  }

  /** A worker reported its heap after a task. */
  heapReported(threadId: number, heapBytes: number): void {
    this.heapByThread.set(threadId, heapBytes);
    // The report is posted after the task's result, so it may land after the task's end was
    // seen: look again now.
    this.schedule();
  }

  /** A task gave its worker slot back. */
  taskEnded(): void {
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Each task's end starts the idle wait again. */
  private schedule(): void {
    this.stop();
    if (this.closing()) return;
    // A task holds or waits for a worker: its end starts the wait.
    if (this.slots.busy > 0 || this.slots.queued > 0) return;
    if (![...this.heapByThread.values()].some((b) => b > RECYCLE_HEAP_BYTES)) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.replaceGrown();
    }, RECYCLE_IDLE_MS);
    this.timer.unref();
  }

  private async replaceGrown(): Promise<void> {
    if (this.closing()) return;
    // Holding every slot keeps tasks out while the workers are replaced (they wait, uncharged).
    const release = this.slots.tryTakeAll();
    if (!release) return; // a task came: its end starts the wait again
    try {
      const grown = this.piscina.threads.filter((w) => (this.heapByThread.get(w.threadId) ?? 0) > RECYCLE_HEAP_BYTES);
      for (const w of grown) {
        this.heapByThread.delete(w.threadId);
        this.ends.expect(w.threadId, 'recycled');
        await w.terminate();
      }
    } finally {
      release();
    }
  }

  private forgetGone(): void {
    const alive = new Set(this.piscina.threads.map((w) => w.threadId));
    for (const id of this.heapByThread.keys()) if (!alive.has(id)) this.heapByThread.delete(id);
  }
}
