// How many jobs one caller may have in the queue at once, from one API process. A worker process
// runs URLKIT_QUEUE_CONCURRENCY jobs at once, whoever they are for, and a job holds its slot
// while its items wait for a slow site: one caller's batches to a host that answers in 14 s
// (100 items each, four chunks in flight per call) held every slot of every worker, and another
// caller's job, first in the queue by priority, waited a minute for a slot to free. So a caller
// may have at most the workers' slots less a reserve (admission's fairReserve, a quarter) queued
// or running; its further chunks wait here, in order, for one of its own to end, and that wait
// counts against the chunk's deadline. The slots are counted from the workers Redis knows of.
import { fairReserve } from '../admission/fair-slots.js';

interface Waiter {
  go(): void;
}

export class CallerJobs {
  private readonly held = new Map<string, number>();
  private readonly waiting = new Map<string, Waiter[]>();
  /** The job slots of every worker process (at least one worker's). */
  private slots: number;

  constructor(private readonly perWorker: number) {
    this.slots = perWorker;
  }

  /** Jobs a caller may have out at once: the slots less the reserve kept for other callers. */
  limit(): number {
    return Math.max(1, this.slots - fairReserve(this.slots));
  }

  /** The number of worker processes now taking jobs (0: none seen; one is assumed). */
  setWorkers(workers: number): void {
    this.slots = Math.max(1, workers) * this.perWorker;
    for (const caller of this.waiting.keys()) this.pump(caller);
  }

  /**
   * Takes one of the caller's places, waiting for one of its own jobs to end when it has them
   * all; resolves with how many of its jobs were out before this one (its queue priority), or
   * rejects with the signal's reason when `signal` ends the wait.
   */
  async acquire(caller: string, signal: AbortSignal): Promise<number> {
    const held = this.held.get(caller) ?? 0;
    if (held < this.limit() && !this.waiting.has(caller)) {
      this.held.set(caller, held + 1);
      return held;
    }
    signal.throwIfAborted();
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        go: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const queue = this.waiting.get(caller) ?? [];
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        if (queue.length === 0) this.waiting.delete(caller);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const queue = this.waiting.get(caller);
      if (queue) queue.push(waiter);
      else this.waiting.set(caller, [waiter]);
      this.pump(caller);
    });
    return (this.held.get(caller) ?? 1) - 1;
  }

  /** One of the caller's jobs ended: its place goes to the caller's next waiting chunk. */
  release(caller: string): void {
    const left = (this.held.get(caller) ?? 1) - 1;
    if (left > 0) this.held.set(caller, left);
    else this.held.delete(caller);
    this.pump(caller);
  }

  private pump(caller: string): void {
    const queue = this.waiting.get(caller);
    while (queue && queue.length > 0 && (this.held.get(caller) ?? 0) < this.limit()) {
      this.held.set(caller, (this.held.get(caller) ?? 0) + 1);
      queue.shift()!.go();
    }
    if (queue?.length === 0) this.waiting.delete(caller);
  }
}
