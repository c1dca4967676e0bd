// Watches a rendering browser's own memory until it passes its bound. What a page adds past the
// bound before the kill is what it adds between the last look under the bound and the first
// over it, so the looks must not wait for the exact reads: a read of PSS walks the processes'
// mappings, and on a process that keeps mapping (a page making Blobs) it waits for that process's
// mappings lock; under two busy CPUs such reads took 0.3 to 1.1 s, and a watch that looked only
// when one ended let a page add 250 MiB past the bound. So each look is the cheap estimate
// (BrowserOwnMemory.estimate: the last read plus the kernel's resident counters since), made
// every WATCH_MS, every NEAR_MS from half the bound on, and a read runs whenever none is running,
// its result both a look of its own and the base of the next estimates.
import type { BrowserOwnMemory } from './browser-memory.js';

/** How often the browser's own memory is looked at while it holds under half its bound. */
const WATCH_MS = 100;
/** How often from half the bound on (a look costs about 0.2 ms of the main thread). */
const NEAR_MS = 20;

export interface MemoryWatchOptions {
  own: Pick<BrowserOwnMemory, 'read' | 'estimate'>;
  /** What it held when started (bytes). */
  baseline: number;
  /** How much it may grow past the baseline (bytes). */
  growth: number;
  /** Called once, on the first look past baseline + growth; the watch has stopped then. */
  over: () => void;
}

export class MemoryWatch {
  private timer: NodeJS.Timeout | null = null;
  private reading = false;
  private stopped = false;

  constructor(private readonly opts: MemoryWatchOptions) {
    this.schedule(WATCH_MS);
  }

  /** No look after this; a read in progress is ignored when it ends. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.look(), ms);
    this.timer.unref();
  }

  private look(): void {
    this.timer = null;
    const estimate = this.opts.own.estimate();
    const grown = estimate === null ? 0 : estimate - this.opts.baseline;
    if (this.passed(grown)) return;
    if (!this.reading) {
      this.reading = true;
      void this.opts.own.read().then((held) => {
        this.reading = false;
        if (!this.stopped) this.passed(held - this.opts.baseline);
      });
    }
    this.schedule(grown > this.opts.growth / 2 ? NEAR_MS : WATCH_MS);
  }

  /** Past the bound: stops and calls `over`. */
  private passed(grown: number): boolean {
    if (grown <= this.opts.growth) return false;
    this.stop();
    this.opts.over();
    return true;
  }
}
