// Whether a body being read stands for any work of its host. A connection counts against the
// host's limit (host-limiter.ts) so that we do not load the host; while no bytes come (the
// host trickles a byte every few seconds, or we stopped reading to wait for body memory), the
// connection loads nobody, and it should not keep other callers' requests to that host
// waiting. A healthy transfer's chunks come milliseconds apart, so a second without one is
// idle; the next chunk makes the body busy again. A short wait for memory is not idle: the
// slot is lent only after a second with no bytes, whatever the reason.

/** No wire bytes for this long: the body is idle. */
export const BODY_IDLE_AFTER_MS = 1000;

export class BodyIdleness {
  private lastByteAt = performance.now();
  private timer: NodeJS.Timeout | null = null;
  private idle = false;
  private stopped = false;

  constructor(private readonly mark: ((idle: boolean) => void) | undefined) {
    if (mark) this.arm(BODY_IDLE_AFTER_MS);
  }

  /** Wire bytes arrived. */
  bytes(): void {
    if (!this.mark || this.stopped) return;
    this.lastByteAt = performance.now();
    if (this.idle) {
      this.idle = false;
      this.mark(false);
    }
    if (!this.timer) this.arm(BODY_IDLE_AFTER_MS);
  }

  /** The body is done: its slot is about to be released as it is. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stopped) return;
      const quiet = performance.now() - this.lastByteAt;
      if (quiet < BODY_IDLE_AFTER_MS) return this.arm(BODY_IDLE_AFTER_MS - quiet);
      this.idle = true;
      this.mark!(true);
    }, ms);
    this.timer.unref();
  }
}
