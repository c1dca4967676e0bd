// The minimum transfer rate of a response body. A body that sends a few megabytes and then a
// byte every few seconds holds its share of the body-memory budget until its deadline, and six
// of them filled the budget. So once a body has been read for the grace, every following
// window of that length must bring at least `bytesPerS` x the window's seconds of wire bytes,
// or the body is cut off (`timeout`). Only time spent waiting on the server counts: while the
// reader waits for room in the body-memory budget it does not read, so the server cannot send,
// and that time is left out (the window starts again once reading resumes).
import { ItemFailure } from '../errors/codes.js';

export interface MinTransferRate {
  /** Bytes per second a body must keep arriving at; 0 turns the rule off. */
  bytesPerS: number;
  /** The grace before the first judgement, and the window the rate is averaged over (ms). */
  windowMs: number;
}

export class RateFloor {
  private timer: NodeJS.Timeout | null = null;
  /** Bumped by every (re)start and pause: a judgement of an older window is dropped. */
  private window = 0;
  private inWindow = 0;
  private stopped = false;

  constructor(
    private readonly rule: MinTransferRate,
    /** Called once, when a window brought too few bytes. */
    private readonly tooSlow: (failure: ItemFailure) => void,
  ) {}

  /** Starts (or restarts after a pause) a window. */
  resume(): void {
    if (this.stopped || this.rule.bytesPerS <= 0 || this.rule.windowMs <= 0) return;
    this.inWindow = 0;
    this.arm();
  }

  /** `n` wire bytes arrived. */
  add(n: number): void {
    this.inWindow += n;
  }

  /** Reading waits for something other than the server: this time does not count. */
  pause(): void {
    this.window++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  stop(): void {
    this.stopped = true;
    this.pause();
  }

  private arm(): void {
    this.pause();
    const window = this.window;
    this.timer = setTimeout(() => {
      this.timer = null;
      // Judged after the loop's next poll for I/O: when our own event loop was held (the timer
      // fired late), bytes the server did send are still waiting in the socket to be read.
      setImmediate(() => {
        if (window === this.window) this.judge();
      });
    }, this.rule.windowMs);
    this.timer.unref();
  }

  private judge(): void {
    const { bytesPerS, windowMs } = this.rule;
    if (this.inWindow >= (bytesPerS * windowMs) / 1000) {
      this.inWindow = 0;
      this.arm();
      return;
    }
    this.stopped = true;
    const rate = Math.round((this.inWindow * 1000) / windowMs);
    this.tooSlow(
      new ItemFailure(
        'timeout',
        `The response body arrived at ${rate} bytes/s over ${windowMs} ms, under the minimum of ` +
          `${bytesPerS} bytes/s (URLKIT_MIN_BODY_RATE): cut off.`,
      ),
    );
  }
}
