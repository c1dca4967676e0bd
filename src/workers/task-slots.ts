// A FIFO counting semaphore with one slot per worker thread. Tasks wait here, not in piscina's
// queue, so a task's time budget starts when a worker actually takes it: under load, waiting
// for a free worker is not mistaken for a page that is too slow to parse.
// It also measures what admission control needs (src/admission/): how long tasks waited for a
// worker (the smallest wait in an interval shows a standing queue, as in CoDel), how long they
// ran, and what fraction of the workers' time was busy.

/** What the slots saw since the previous takeWindow(). */
export interface SlotWindow {
  /** Smallest wait for a slot among tasks granted in the window; null if none was granted. */
  minWaitMs: number | null;
  /** Mean time a slot was held, over slots released in the window; null if none was. */
  meanHoldMs: number | null;
  granted: number;
}

export class TaskSlots {
  private free: number;
  private readonly size: number;
  private readonly waiting: Array<{ grant: () => void; queuedAt: number }> = [];
  private windowMinWait: number | null = null;
  private windowGranted = 0;
  private windowHoldSum = 0;
  private windowHeld = 0;
  private busyIntegralMs = 0;
  private busySince = performance.now();

  constructor(size: number) {
    this.size = Math.max(1, size);
    this.free = this.size;
  }

  /** Resolves with a release function once a slot is free; rejects with the signal's reason if aborted first. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const queuedAt = performance.now();
    if (this.free > 0) {
      this.accrueBusy();
      this.free--;
      return Promise.resolve(this.releaser(queuedAt));
    }
    return new Promise((resolve, reject) => {
      const entry = {
        queuedAt,
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.releaser(queuedAt));
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

  /** Slots held right now. */
  get busy(): number {
    return this.size - this.free;
  }

  get capacity(): number {
    return this.size;
  }

  /**
   * Takes every slot at once if none is held and nobody waits (for maintenance such as replacing
   * a worker, with no task running); tasks that arrive meanwhile wait as usual. Not counted in
   * the wait, hold or busy statistics. Returns the release function, or null when busy.
   */
  tryTakeAll(): (() => void) | null {
    if (this.free !== this.size || this.waiting.length > 0) return null;
    this.accrueBusy();
    this.free = 0;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // Idle time, not work: keep the maintenance out of the busy integral.
      this.busySince = performance.now();
      this.free = this.size;
      while (this.free > 0 && this.waiting.length > 0) {
        this.free--;
        this.waiting.shift()!.grant();
      }
    };
  }

  /** Returns and resets the wait and hold statistics gathered since the last call. */
  takeWindow(): SlotWindow {
    // Nobody got a worker in the window but some wait: the oldest one's wait so far is the delay.
    const head = this.waiting[0];
    const minWaitMs = this.windowMinWait ?? (head ? performance.now() - head.queuedAt : null);
    const w: SlotWindow = {
      minWaitMs,
      meanHoldMs: this.windowHeld > 0 ? this.windowHoldSum / this.windowHeld : null,
      granted: this.windowGranted,
    };
    this.windowMinWait = null;
    this.windowGranted = 0;
    this.windowHoldSum = 0;
    this.windowHeld = 0;
    return w;
  }

  /** Slot-milliseconds held since the slots were made; utilisation is its rate over capacity. */
  busyMs(): number {
    this.accrueBusy();
    return this.busyIntegralMs;
  }

  private accrueBusy(): void {
    const now = performance.now();
    this.busyIntegralMs += (this.size - this.free) * (now - this.busySince);
    this.busySince = now;
  }

  private releaser(queuedAt: number): () => void {
    const grantedAt = performance.now();
    const wait = grantedAt - queuedAt;
    this.windowMinWait = this.windowMinWait === null ? wait : Math.min(this.windowMinWait, wait);
    this.windowGranted++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.windowHoldSum += performance.now() - grantedAt;
      this.windowHeld++;
      const next = this.waiting.shift();
      // Hand the slot straight to the next waiter; only when nobody waits does it become free.
      if (next) next.grant();
      else {
        this.accrueBusy();
        this.free++;
      }
    };
  }
}
