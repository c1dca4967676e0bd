// Whether a body being read stands for any work of its host. A connection counts against the
// host's limit (host-limiter.ts) so that we do not load the host; while the host sends nothing
// (a body trickling a byte every few seconds) or we read nothing (the reader waits for body
// memory), the connection loads nobody, and it should not keep other callers' requests to that
// host waiting. A healthy transfer's chunks come milliseconds apart, so a second without one
// is idle; the next chunk makes it busy again.

/** No wire bytes for this long: the body is idle. */
export const BODY_IDLE_AFTER_MS = 1000;

export class BodyIdleness {
  private lastByteAt = performance.now();
  private timer: NodeJS.Timeout | null = null;
  private idle = false;
  private waiting = false;
  private stopped = false;

  constructor(private readonly mark: ((idle: boolean) => void) | undefined) {
    if (mark) this.arm(BODY_IDLE_AFTER_MS);
  }

  /** Wire bytes arrived. */
  bytes(): void {
    if (!this.mark || this.stopped) return;
    this.lastByteAt = performance.now();
    if (this.idle && !this.waiting) this.set(false);
    if (!this.timer && !this.waiting) this.arm(BODY_IDLE_AFTER_MS);
  }

  /** The reader waits for something other than the host (body memory): idle until `resume`. */
  pause(): void {
    if (!this.mark || this.stopped) return;
    this.waiting = true;
    this.clear();
    this.set(true);
  }

  resume(): void {
    if (!this.mark || this.stopped || !this.waiting) return;
    this.waiting = false;
    this.lastByteAt = performance.now();
    this.set(false);
    this.arm(BODY_IDLE_AFTER_MS);
  }

  /** The body is done: its slot is about to be released, so it is left as it is. */
  stop(): void {
    this.stopped = true;
    this.clear();
  }

  private set(idle: boolean): void {
    if (idle === this.idle) return;
    this.idle = idle;
    this.mark!(idle);
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stopped || this.waiting) return;
      const quiet = performance.now() - this.lastByteAt;
      if (quiet >= BODY_IDLE_AFTER_MS) this.set(true);
      else this.arm(BODY_IDLE_AFTER_MS - quiet);
    }, ms);
    this.timer.unref();
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
