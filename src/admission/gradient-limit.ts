// The adaptive concurrency limit: how many tool calls may run at once. It follows Netflix
// concurrency-limits' Gradient2 (newLimit = limit * gradient + queueSize, smoothed), with one
// change: the gradient compares a CoDel-style *standing queue delay* at the scarce resource
// (the worker threads) with a target, instead of comparing short- and long-term round trips.
// A call's round trip here is mostly a remote site's latency (a slow target takes 10 s and uses
// no CPU), so round-trip gradients would shrink the limit for the wrong reason; the minimum wait
// for a free worker over an interval rises only when our own CPU capacity is the bottleneck.
// Calls that use no worker (status probes, fetch-bound calls) queue for the main thread instead,
// and a loop that turns quickly shows no delay however saturated it is; for them the signal is
// the main event loop's utilisation: a loop that is never idle cannot serve more calls at once,
// and each one admitted beyond that waits inside the service, holding memory and timers, instead
// of in the admission queue. See docs/admission.md.

export interface CongestionSample {
  /** Smallest wait for a free worker among tasks started in the interval; null if none started. */
  standingDelayMs: number | null;
  /** Mean time a worker task ran in the interval; null if none finished. */
  taskRunMs: number | null;
  /** Share of the interval the main event loop was not idle (0-1); null or absent: not measured. */
  mainThreadBusy?: number | null;
}

/** Main-thread utilisation up to which more calls may still help; above it the limit shrinks. */
export const MAIN_THREAD_BUSY_TARGET = 0.9;

export interface GradientLimitOptions {
  min: number;
  max: number;
  initial: number;
  /** Lowest queue-delay target, for pages that parse in well under a millisecond. @default 10 */
  targetFloorMs?: number;
  /** Fraction of the computed change applied per update (Gradient2's smoothing). @default 0.5 */
  smoothing?: number;
}

export class GradientLimit {
  private value: number;
  private readonly min: number;
  private readonly max: number;
  private readonly targetFloorMs: number;
  private readonly smoothing: number;
  private runMs: number | null = null;

  constructor(opts: GradientLimitOptions) {
    this.min = Math.max(1, opts.min);
    this.max = Math.max(this.min, opts.max);
    this.value = Math.min(this.max, Math.max(this.min, opts.initial));
    this.targetFloorMs = opts.targetFloorMs ?? 10;
    this.smoothing = opts.smoothing ?? 0.5;
  }

  /** The current limit, a whole number of calls. */
  get limit(): number {
    return Math.floor(this.value);
  }

  /** The queue delay the limit aims at: about two tasks' run time, so every worker has the next page ready. */
  get targetMs(): number {
    return Math.max(this.targetFloorMs, 2 * (this.runMs ?? 0));
  }

  /**
   * One control step. `limited` says whether calls had to wait for the limit during the interval:
   * an application-limited service (fewer callers than the limit) must not grow its limit.
   */
  update(sample: CongestionSample, limited: boolean): number {
    if (sample.taskRunMs !== null)
      this.runMs = this.runMs === null ? sample.taskRunMs : 0.8 * this.runMs + 0.2 * sample.taskRunMs;
    const delay = sample.standingDelayMs;
    const workers = delay === null || delay <= 0 ? 1 : Math.max(0.5, Math.min(1, this.targetMs / delay));
    // From 1 at the target down to 0.5 for a loop that was never idle.
    const busy = sample.mainThreadBusy ?? 0;
    const over = (busy - MAIN_THREAD_BUSY_TARGET) / (1 - MAIN_THREAD_BUSY_TARGET);
    const mainThread = busy > MAIN_THREAD_BUSY_TARGET ? Math.max(0.5, 1 - 0.5 * Math.min(1, over)) : 1;
    const gradient = Math.min(workers, mainThread);
    // Headroom as in Gradient2 (the square root of the limit, so growth is quick when small), but
    // only without a standing queue: Gradient2 adds it always, which settles at
    // limit = 1/(1 - gradient)^2 and lets the limit grow while the workers are congested.
    const headroom = limited && gradient >= 1 ? Math.sqrt(this.value) : 0;
    const next = this.value * gradient + headroom;
    this.value = Math.min(this.max, Math.max(this.min, this.value + this.smoothing * (next - this.value)));
    return this.limit;
  }
}
