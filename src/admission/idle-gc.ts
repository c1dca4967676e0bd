// One full garbage collection of the main thread when the service goes idle after calls that
// held large bodies. V8 collects only when JavaScript allocates, and an idle service allocates
// almost nothing: measured 30 s after the soak, the main heap still held 118 MiB in use and
// 57 MiB of Buffers, nearly all garbage from bodies already answered. One collection at idle
// (tens of milliseconds, with no call running) gives that memory back to the system.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Quiet time with no call running before collecting. */
export const IDLE_GC_DELAY_MS = 2000;
/** Body bytes charged since the last collection that make one worth it. */
export const IDLE_GC_MIN_CHARGED_BYTES = 32 * 1024 * 1024;

let collectFn: (() => void) | null | undefined;

/** The engine's gc(), without starting node with --expose-gc (the same way jest's leak detector gets it). */
function collector(): (() => void) | null {
  if (collectFn !== undefined) return collectFn;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return (collectFn = exposed);
  try {
    setFlagsFromString('--expose-gc');
    collectFn = runInNewContext('gc') as () => void;
  } catch {
    collectFn = null;
  }
  return collectFn;
}

export class IdleCollector {
  private timer: NodeJS.Timeout | null = null;
  private chargedAtLastRun = 0;
  /** Collections run so far. */
  runs = 0;

  /** `charged`: cumulative body bytes charged so far (MemoryBudget stats). */
  constructor(private readonly charged: () => number, private readonly delayMs = IDLE_GC_DELAY_MS) {}

  /** Every call ended: collect after a quiet delay if enough body memory went through since the last time. */
  idle(isStillIdle: () => boolean): void {
    if (this.charged() - this.chargedAtLastRun < IDLE_GC_MIN_CHARGED_BYTES) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!isStillIdle()) return; // the next call's end re-arms it
      this.chargedAtLastRun = this.charged();
      const gc = collector();
      if (!gc) return;
      gc();
      this.runs++;
    }, this.delayMs);
    this.timer.unref();
  }
}
