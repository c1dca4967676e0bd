// A FIFO counting semaphore with one slot per worker thread. Tasks wait here, not in piscina's
// queue, so a task's time budget starts when a worker actually takes it: under load, waiting
// for a free worker is not mistaken for a page that is too slow to parse.

export class TaskSlots {
  private free: number;
  private readonly waiting: Array<{ grant: () => void }> = [];

  constructor(size: number) {
    this.free = Math.max(1, size);
  }

  /** Resolves with a release function once a slot is free; rejects with the signal's reason if aborted first. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.releaser());
        },
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  get queued(): number {
    return this.waiting.length;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // Hand the slot straight to the next waiter; only when nobody waits does it become free.
      if (next) next.grant();
      else this.free++;
    };
  }
}
