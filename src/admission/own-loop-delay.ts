// How long the event loop was held up by the main thread's own work, as opposed to waiting for a
// CPU. A timer is due every `tickMs`; when it fires late, the lateness has two possible causes:
// the main thread was running something (its own work, which shedding calls can reduce), or it
// was runnable but the machine gave its CPUs to other processes (a starved machine, which
// shedding cannot help: the service's few calls become failures and the delay stays). The part
// that counts is the CPU the main thread used after the probe was due, capped by the lateness: a
// 60 ms computation delays the loop by 60 ms of its own CPU however long the machine makes it
// take, while a thread that waited 500 ms on the run queue and ran 3 ms has 3 ms of its own delay.
// Of the CPU used since the previous probe, at most one probe interval can have been spent before
// this one was due, so that much is left out: the figure errs towards not shedding.
// The figure read is the mean of the ticks of the last completed window, like a sampled mean
// event-loop delay. Without a CPU clock of the main thread (see main-thread-cpu.ts), the whole
// lateness counts, which is the plain event-loop delay.
import type { CpuClock } from './main-thread-cpu.js';

export interface OwnLoopDelayOptions {
  /** The window whose mean is reported (ms). @default 1000 */
  windowMs?: number;
  /** How often the probe timer is due (ms). @default min(20, windowMs / 5) */
  tickMs?: number;
  /** The main thread's CPU time in ms, or null to count the whole lateness. */
  cpu: CpuClock | null;
  /** Wall clock in ms. @default performance.now */
  now?: () => number;
}

export class OwnLoopDelay {
  private readonly windowMs: number;
  private readonly tickMs: number;
  private readonly cpu: CpuClock | null;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private due = 0;
  private lastCpu = 0;
  private windowStart = 0;
  private sum = 0;
  private ticks = 0;
  private meanMs = 0;
  private wallMeanMs = 0;
  private wallSum = 0;

  constructor(opts: OwnLoopDelayOptions) {
    this.windowMs = Math.max(1, opts.windowMs ?? 1000);
    this.tickMs = Math.max(1, opts.tickMs ?? Math.min(20, this.windowMs / 5));
    this.cpu = opts.cpu;
    this.now = opts.now ?? (() => performance.now());
  }

  /** Mean own delay (ms) of the ticks of the last completed window. */
  get ownMs(): number {
    return this.meanMs;
  }

  /** Mean lateness (ms) over the same window, whatever its cause (for comparison). */
  get wallMs(): number {
    return this.wallMeanMs;
  }

  start(): void {
    if (this.timer) return;
    const now = this.now();
    this.windowStart = now;
    this.lastCpu = this.cpu?.() ?? 0;
    this.schedule(now);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One probe: how late it fired and how much of that the main thread spent running. */
  tick(): void {
    const now = this.now();
    const late = Math.max(0, now - this.due);
    let own = late;
    if (this.cpu) {
      const cpu = this.cpu();
      own = Math.min(late, Math.max(0, cpu - this.lastCpu - this.tickMs));
      this.lastCpu = cpu;
    }
    this.sum += own;
    this.wallSum += late;
    this.ticks++;
    if (now - this.windowStart >= this.windowMs) {
      this.meanMs = this.sum / this.ticks;
      this.wallMeanMs = this.wallSum / this.ticks;
      this.sum = 0;
      this.wallSum = 0;
      this.ticks = 0;
      this.windowStart = now;
    }
    if (this.timer) this.schedule(now);
  }

  private schedule(now: number): void {
    this.due = now + this.tickMs;
    this.timer = setTimeout(() => this.tick(), this.tickMs);
    this.timer.unref();
  }
}
