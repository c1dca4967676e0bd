// A budget of bytes for the response bodies tool calls hold in memory at once. A body takes a
// share before it is read and grows it as bytes arrive; a reader that cannot get its share
// waits (its socket stops being read, so the remote server is paced by TCP) until other calls
// release theirs. Admission's concurrency limit counts calls; this counts what they cost, so a
// burst of 5 MiB pages waits instead of holding 32 x 15 MiB (docs/admission.md, "Memory").
//
// Shared fairly between callers: readers wait in a line per caller, served round robin (a
// caller holding none of the budget first, fair-queue.ts), and while other callers are active
// the budget is cut in three by two lines:
// - up to three quarters, any caller grows, to at most three quarters of its own;
// - the seventh eighth goes to callers that then hold no more than their fair share (the budget
//   over the active callers);
// - the last eighth goes only to callers that then hold no more than their slice of it (the
//   eighth over the active callers plus one, a slice kept for a caller who is about to come).
// So the last eighth cannot be filled by callers holding much, whoever and however many they
// are (one attacker with six keys or six client addresses): each caller that grew into it holds
// at most a slice, and a caller holding little finds at least a slice left (with 64 MiB and ten
// active callers, 744 KiB: a small page's first share is 192 KiB).
//
// No deadlock: a reader that already holds a share and needs more waits only while it is not
// the oldest live lease; the oldest lease always gets what it asks for, and every lease in turn
// becomes the oldest as the ones before it end. What the oldest lease gets beyond the rules (its
// overcommit: at most one body's share, and only one growing lease has any) is kept out of the
// count the last eighth is judged by, so it cannot take a small page's room: the budget may be
// exceeded by that overcommit, and by that of a settled lease (Lease.settle) of another caller
// until it ends.
import { currentClaimant, type Claimant } from './call-scope.js';
import { FairQueue, type Ticket } from './fair-queue.js';

/** Why a wait for budget ended without a grant. */
export class BudgetWaitAborted extends Error {
  constructor(readonly reason: unknown) {
    super('The wait for body memory was aborted.');
    this.name = 'BudgetWaitAborted';
  }
}

export interface BudgetStats {
  limitBytes: number;
  /** Bytes held by live leases (may exceed the limit by their overcommits). */
  usedBytes: number;
  /** Of those, the overcommits: what the oldest lease, and settled leases while they last, got beyond the rules. */
  overBytes: number;
  /** Highest usedBytes seen. */
  peakBytes: number;
  /** Readers waiting for a share now. */
  waiting: number;
  /** Live leases, settled ones (Lease.settle) not included. */
  leases: number;
  /** Grants that had to wait, since start. */
  waited: number;
  /** Bytes granted in total since start (growth only): how much body memory went through. */
  chargedBytes: number;
}

/**
 * How a budget other than the body budget departs from its rules (the body budget takes none).
 * A batch's results (batch/held-results.ts) hold their room for as long as the batch runs, a
 * minute or two, where a body holds its share for a read, and the oldest lease's overcommit may
 * be a whole batch's results, where a body's is one share.
 */
export interface BudgetRules {
  /**
   * Keep the quarter for other callers even while one caller is alone: a caller alone that took
   * the whole budget would keep the next caller waiting past its deadline. @default false
   */
  reserveWhileAlone?: boolean;
  /**
   * Leave the oldest lease's overcommit out of every line (it always counts in what the budget
   * holds), so that it cannot take the quarter kept for others; else only out of the last
   * eighth's. @default false
   */
  overcommitLeftOut?: boolean;
}

/** One body's share of the budget. */
export interface Lease {
  readonly bytes: number;
  /**
   * Makes the share at least `bytes`; waits while the budget is short (unless this is the
   * oldest lease). Rejects with BudgetWaitAborted when `signal` aborts first.
   */
  grow(bytes: number, signal?: AbortSignal): Promise<void>;
  /**
   * Sets the share to `bytes` at once (never waits): use it to shrink to what was really kept.
   * `garbage: false`: what goes back is no garbage of this thread's whatever garbageHere says
   * (memory a decoder held, or headroom never allocated), so onReleased does not hear of it.
   */
  set(bytes: number, garbage?: boolean): void;
  /** Gives the share back; later calls do nothing. */
  release(): void;
  /**
   * What the share covers will not grow again, but is still held (a finished batch's results
   * while its answer is sent): it stays counted until release(), and leaves the order of
   * leases, so the next lease still growing becomes the oldest (whose growth is what lets every
   * lease go on: the share's release may wait for a caller that reads its answers only once its
   * other calls have answered). An overcommit it had stays one, left out where the oldest's is,
   * and until its release its caller's oldest lease is granted none (else a caller whose answers
   * wait unread would add one overcommit per answer). For a share that is not waiting to grow.
   */
  settle(): void;
  /**
   * Whether what the share covers is this thread's garbage once given back (onReleased hears
   * only of those; yes unless set). A body whose bytes moved to a worker leaves none here.
   */
  garbageHere: () => boolean;
}

