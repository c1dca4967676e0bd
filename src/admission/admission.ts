// Admission control shared by every front end (HTTP routes, /mcp, anything else that runs tool
// calls for strangers): a call starts now if fewer than `limit` calls are running, else it waits
// in a queue bounded by count and by time. It is shed (Overloaded) only when the queue is full
// on arrival (answered at once) or when it could not start within its queueing budget.
// The limit adapts to the real capacity below (see gradient-limit.ts and docs/admission.md).
// The slots are shared fairly between callers (fair-slots.ts): a line per caller, served round
// robin, and a quarter of the limit kept for others while more than one caller is active. A
// full queue makes room by shedding the newest call of the longest line, never a call of a
// caller with fewer waiting.
import { claimantOf } from './call-scope.js';
import { Callers, LOCAL_CALLER } from './callers.js';
import { FairSlots, type Release } from './fair-slots.js';
import { GradientLimit, type CongestionSample } from './gradient-limit.js';
import { BYTES_PER_BODY_BYTE } from './body-memory.js';
import { IdleCollector } from './idle-gc.js';
import type { MemoryBudget } from './memory-budget.js';
import { Overloaded, type ShedReason } from './overloaded.js';
import { runAsCaller, type Shares } from './run-as-caller.js';

/** Where the congestion signal comes from: the worker pool's slot statistics. */
export interface CapacitySource {
  /** mainThreadBusy: the main event loop's utilisation over the window (gradient-limit.ts). */
  takeWindow(): { minWaitMs: number | null; meanHoldMs: number | null; mainThreadBusy?: number | null };
}

/** Hooks for metrics; all optional. */
export interface AdmissionObserver {
  /** A call started; `waitedMs` is its time in the queue (0 when it started at once). */
  onStart?(tool: string, waitedMs: number): void;
  onShed?(tool: string, reason: ShedReason): void;
}

export interface AdmissionOptions {
  /** Ceiling of the adaptive limit; 0 turns admission off (every call starts at once). */
  maxConcurrency: number;
  /** Floor of the adaptive limit. */
  minConcurrency: number;
  /** Limit at start, before any measurement. */
  initialConcurrency: number;
  /** Calls that may wait; one more is shed at once. 0 = no queue. */
  queueMax: number;
  /** Longest a call may wait to start before it is shed. */
  queueTimeoutMs: number;
  capacity?: CapacitySource | undefined;
  /** How often the limit is recomputed (at most; only when calls come or go). @default 250 */
  adjustIntervalMs?: number;
  observer?: AdmissionObserver;
  /** Memory for the response bodies admitted calls hold (see body-memory.ts); none: unbounded. */
  bodyMemory?: MemoryBudget | null | undefined;
  /** The process's active callers (shared with queue jobs run here). @default a registry of its own */
  callers?: Callers;
}

/** Seconds a shed caller is told to wait when there is no better estimate. */
const DEFAULT_RETRY_AFTER_S = 5;

export class Admission {
  private readonly opts: AdmissionOptions;
  private readonly limiter: GradientLimit | null;
  private readonly slots: FairSlots;
  private readonly shares: Shares;
  private lastAdjust = performance.now();
  private limitedInWindow = false;
  private startsInWindow = 0;
  private startsPerSecond = 0;
  private ticker: NodeJS.Timeout | null = null;
  private readonly shedCounts: Record<ShedReason, number> = {
    queue_full: 0,
    queue_timeout: 0,
    event_loop: 0,
    draining: 0,
  };
  private readonly idleCollector: IdleCollector | null;
  private readonly queueTimeouts = new Map<string, () => Error>();

  constructor(opts: AdmissionOptions) {
    this.opts = opts;
    const max = opts.maxConcurrency;
    this.limiter =
      max > 0
        ? new GradientLimit({
            max,
            min: Math.min(max, opts.minConcurrency),
            initial: Math.min(max, opts.initialConcurrency),
          })
        : null;
    this.slots = new FairSlots({ capacity: () => this.limit, overcommit: true, maxWaitMs: opts.queueTimeoutMs });
    this.shares = { callers: opts.callers ?? new Callers(), bodyMemory: opts.bodyMemory ?? null };
    const budget = opts.bodyMemory;
    this.idleCollector = budget ? new IdleCollector(() => budget.stats().chargedBytes) : null;
    if (budget && this.idleCollector) {
      const collector = this.idleCollector;
      collector.releasedThresholdBytes = budget.limitBytes;
      // A budget's worth of shares stands for limitBytes / BYTES_PER_BODY_BYTE of bodies' bytes.
      const floor = Math.floor(budget.limitBytes / BYTES_PER_BODY_BYTE);
      collector.heldFloorBytes = () => floor;
      budget.onReleased = (bytes) => collector.released(bytes);
    }
  }

  /** Whether calls are limited at all (URLKIT_MAX_IN_FLIGHT > 0). */
  get enabled(): boolean {
    return this.limiter !== null;
  }

  /** The body-memory budget admitted calls share, if any. */
  get bodyMemory(): MemoryBudget | null {
    return this.opts.bodyMemory ?? null;
  }

  /** Calls that may run at once now. */
  get limit(): number {
    return this.limiter?.limit ?? Infinity;
  }

  get inFlight(): number {
    return this.slots.busy;
  }

  get queued(): number {
    return this.slots.queued;
  }

  /** Every slot is taken and the queue is full. */
  get full(): boolean {
    return this.limiter !== null && this.slots.busy >= this.limiter.limit && this.slots.queued >= this.opts.queueMax;
  }

  /**
   * A new call of `caller` would be shed at once: the queue is full and no other caller has
   * more calls waiting (else the newest of those makes room).
   */
  fullFor(caller: string): boolean {
    if (!this.full) return false;
    const longest = this.slots.longestQueue();
    return longest === undefined || this.slots.queuedOf(caller) >= this.slots.queuedOf(longest);
  }

