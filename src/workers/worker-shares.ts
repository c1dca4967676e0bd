// Which callers are heavy: who took much more of the worker threads' time lately than its part
// of it (thread-lanes.ts sends a heavy caller's tasks to the niced threads). A caller's
// worker time is the time its tasks held a worker slot, running ones so far included, decayed
// with a time constant of SHARE_WINDOW_MS, so the last ten seconds or so count.
// Why time, not tasks waiting: an honest caller that sends two calls at once, or whose calls
// wait on a busy machine, has several tasks at once for a moment, yet takes a few milliseconds
// of worker time a call; a batch of pages that each cost the whole task budget takes seconds
// each. Its part is the worker time all callers took lately over the callers (those active now,
// or those who used the workers lately if more): not the whole capacity over the callers, since
// the reserve (fair-slots.ts) keeps a heavy caller to its share of the threads while one other
// caller is active, and against the capacity it would never show as above its share.
// Nor is a caller heavy below a quarter of a thread's time: callers of a few calls a second, whose
// shares go up and down with a slow call or two, do not take turns on the niced threads.
// A caller alone is never heavy: there is nobody its tasks should give way to.

/** The time constant of the decay: worker time ten seconds old counts for a third. */
export const SHARE_WINDOW_MS = 10_000;

/**
 * A caller is heavy when its worker time is above this many times its part: with two callers,
 * three times the other's (so two callers of about the same load are neither); with five, three
 * tenths of all.
 */
export const HEAVY_OVER_PART = 1.5;

/** The least worker time of a heavy caller, as a share of one thread's time over the window. */
export const HEAVY_MIN_THREAD_SHARE = 0.25;

/** Below this much worker time (ms) a caller with no task running is forgotten. */
const FORGET_MS = 1;

interface Use {
  /** Worker time of ended tasks (ms), decayed to `at`. */
  ended: number;
  at: number;
  running: number;
  /** Sum of the running tasks' start times, so their time so far is running * now - startSum. */
  startSum: number;
}

export class WorkerShares {
  private readonly uses = new Map<string, Use>();

  constructor(private readonly windowMs = SHARE_WINDOW_MS) {}

  /** A task of `caller` took a worker slot; the returned function ends it (later calls do nothing). */
  start(caller: string, now = performance.now()): (end?: number) => void {
    let use = this.uses.get(caller);
    if (!use) {
      use = { ended: 0, at: now, running: 0, startSum: 0 };
      this.uses.set(caller, use);
    }
    use.running++;
    use.startSum += now;
    const held = use;
    let ended = false;
    return (end = performance.now()) => {
      if (ended) return;
      ended = true;
      this.decay(held, end);
      held.ended += end - now;
      held.running--;
      held.startSum -= now;
    };
  }

  /**
   * Whether `caller` took more than HEAVY_OVER_PART times its part of the worker time lately (the
   * time all callers took over `activeCallers`, the callers active now, or over the callers who
   * used the workers lately if they are more), and at least HEAVY_MIN_THREAD_SHARE of a thread.
   */
  isHeavy(caller: string, activeCallers: number, now = performance.now()): boolean {
    let total = 0;
    let users = 0;
    let mine = 0;
    for (const [c, use] of this.uses) {
      const time = this.timeOf(use, now);
      if (time < FORGET_MS && use.running === 0) {
        this.uses.delete(c);
        continue;
      }
      total += time;
      users++;
      if (c === caller) mine = time;
    }
    const callers = Math.max(users, activeCallers);
    return callers > 1 && mine >= HEAVY_MIN_THREAD_SHARE * this.windowMs && mine > (HEAVY_OVER_PART * total) / callers;
  }

  private timeOf(use: Use, now: number): number {
    this.decay(use, now);
    return use.ended + use.running * now - use.startSum;
  }

  private decay(use: Use, now: number): void {
    if (now <= use.at) return;
    use.ended *= Math.exp(-(now - use.at) / this.windowMs);
    use.at = now;
  }
}