interface Waiter {
  lease: LeaseImpl;
  ticket: Ticket<Waiter>;
  /** Bytes the lease will hold once granted. */
  target: number;
  grant(): void;
}

let nextSerial = 0;

interface LeaseImpl extends Lease {
  serial: number;
  held: number;
  /** Bytes of `held` granted beyond the rules, as the oldest lease (its overcommit). */
  excess: number;
  live: boolean;
  /** Settled (Lease.settle): counted, out of the order of leases; 'over' when it held an overcommit then. */
  settled: false | 'over' | 'within';
  claimant: Claimant;
  /** Its wait for room, while it waits (a lease grows one step at a time). */
  waiting: Waiter | null;
}

export class MemoryBudget {
  private used = 0;
  /** Bytes held beyond the rules by the oldest lease and by settled leases that had some. */
  private over = 0;
  private peak = 0;
  private waitedCount = 0;
  private charged = 0;
  private readonly waiters = new FairQueue<Waiter>();
  /** Live leases in the order they were taken (oldest first), but for settled ones. */
  private readonly live = new Set<LeaseImpl>();
  /** Settled leases holding an overcommit, by caller: while any, the caller's oldest lease gets no more. */
  private readonly settledOver = new Map<string, number>();
  /** Bytes held by each caller's live leases. */
  private readonly usedBy = new Map<string, number>();
  /** What a caller may not take while other callers are active: the last quarter. */
  private readonly reserveBytes: number;
  /** The last eighth: only callers within their slice of it may grow into it. */
  private readonly sliceBytes: number;

  /**
   * Called with the bytes each time shares shrink or end (after the budget has been updated), but
   * not for a share whose bytes are not this thread's garbage (Lease.garbageHere).
   */
  onReleased: ((bytes: number) => void) | null = null;

  constructor(
    readonly limitBytes: number,
    private readonly rules: BudgetRules = {},
  ) {
    this.reserveBytes = Math.floor(limitBytes / 4);
    this.sliceBytes = Math.floor(limitBytes / 8);
  }

  /** Bytes `caller`'s live leases hold. */
  usedOf(caller: string): number {
    return this.usedBy.get(caller) ?? 0;
  }

  stats(): BudgetStats {
    return {
      limitBytes: this.limitBytes,
      usedBytes: this.used,
      overBytes: this.over,
      peakBytes: this.peak,
      waiting: this.waiters.size,
      leases: this.live.size,
      waited: this.waitedCount,
      chargedBytes: this.charged,
    };
  }

  /** A lease of `bytes` for `claimant` (the current call's caller by default); waits for room like grow(). */
  async acquire(bytes: number, signal?: AbortSignal, claimant: Claimant = currentClaimant()): Promise<Lease> {
    const lease = this.newLease(claimant);
    try {
      await lease.grow(bytes, signal);
    } catch (err) {
      lease.release();
      throw err;
    }
    return lease;
  }

  private newLease(claimant: Claimant): LeaseImpl {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const budget = this;
    const lease: LeaseImpl = {
      serial: nextSerial++,
      held: 0,
      excess: 0,
      live: true,
      settled: false,
      claimant,
      waiting: null,
      garbageHere: () => true,
      get bytes() {
        return lease.held;
      },
      grow(bytes, signal) {
        return budget.grow(lease, bytes, signal);
      },
      set(bytes, garbage = true) {
        if (!lease.live) return;
        budget.adjust(lease, Math.max(0, bytes), garbage);
        budget.drain();
      },
      release() {
        if (!lease.live) return;
        if (lease.settled) budget.unsettle(lease);
        budget.adjust(lease, 0);
        lease.live = false;
        budget.live.delete(lease);
        if (lease.waiting) budget.waiters.cancel(lease.waiting.ticket);
        lease.waiting = null;
        budget.drain();
      },
      settle() {
        if (!lease.live || lease.settled) return;
        lease.settled = lease.excess > 0 ? 'over' : 'within';
        budget.live.delete(lease);
        const caller = lease.claimant.caller;
        if (lease.settled === 'over') budget.settledOver.set(caller, (budget.settledOver.get(caller) ?? 0) + 1);
        budget.drain();
      },
    };
    this.live.add(lease);
    return lease;
  }