  /** Sheds so far, by reason (including those recorded by front ends through shed()). */
  get sheds(): Readonly<Record<ShedReason, number>> {
    return this.shedCounts;
  }

  /**
   * Whether `caller` has at least as many calls running or waiting as any other caller: when
   * the event loop is starved, the service sheds that caller's new calls and lets the lighter
   * callers' through.
   */
  isHeaviest(caller: string): boolean {
    return this.slots.isHeaviest(caller);
  }

  /** Seconds until a new call could probably start: queue length over the recent start rate. */
  retryAfterS(): number {
    if (this.startsPerSecond <= 0) return DEFAULT_RETRY_AFTER_S;
    return Math.min(60, Math.max(1, Math.ceil((this.slots.queued + 1) / this.startsPerSecond)));
  }

  /**
   * Runs `fn` as a call of `caller` (the API key, else the client address) once it is admitted.
   * Rejects with Overloaded when shed, or with the signal's reason when the caller goes away
   * while waiting; `fn` is then never called.
   */
  async run<T>(
    tool: string,
    signal: AbortSignal | undefined,
    fn: () => Promise<T>,
    caller: string = LOCAL_CALLER,
  ): Promise<T> {
    const release = await this.acquire(tool, caller, signal);
    try {
      return await runAsCaller(this.shares, caller, fn);
    } finally {
      release();
      this.released();
    }
  }

  /** Builds (and counts) the Overloaded error for a shed decided outside the queue, e.g. the event-loop guard. */
  shed(tool: string, reason: ShedReason, message: string, retryAfterS = this.retryAfterS()): Overloaded {
    this.shedCounts[reason]++;
    this.opts.observer?.onShed?.(tool, reason);
    return new Overloaded(reason, retryAfterS, message);
  }

  /** A full queue's answer, for front ends that check before reading the request body. */
  shedFull(tool: string): Overloaded {
    return this.shed(
      tool,
      'queue_full',
      `The service is at capacity and ${this.slots.queued} calls are already waiting; ` +
        'retry after the time in Retry-After.',
    );
  }

  private async acquire(tool: string, caller: string, signal: AbortSignal | undefined): Promise<Release> {
    if (signal?.aborted) throw signal.reason;
    this.maybeAdjust();
    const claimant = claimantOf(caller, this.shares.callers);
    const now = this.slots.tryAcquire(claimant);
    if (now) {
      this.started(tool, 0);
      return now;
    }
    // Limited by the service only when every slot is taken; a call that waits because its caller
    // holds its share already is that caller's backlog, and must not grow the limit (which would
    // let the same caller hold more).
    if (this.atLimit()) this.limitedInWindow = true;
    if (this.slots.queued >= this.opts.queueMax) {
      if (this.fullFor(caller)) throw this.shedFull(tool);
      // Room is made in the longest line, whose caller has more waiting than this one.
      this.slots.rejectNewest(this.slots.longestQueue()!, this.shedFull(tool));
    }
    const queuedAt = performance.now();
    this.tickWhileQueued();
    const release = await this.slots.acquire(claimant, signal, this.queueTimeoutOf(tool));
    this.started(tool, performance.now() - queuedAt);
    return release;
  }

  /** The shed of a call of `tool` that waited its whole queueing budget (one function per tool). */
  private queueTimeoutOf(tool: string): () => Error {
    let shed = this.queueTimeouts.get(tool);
    if (!shed) {
      shed = () =>
        this.shed(
          tool,
          'queue_timeout',
          `The call could not start within ${this.opts.queueTimeoutMs} ms; the service is at capacity. ` +
            'Retry after the time in Retry-After.',
        );
      this.queueTimeouts.set(tool, shed);
    }
    return shed;
  }

  // The limit is recomputed as calls come and go; while calls wait and none come or go (every
  // slot held by a slow remote site, say), a timer keeps the limit moving so it can grow.
  private tickWhileQueued(): void {
    if (this.ticker) return;
    this.ticker = setInterval(() => {
      this.maybeAdjust();
      if (this.slots.queued === 0 && this.ticker) {
        clearInterval(this.ticker);
        this.ticker = null;
      }
    }, this.opts.adjustIntervalMs ?? 250);
    this.ticker.unref();
  }

  private atLimit(): boolean {
    return this.slots.busy >= this.limit;
  }

  private started(tool: string, waitedMs: number): void {
    this.startsInWindow++;
    this.opts.observer?.onStart?.(tool, waitedMs);
  }

  private released(): void {
    this.maybeAdjust();
    if (this.slots.busy === 0) this.idleCollector?.idle(() => this.slots.busy === 0);
  }

  private maybeAdjust(): void {
    const now = performance.now();
    const elapsed = now - this.lastAdjust;
    if (elapsed < (this.opts.adjustIntervalMs ?? 250)) return;
    this.lastAdjust = now;
    const rate = (this.startsInWindow * 1000) / elapsed;
    this.startsPerSecond = this.startsPerSecond === 0 ? rate : 0.7 * this.startsPerSecond + 0.3 * rate;
    this.startsInWindow = 0;
    if (this.limiter) {
      const window = this.opts.capacity?.takeWindow();
      const sample: CongestionSample = {
        standingDelayMs: window?.minWaitMs ?? null,
        taskRunMs: window?.meanHoldMs ?? null,
        mainThreadBusy: window?.mainThreadBusy ?? null,
      };
      this.limiter.update(sample, this.limitedInWindow || (this.slots.queued > 0 && this.atLimit()));
    }
    this.limitedInWindow = this.slots.queued > 0 && this.atLimit();
    this.slots.drain();
  }
}
