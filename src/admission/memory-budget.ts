// A budget of bytes for the response bodies tool calls hold in memory at once. A body takes a
// share before it is read and grows it as bytes arrive; a reader that cannot get its share
// waits (its socket stops being read, so the remote server is paced by TCP) until other calls
// release theirs. Admission's concurrency limit counts calls; this counts what they cost, so a
// burst of 5 MiB pages waits instead of holding 32 x 15 MiB (docs/admission.md, "Memory").
//
// No deadlock: a reader that already holds a share and needs more waits only while it is not
// the oldest live lease; the oldest lease always gets what it asks for (it may overcommit by up
// to one body), and every lease in turn becomes the oldest as the ones before it end.

/** Why a wait for budget ended without a grant. */
export class BudgetWaitAborted extends Error {
  constructor(readonly reason: unknown) {
    super('The wait for body memory was aborted.');
    this.name = 'BudgetWaitAborted';
  }
}

export interface BudgetStats {
  limitBytes: number;
  /** Bytes held by live leases (may exceed the limit by the oldest lease's overcommit). */
  usedBytes: number;
  /** Highest usedBytes seen. */
  peakBytes: number;
  /** Readers waiting for a share now. */
  waiting: number;
  /** Live leases. */
  leases: number;
  /** Grants that had to wait, since start. */
  waited: number;
  /** Bytes granted in total since start (growth only): how much body memory went through. */
  chargedBytes: number;
}

/** One body's share of the budget. */
export interface Lease {
  readonly bytes: number;
  /**
   * Makes the share at least `bytes`; waits while the budget is short (unless this is the
   * oldest lease). Rejects with BudgetWaitAborted when `signal` aborts first.
   */
  grow(bytes: number, signal?: AbortSignal): Promise<void>;
  /** Sets the share to `bytes` at once (never waits): use it to shrink to what was really kept. */
  set(bytes: number): void;
  /** Gives the share back; later calls do nothing. */
  release(): void;
}

interface Waiter {
  lease: LeaseImpl;
  /** Bytes the lease will hold once granted. */
  target: number;
  grant(): void;
}

let nextSerial = 0;

interface LeaseImpl extends Lease {
  serial: number;
  held: number;
  live: boolean;
}

export class MemoryBudget {
  private used = 0;
  private peak = 0;
  private waitedCount = 0;
  private charged = 0;
  private readonly waiters: Waiter[] = [];
  /** Live leases in the order they were taken (oldest first). */
  private readonly live = new Set<LeaseImpl>();

  /** Called with the bytes each time shares shrink or end (after the budget has been updated). */
  onReleased: ((bytes: number) => void) | null = null;

  constructor(readonly limitBytes: number) {}

  stats(): BudgetStats {
    return {
      limitBytes: this.limitBytes,
      usedBytes: this.used,
      peakBytes: this.peak,
      waiting: this.waiters.length,
      leases: this.live.size,
      waited: this.waitedCount,
      chargedBytes: this.charged,
    };
  }

  /** A lease of `bytes` (waits for room like grow()). */
  async acquire(bytes: number, signal?: AbortSignal): Promise<Lease> {
    const lease = this.newLease();
    try {
      await lease.grow(bytes, signal);
    } catch (err) {
      lease.release();
      throw err;
    }
    return lease;
  }

  private newLease(): LeaseImpl {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const budget = this;
    const lease: LeaseImpl = {
      serial: nextSerial++,
      held: 0,
      live: true,
      get bytes() {
        return lease.held;
      },
      grow(bytes, signal) {
        return budget.grow(lease, bytes, signal);
      },
      set(bytes) {
        if (!lease.live) return;
        budget.adjust(lease, Math.max(0, bytes));
        budget.drain();
      },
      release() {
        if (!lease.live) return;
        budget.adjust(lease, 0);
        lease.live = false;
        budget.live.delete(lease);
        const i = budget.waiters.findIndex((w) => w.lease === lease);
        if (i >= 0) budget.waiters.splice(i, 1);
        budget.drain();
      },
    };
    this.live.add(lease);
    return lease;
  }

  private grow(lease: LeaseImpl, bytes: number, signal?: AbortSignal): Promise<void> {
    if (!lease.live || bytes <= lease.held) return Promise.resolve();
    if (signal?.aborted) return Promise.reject(new BudgetWaitAborted(signal.reason));
    if (this.waiters.length === 0 && this.fits(lease, bytes)) {
      this.adjust(lease, bytes);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(new BudgetWaitAborted(signal!.reason));
        this.drain();
      };
      const waiter: Waiter = {
        lease,
        target: bytes,
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          this.adjust(lease, bytes);
          this.waitedCount++;
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
      // This lease may be the oldest (then it never waits), or the budget may have room.
      this.drain();
    });
  }

  /** Room for the lease to hold `bytes`, or it is the oldest lease (which is never kept waiting). */
  private fits(lease: LeaseImpl, bytes: number): boolean {
    if (this.used - lease.held + bytes <= this.limitBytes) return true;
    return this.oldest() === lease;
  }

  private oldest(): LeaseImpl | undefined {
    return this.live.values().next().value;
  }

  private adjust(lease: LeaseImpl, bytes: number): void {
    const delta = bytes - lease.held;
    if (delta > 0) this.charged += delta;
    this.used += delta;
    lease.held = bytes;
    if (this.used > this.peak) this.peak = this.used;
    if (delta < 0) this.onReleased?.(-delta);
  }

  // FIFO, except that the oldest lease's growth is granted wherever it waits: it is what
  // guarantees progress, since every other lease waits, directly or not, for it.
  private drain(): void {
    const oldest = this.oldest();
    const i = this.waiters.findIndex((w) => w.lease === oldest);
    if (i > 0) this.waiters.splice(i, 1)[0]!.grant();
    while (this.waiters.length > 0 && this.fits(this.waiters[0]!.lease, this.waiters[0]!.target))
      this.waiters.shift()!.grant();
  }
}
