// The last-resort guard: when the main event loop itself is starved (a sampled mean delay over
// the trip threshold), new tool calls are shed before they cost anything more. Admission's
// queue handles ordinary overload; this guard is for a loop that cannot even run the queue.
// Hysteresis: once tripped it stays tripped until the delay falls below half the threshold, so
// it does not flap on every sample. The delay is the main thread's own (busy worker threads do
// not delay it), sampled by @fastify/under-pressure.

export class LoopGuard {
  private trippedFlag = false;
  private readonly releaseMs: number;

  constructor(
    /** Mean event-loop delay (ms) that trips the guard; 0 disables it. */
    private readonly tripMs: number,
    /** Reads the latest sampled mean delay in ms. */
    private readonly readDelayMs: () => number,
  ) {
    this.releaseMs = tripMs / 2;
  }

  /** Whether new calls should be shed now; updates the tripped state from the latest sample. */
  check(): boolean {
    if (this.tripMs <= 0) return false;
    const delay = this.readDelayMs();
    // under-pressure reports Infinity for an interval in which its histogram could not take a
    // single sample: the loop was blocked for the whole interval, the starkest case of all.
    // (That holds while the sample interval is well above the histogram's 10 ms resolution, as
    // with the 1 s default; at 10 ms an idle interval can also come back empty.)
    if (!this.trippedFlag && delay > this.tripMs) this.trippedFlag = true;
    else if (this.trippedFlag && delay < this.releaseMs) this.trippedFlag = false;
    return this.trippedFlag;
  }

  get tripped(): boolean {
    return this.check();
  }
}
