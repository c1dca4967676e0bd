// The worker threads kept started while the pool is idle, and keeping them started after a worker
// failed to start. Piscina starts its minimum of threads and replaces one that ends, until a
// worker fails while it starts (its module graph or the token encoding past the heap limit, a
// thread the system would not create): from then on, for the rest of the pool's life, it assumes
// every start would fail and replaces no thread of its own accord. A worker that crashed, was
// recycled or ran past its budget was then gone for good, the pool ran on cold starts (seconds
// each on a loaded machine), and a task queued for the worker that failed waited for the next
// call to start another. Piscina still starts a worker for a task that no idle worker can take,
// so from the first failed start the pool posts empty tasks to keep its warm threads, with a
// growing pause between failed starts: a worker that can never start is not restarted in a loop.
import type { Piscina } from 'piscina';
import type { Config } from '../config/config.js';
import { fairReserve } from '../admission/fair-slots.js';
import type { Posted } from './task-start.js';

/** How long a worker above the warm ones (URLKIT_WORKER_WARM_THREADS) may stay idle before it stops. */
export const WORKER_IDLE_MS = 10_000;
/** The pause before the first restart after a failed start; it doubles with each failed start in a row. */
export const RESTART_PAUSE_MS = 250;
/** The longest pause between restarts of workers that keep failing to start. */
export const RESTART_PAUSE_MAX_MS = 30_000;

/** A task of nothing: the worker answers it at once (worker-entry.cts); posted only to start a worker. */
const EMPTY: Posted<null> = { task: null, startId: 0 };

/**
 * Worker threads kept started while idle: URLKIT_WORKER_WARM_THREADS, else one for a caller and
 * the reserve the slots keep for others (task-slots.ts), so a second caller arriving after a pause
 * finds a thread ready as well.
 */
export function warmThreads(config: Pick<Config, 'workerThreads' | 'workerWarmThreads'>): number {
  return Math.min(config.workerThreads, config.workerWarmThreads ?? 1 + fairReserve(config.workerThreads));
}

export class WarmThreads {
  /** Failed starts since a worker last started. */
  private failedInARow = 0;
  /** A worker failed to start since the pool began: piscina replaces no thread any more. */
  private piscinaGaveUp = false;
  private timer: NodeJS.Timeout | null = null;
  /** Empty tasks posted that no worker answered yet. */
  private waiting = 0;

  private readonly warm: number;
  private readonly maxThreads: number;

  constructor(
    private readonly piscina: Piscina,
    config: Pick<Config, 'workerThreads' | 'workerWarmThreads'>,
    /** Tasks that hold a worker or wait for one to take them (task-slots.ts). */
    private readonly busy: () => number,
    private readonly closing: () => boolean,
  ) {
    this.warm = warmThreads(config);
    this.maxThreads = config.workerThreads;
    const afterGivingUp = () => {
      if (this.piscinaGaveUp) this.schedule();
    };
    piscina.on('workerCreate', () => {
      this.failedInARow = 0;
      afterGivingUp();
    });
    piscina.on('workerDestroy', afterGivingUp);
  }

  /** A worker ended before it was ready to take tasks. */
  failedStart(): void {
    this.piscinaGaveUp = true;
    this.failedInARow++;
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer || this.closing()) return;
    const pause =
      this.failedInARow === 0 ? 0 : Math.min(RESTART_PAUSE_MAX_MS, RESTART_PAUSE_MS * 2 ** (this.failedInARow - 1));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.fill();
    }, pause);
    this.timer.unref();
  }

  private fill(): void {
    if (this.closing()) return;
    const threads = this.piscina.threads.length;
    // A task waiting in piscina's queue needs a worker even when no thread is kept warm.
    const missing = Math.max(this.warm - threads, this.piscina.queueSize > 0 ? 1 : 0);
    // An idle worker takes an empty task itself instead of piscina starting one: one more for each
    // (a worker started above the warm ones retires when idle, WORKER_IDLE_MS). Empty
    // tasks no worker took yet are counted: they wait in piscina's queue while starts fail, and
    // at most one per thread is kept there.
    const posts = Math.min(missing + Math.max(0, threads - this.busy()), this.maxThreads - this.waiting);
    for (let i = 0; i < posts; i++) {
      this.waiting++;
      void this.piscina
        .run(EMPTY)
        .catch(() => {})
        .finally(() => this.waiting--);
    }
  }
}
