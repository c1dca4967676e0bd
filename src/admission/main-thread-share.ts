// Fairness of the main thread's time between callers. Admission shares call slots fairly, but a
// caller whose calls each cost the main thread milliseconds (a page the anti-bot scan must
// tokenize, a batch of redirect chains) can still keep that thread busy most of the time with
// its share of the slots; every other caller's call then waits behind that work at each of its
// event-loop turns (issue 31 row 2: 2,700 answered calls in 10 s, 7 s of main-thread CPU).
//
// The main thread's own CPU time (main-thread-cpu.ts) is read every tick and charged to the
// callers with calls running then, in proportion to the calls each holds: the thread cannot tell
// whose callback it ran, but a caller with twenty calls running is charged twenty times what a
// caller with one is. At the end of each window, while the thread was busier than the target
// share of its time, a caller charged more than an equal part of it (others being active) gets
// a cap on the calls it may run at once: half what it holds, down to one; once the thread is
// under the target, the cap grows by a quarter a window (at least one call), and it goes when
// the caller runs fewer than half its cap. A cap never applies to a caller alone (fair-slots.ts):
// one caller's load runs as fast as before, and callers who use the thread lightly never wait
// for it.
import type { CpuClock } from './main-thread-cpu.js';

/** Share of the main thread's time above which the heaviest callers are held back. */
export const MAIN_THREAD_TARGET = 0.5;
/** How often the main thread's CPU time is read and charged. */
export const CHARGE_TICK_MS = 25;
/** How often caps are revised. */
export const CAP_WINDOW_MS = 250;

export interface MainThreadShareOptions {
  /** The main thread's CPU clock; null: no caps (this platform cannot tell the thread's time). */
  cpu: CpuClock | null;
  /** Calls each caller holds now. */
  holders: () => Iterable<readonly [caller: string, calls: number]>;
  /** Active callers now (at least the ones holding calls). */
  activeCallers: () => number;
  /** Called when a cap grew or went: waiting calls may start. */
  onEased: () => void;
  /** @default MAIN_THREAD_TARGET */
  target?: number;
  /** @default CHARGE_TICK_MS */
  tickMs?: number;
  /** @default CAP_WINDOW_MS */
  windowMs?: number;
  /** Wall clock in ms. @default performance.now */
  now?: () => number;
}

export class MainThreadShare {
  private readonly opts: MainThreadShareOptions;
  private readonly target: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private lastCpu = 0;
  private windowStart = 0;
  private windowCpu = 0;
  private readonly charged = new Map<string, number>();
  private readonly caps = new Map<string, number>();
  /** Main-thread busy fraction over the last completed window (for metrics and tests). */
  lastBusy = 0;

  constructor(opts: MainThreadShareOptions) {
    this.opts = opts;
    this.target = opts.target ?? MAIN_THREAD_TARGET;
    this.windowMs = opts.windowMs ?? CAP_WINDOW_MS;
    this.now = opts.now ?? (() => performance.now());
  }

  /** The most calls `caller` may run at once now (Infinity: no cap). */
  capOf(caller: string): number {
    return this.caps.get(caller) ?? Infinity;
  }

  /** Callers capped now, with their caps. */
  capped(): ReadonlyMap<string, number> {
    return this.caps;
  }

  /** Starts charging (idempotent); the ticker stops itself when no call runs and no cap is left. */
  wake(): void {
    if (this.timer || !this.opts.cpu) return;
    this.lastCpu = this.opts.cpu();
    this.windowStart = this.now();
    this.windowCpu = 0;
    this.charged.clear();
    this.timer = setInterval(() => this.tick(), this.opts.tickMs ?? CHARGE_TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One reading of the clock: the CPU used since the last is charged to the callers holding calls. */
  tick(): void {
    const cpu = this.opts.cpu!();
    const used = Math.max(0, cpu - this.lastCpu);
    this.lastCpu = cpu;
    this.windowCpu += used;
    let calls = 0;
    const holders = [...this.opts.holders()];
    for (const [, n] of holders) calls += n;
    if (calls > 0)
      for (const [caller, n] of holders) this.charged.set(caller, (this.charged.get(caller) ?? 0) + (used * n) / calls);
    const now = this.now();
    if (now - this.windowStart < this.windowMs) return;
    this.revise(now - this.windowStart, new Map(holders));
    this.windowStart = now;
    this.windowCpu = 0;
    this.charged.clear();
    if (calls === 0 && this.caps.size === 0) this.stop();
  }

  private revise(elapsedMs: number, held: Map<string, number>): void {
    this.lastBusy = this.windowCpu / elapsedMs;
    const busy = this.lastBusy > this.target;
    const active = Math.max(1, this.opts.activeCallers());
    let eased = false;
    for (const [caller, cpu] of this.charged) {
      const heavy = active > 1 && cpu > this.windowCpu / active;
      if (busy && heavy) {
        const holds = held.get(caller) ?? 0;
        this.caps.set(caller, Math.max(1, Math.floor(Math.min(this.capOf(caller), holds) / 2)));
      }
    }
    if (busy) return;
    for (const [caller, cap] of this.caps) {
      // A caller running fewer calls than half its cap is no longer held back by it.
      if ((held.get(caller) ?? 0) < cap / 2) this.caps.delete(caller);
      else this.caps.set(caller, cap + Math.max(1, Math.floor(cap / 4)));
      eased = true;
    }
    if (eased) this.opts.onEased();
  }
}
