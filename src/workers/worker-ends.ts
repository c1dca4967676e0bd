// Why worker threads end, counted by reason (urlkit_worker_ends_total): a thread that ends costs
// the next task a fresh worker's start (its modules and the token encoding: hundreds of ms of CPU,
// seconds on a loaded machine), so an operator needs to know which of the pool's own decisions,
// or which fault, ends them.
//
// Piscina reports every worker it drops ('workerDestroy'), but not why. The pool knows why when it
// decides: it terminates a grown worker itself (by thread id, before the thread exits), and it
// aborts a task's signal, whereupon piscina drops the worker the task runs on, synchronously,
// inside the abort's dispatch (the reason is set by a listener added before piscina's). What is
// left is told apart by the worker's own events: a worker that raised an error or exited before
// piscina dropped it crashed; one piscina dropped while it was alive and nobody asked retired idle
// (piscina's idleTimeout), or the pool was closing.
import type { Piscina } from 'piscina';

export const WORKER_END_REASONS = [
  /** Replaced while the pool was idle because its heap had grown (recycling.ts RECYCLE_HEAP_BYTES). */
  'recycled',
  /** Its task ran past the task's time budget. */
  'task_budget',
  /** Handed a task whose wait for a worker ran out before the worker reported taking it. */
  'start_wait',
  /** Its task's caller left and the task ran on past the grace (pool.ts ABANDON_GRACE_MS). */
  'abandoned',
  /** Ended on its own: an uncaught error, its memory cap, an exit, or a failed start. */
  'crashed',
  /** Retired after WORKER_IDLE_MS without a task, above the warm threads. */
  'idle',
  /** The pool was closing. */
  'shutdown',
] as const;

export type WorkerEndReason = (typeof WORKER_END_REASONS)[number];

/** Piscina's handle of a worker, as its events pass it. */
interface WorkerHandle {
  readonly id: number;
}

export class WorkerEnds {
  private readonly counts = new Map<WorkerEndReason, number>(WORKER_END_REASONS.map((r) => [r, 0]));
  /** Reasons the pool gave for threads it is terminating itself, by thread id. */
  private readonly expected = new Map<number, WorkerEndReason>();
  /** The reason of the abort being dispatched now, if any. */
  private aborting: WorkerEndReason | null = null;
  /** Threads piscina reported ready, by thread id. */
  private readonly ready = new Set<number>();
  /** Threads that raised an error or exited before piscina dropped them. */
  private readonly fell = new Set<number>();
  /** The thread whose 'error' or 'exit' is being emitted now (piscina's handle may read -1 by then). */
  private exiting: number | null = null;

  constructor(
    private readonly piscina: Piscina,
    private readonly closing: () => boolean,
    /** Called when a worker ends before it was ready to take tasks (warm-threads.ts). */
    private readonly onFailedStart: () => void = () => {},
  ) {
    piscina.on('workerCreate', (w: WorkerHandle) => this.created(w.id));
    piscina.on('workerDestroy', (w: WorkerHandle) => this.ended(w.id >= 0 ? w.id : this.exiting));
  }

  /** The pool is about to terminate this thread itself, for this reason. */
  expect(threadId: number, reason: WorkerEndReason): void {
    this.expected.set(threadId, reason);
  }

  /**
   * Call before handing `signal` to piscina: a worker piscina drops when the signal aborts is
   * counted under the reason `reasonNow()` gives at that moment.
   */
  watchAbort(signal: AbortSignal, reasonNow: () => WorkerEndReason): void {
    signal.addEventListener(
      'abort',
      () => {
        this.aborting = reasonNow();
        // Piscina's listener runs next, in this same dispatch; nothing else is this abort's.
        queueMicrotask(() => (this.aborting = null));
      },
      { once: true },
    );
  }

  /** Ends by reason since the pool started. */
  byReason(): Record<WorkerEndReason, number> {
    return Object.fromEntries(this.counts) as Record<WorkerEndReason, number>;
  }

  /** Every end, whatever its reason. */
  get total(): number {
    let n = 0;
    for (const v of this.counts.values()) n += v;
    return n;
  }

  private created(threadId: number): void {
    this.ready.add(threadId);
    const worker = this.piscina.threads.find((w) => w.threadId === threadId);
    // Before piscina's own listeners, which drop the worker on these events. A worker piscina
    // dropped first (an abort, its idle timeout) exits later: that exit is no fall.
    const fell = () => {
      if (this.ready.has(threadId)) this.fell.add(threadId);
    };
    // A worker past its memory cap raises its error after its thread is gone (its handle reads -1).
    const falling = () => {
      fell();
      this.exiting = threadId;
    };
    worker?.prependOnceListener('error', falling);
    worker?.prependOnceListener('exit', falling);
    // After piscina's.
    worker?.once('error', () => (this.exiting = null));
    worker?.once('exit', () => (this.exiting = null));
  }

  private ended(threadId: number | null): void {
    const { reason, failedStart } = this.endOf(threadId);
    this.count(reason);
    if (failedStart) this.onFailedStart();
  }

  /** Why a thread ended, and whether it failed to start; forgets what was kept about the thread. */
  private endOf(threadId: number | null): { reason: WorkerEndReason; failedStart: boolean } {
    if (threadId === null) {
      // Only a thread piscina never reported ready has no id left when it falls.
      return this.closing() ? { reason: 'shutdown', failedStart: false } : { reason: 'crashed', failedStart: true };
    }
    const expected = this.expected.get(threadId);
    const fell = this.fell.has(threadId);
    const wasReady = this.ready.has(threadId);
    this.expected.delete(threadId);
    this.fell.delete(threadId);
    this.ready.delete(threadId);
    const reason = expected ?? this.aborting ?? (fell ? 'crashed' : this.closing() ? 'shutdown' : null);
    if (reason) return { reason, failedStart: false };
    // Dropped alive by piscina of its own accord: only its idle timeout does that to a ready
    // worker; one that never became ready failed to start.
    return wasReady ? { reason: 'idle', failedStart: false } : { reason: 'crashed', failedStart: true };
  }

  private count(reason: WorkerEndReason): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
  }
}
