// The last-resort guard: when the main event loop is held up by the main thread's own work (a
// sampled mean delay over the trip threshold), new tool calls are shed before they cost anything
// more. Admission's queue handles ordinary overload; this guard is for a loop that cannot even
// run the queue. Hysteresis: once tripped it stays tripped until the delay falls below half the
// threshold, so it does not flap on every sample. The delay read is the loop's own
// (own-loop-delay.ts): busy worker threads do not delay it, and neither does a machine whose CPUs
// other processes hold, which shedding could not help.

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
    // Infinity (a loop blocked for good) trips it like any delay over the threshold.
    if (!this.trippedFlag && delay > this.tripMs) this.trippedFlag = true;
    else if (this.trippedFlag && delay < this.releaseMs) this.trippedFlag = false;
    return this.trippedFlag;
  }

  get tripped(): boolean {
    return this.check();
  }
}
