// Full garbage collections of the main thread paced by the body memory that went through it.
// Each large page leaves several page-sized strings and buffers behind (the bytes, the text,
// the charset check's decode), all in V8's large-object space, which V8 collects only when its
// old generation reaches a limit that grows with the heap: under the soak the main heap held
// 132 MiB in use against 64 MiB of live bodies. And V8 collects only when JavaScript allocates:
// 30 s after the soak the heap still held 118 MiB in use and 57 MiB of Buffers, nearly all
// garbage. So: one collection each time as much body memory as the whole budget has been given
// back (a few large pages; small pages rarely reach it), and one when the service goes idle
// after such calls. Both measured in bench:soak (docs/admission.md, "Memory").
// A collection under load is skipped when the thread holds fewer array-buffer bytes than the
// garbage it is for: V8's own collections have freed it meanwhile (bench:hostile row 7: a forced
// collection of the main thread paused it 76 ms and freed no buffer).
import { engineGc } from '../util/engine-gc.js';

/** Quiet time with no call running before collecting. */
export const IDLE_GC_DELAY_MS = 2000;
/** Body bytes charged since the last collection that make one at idle worth it. */
export const IDLE_GC_MIN_CHARGED_BYTES = 4 * 1024 * 1024;

export class IdleCollector {
  private timer: NodeJS.Timeout | null = null;
  private chargedAtLastRun = 0;
  private releasedSinceRun = 0;
  private pending = false;
  /** Collections run so far. */
  runs = 0;
  /** Body bytes given back that make a collection under load worth it (0: never under load). */
  releasedThresholdBytes = 0;
  /**
   * Array-buffer bytes (live or not yet collected) the thread must hold for a collection under
   * load to run (0: it always runs): below it, the garbage the threshold counted is gone already.
   * Read when the threshold is reached, so it can follow what is live then (the cache's entries).
   */
  heldFloorBytes: () => number = () => 0;
  /** Collections under load skipped for holding less than heldFloorBytes. */
  skipped = 0;

  /** Shares of the body budget were given back: collect once a whole threshold's worth has been. */
  released(bytes: number): void {
    if (this.releasedThresholdBytes <= 0) return;
    this.releasedSinceRun += bytes;
    if (this.releasedSinceRun < this.releasedThresholdBytes || this.pending) return;
    this.pending = true;
    // Not inside the caller's stack (a worker task's completion): on the next turn of the loop.
    setImmediate(() => {
      this.pending = false;
      const floor = this.heldFloorBytes();
      if (floor > 0 && process.memoryUsage().arrayBuffers < floor) {
        this.releasedSinceRun = 0;
        this.skipped++;
        return;
      }
      this.collect();
    });
  }

  private collect(): void {
    this.releasedSinceRun = 0;
    this.chargedAtLastRun = this.charged();
    const gc = engineGc();
    if (!gc) return;
    gc();
    this.runs++;
  }

  /** `charged`: cumulative body bytes charged so far (MemoryBudget stats). */
  constructor(
    private readonly charged: () => number,
    private readonly delayMs = IDLE_GC_DELAY_MS,
  ) {}

  /** Every call ended: collect after a quiet delay if enough body memory went through since the last time. */
  idle(isStillIdle: () => boolean): void {
    if (this.charged() - this.chargedAtLastRun < IDLE_GC_MIN_CHARGED_BYTES) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!isStillIdle()) return; // the next call's end re-arms it
      this.collect();
    }, this.delayMs);
    this.timer.unref();
  }
}
