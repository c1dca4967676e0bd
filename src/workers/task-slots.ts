// One slot per worker thread, shared fairly between callers (admission/fair-slots.ts: a line
// per caller served round robin, and a reserve no caller may take while others are active, so
// one caller's 40 pages that each cost the whole task budget wait behind each other, not in
// front of another caller's page). Tasks wait here, not in piscina's queue, so a task's time
// budget starts when a worker actually takes it.
// A large page (page-processes.ts, LARGE_PAGE_CHARS) also takes the large-page slot, one for the
// pool whatever its threads, before its worker slot: parsing one holds 50-100 MiB more than an
// ordinary page for the seconds it takes, and that is what set the service's peak memory when
// several workers parsed one at once (docs/admission.md, "Memory").
// It also measures what admission control needs (src/admission/): how long tasks waited for a
// worker (the smallest wait in an interval shows a standing queue, as in CoDel), how long they
// ran, and what fraction of the workers' time was busy.
import { currentClaimant, type Claimant } from '../admission/call-scope.js';
import { FairSlots } from '../admission/fair-slots.js';
import type { Lane } from './thread-lanes.js';
import { WorkerShares } from './worker-shares.js';

/** What the slots saw since the previous takeWindow(). */
export interface SlotWindow {
  /** Smallest wait for a slot among tasks granted in the window; null if none was granted. */
  minWaitMs: number | null;
  /** Mean time a slot was held, over slots released in the window; null if none was. */
  meanHoldMs: number | null;
  granted: number;
}

/** Large pages parsed at once in the worker threads, however many there are (above). */
export const LARGE_PAGE_SLOTS = 1;

export class TaskSlots {
  private readonly size: number;
  private readonly slots: FairSlots;
  /** Large pages parsed at once (above). */
  private readonly largeSlots: FairSlots;
  /** Each caller's worker time lately, which decides its tasks' lane (worker-shares.ts). */
  private readonly shares = new WorkerShares();
  /** Every slot is held for maintenance (tryTakeAll): none is granted meanwhile. */
  private maintenance = false;
  private held = 0;
  private windowMinWait: number | null = null;
  private windowGranted = 0;
  private windowHoldSum = 0;
  private windowHeld = 0;
  private busyIntegralMs = 0;
  private busySince = performance.now();

  constructor(size: number) {
    this.size = Math.max(1, size);
    this.slots = new FairSlots({
      capacity: () => (this.maintenance ? 0 : this.size),
      onGrant: (waitedMs) => {
        this.windowMinWait = this.windowMinWait === null ? waitedMs : Math.min(this.windowMinWait, waitedMs);
        this.windowGranted++;
      },
    });
    this.largeSlots = new FairSlots({ capacity: () => LARGE_PAGE_SLOTS });
  }

  /**
   * Resolves with a release function once a slot is free for the current caller (or
   * `claimant`); rejects with the signal's reason if aborted first, or with `timedOut()` once
   * `dueAt` (epoch ms) passes (fair-slots.ts: one error for the requests due together). A `large`
   * page's task waits for a large-page slot first, then for a worker slot, both by the same rules.
   */
  async acquire(
    signal?: AbortSignal,
    claimant: Claimant = currentClaimant(),
    due?: { at: number; timedOut: () => Error },
    large = false,
  ): Promise<() => void> {
    // Taken at once when free, so that the worker slot is asked for in the same turn as an ordinary
    // page's would be: a large page does not lose its place to a page that came after it.
    const largeRelease = large
      ? (this.largeSlots.tryAcquire(claimant) ??
        (await this.largeSlots.acquire(claimant, signal, due?.timedOut, due?.at)))
      : null;
    let workerRelease: () => void;
    try {
      workerRelease = await this.slots.acquire(claimant, signal, due?.timedOut, due?.at);
    } catch (err) {
      largeRelease?.();
      throw err;
    }
    const release = () => {
      workerRelease();
      largeRelease?.();
    };
    this.accrueBusy();
    this.held++;
    const grantedAt = performance.now();
    const used = this.shares.start(claimant.caller, grantedAt);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      used();
      this.windowHoldSum += performance.now() - grantedAt;
      this.windowHeld++;
      this.accrueBusy();
      this.held--;
      release();
    };
  }

  get queued(): number {
    return this.slots.queued + this.largeSlots.queued;
  }

  /**
   * The threads a task of `claimant` goes to (thread-lanes.ts): niced ones while other callers are
   * active and it took much more worker time lately than its part (worker-shares.ts), else those
   * at the service's priority.
   */
  laneOf(claimant: Claimant): Lane {
    return claimant.othersActive() && this.shares.isHeavy(claimant.caller, claimant.activeCallers()) ? 'low' : 'normal';
  }

  /** Slots held right now. */
  get busy(): number {
    return this.slots.busy;
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
    if (this.maintenance || this.slots.busy > 0 || this.slots.queued > 0) return null;
    this.maintenance = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // Idle time, not work: keep the maintenance out of the busy integral.
      this.busySince = performance.now();
      this.maintenance = false;
      this.slots.drain();
    };
  }

  /** Returns and resets the wait and hold statistics gathered since the last call. */
  takeWindow(): SlotWindow {
    // Nobody got a worker in the window but some wait: the oldest one's wait so far is the delay.
    const minWaitMs = this.windowMinWait ?? this.slots.oldestWaitMs();
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
    this.busyIntegralMs += this.held * (now - this.busySince);
    this.busySince = now;
  }
}