  private grow(lease: LeaseImpl, bytes: number, signal?: AbortSignal): Promise<void> {
    if (!lease.live || bytes <= lease.held) return Promise.resolve();
    if (signal?.aborted) return Promise.reject(new BudgetWaitAborted(signal.reason));
    const caller = lease.claimant.caller;
    // Earlier waiters first (a change with time, a caller's linger ending, may let one in); then
    // this one at once if it fits and its caller has nobody waiting ahead of it.
    this.drain();
    if (this.waiters.sizeOf(caller) === 0 && (this.fits(lease, bytes) || this.overcommitter() === lease)) {
      this.grant(lease, bytes);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.waiters.cancel(waiter.ticket);
        lease.waiting = null;
        reject(new BudgetWaitAborted(signal!.reason));
        this.drain();
      };
      const waiter = {
        lease,
        target: bytes,
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          lease.waiting = null;
          this.grant(lease, bytes);
          this.waitedCount++;
          resolve();
        },
      } as Waiter;
      // A caller holding none of the budget is served before the round (fair-queue.ts).
      waiter.ticket = this.waiters.push(caller, waiter, !this.usedBy.has(caller));
      lease.waiting = waiter;
      signal?.addEventListener('abort', onAbort, { once: true });
      // This lease may be the oldest (then it never waits), or the budget may have room.
      this.drain();
    });
  }

  /**
   * Room under the rules for the lease to hold `bytes`: within the budget, and while other
   * callers are active, within three quarters for its caller, and past three quarters of the
   * budget within its caller's fair share, past seven eighths within its caller's slice of the
   * last eighth. The last eighth is judged without the oldest lease's overcommit (so that
   * cannot take a caller's slice); the other lines with it (so it holds back the rest), unless
   * the rules leave it out of them (BudgetRules).
   */
  private fits(lease: LeaseImpl, bytes: number): boolean {
    const delta = bytes - lease.held;
    const withoutOver = this.used + delta - this.over;
    const after = this.rules.overcommitLeftOut ? withoutOver : withoutOver + this.over;
    const { claimant } = lease;
    if (!claimant.othersActive() && !this.rules.reserveWhileAlone) return after <= this.limitBytes;
    const mine = this.usedOf(claimant.caller) + delta;
    if (mine > this.limitBytes - this.reserveBytes) return false;
    const active = claimant.activeCallers();
    if (mine <= this.sliceBytes / (active + 1)) return withoutOver <= this.limitBytes;
    if (after <= this.limitBytes - this.reserveBytes) return true;
    return after <= this.limitBytes - this.sliceBytes && mine <= this.limitBytes / active;
  }

  /** Sets the lease to `bytes`; growth the rules do not allow (the oldest lease's) is its overcommit. */
  private grant(lease: LeaseImpl, bytes: number): void {
    const beyond = this.fits(lease, bytes) ? 0 : bytes - lease.held;
    this.adjust(lease, bytes);
    lease.excess += beyond;
    this.over += beyond;
  }

  private oldest(): LeaseImpl | undefined {
    return this.live.values().next().value;
  }

  /** The oldest lease, unless its caller still holds a settled lease's overcommit. */
  private overcommitter(): LeaseImpl | undefined {
    const oldest = this.oldest();
    return oldest && !this.settledOver.has(oldest.claimant.caller) ? oldest : undefined;
  }

  private unsettle(lease: LeaseImpl): void {
    if (lease.settled !== 'over') return;
    const caller = lease.claimant.caller;
    const n = (this.settledOver.get(caller) ?? 0) - 1;
    if (n > 0) this.settledOver.set(caller, n);
    else this.settledOver.delete(caller);
  }

  private adjust(lease: LeaseImpl, bytes: number, garbage = true): void {
    const delta = bytes - lease.held;
    if (delta > 0) this.charged += delta;
    this.used += delta;
    lease.held = bytes;
    // A share never holds more overcommit than bytes (so a shrink never raises what the rules count).
    const excess = Math.min(lease.excess, bytes);
    this.over -= lease.excess - excess;
    lease.excess = excess;
    const caller = lease.claimant.caller;
    const mine = this.usedOf(caller) + delta;
    if (mine > 0) this.usedBy.set(caller, mine);
    else this.usedBy.delete(caller);
    if (this.used > this.peak) this.peak = this.used;
    if (delta < 0 && garbage && lease.garbageHere()) this.onReleased?.(-delta);
  }

  // Round robin between callers (first come, first served within one), except that the oldest
  // lease's growth is granted wherever it waits: it is what guarantees progress, since every
  // other lease waits, directly or not, for it.
  private drain(): void {
    if (this.waiters.size === 0) return;
    const first = this.overcommitter()?.waiting;
    if (first) {
      this.waiters.cancel(first.ticket, true);
      first.grant();
    }
    for (;;) {
      const next = this.waiters.shift((w) => this.fits(w.lease, w.target));
      if (!next) return;
      next.grant();
    }
  }
}
