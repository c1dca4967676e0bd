// The shared worker-thread pool: HTML parsing and extraction run here, off the event loop,
// each task with a time budget; a worker that overruns its time or memory is terminated and
// replaced by piscina.
import { Piscina } from 'piscina';
import type { Config } from '../config/config.js';
import { ItemFailure } from '../errors/codes.js';
import { TaskSlots, type SlotWindow } from './task-slots.js';
import type { WorkerTask, WorkerTaskResult } from './worker.js';

export interface RunOptions {
  signal?: AbortSignal;
  /** Overrides the configured task budget (ms). */
  timeoutMs?: number;
}

export class WorkerPool {
  private readonly piscina: Piscina;
  private readonly taskTimeoutMs: number;
  private readonly slots: TaskSlots;

  constructor(config: Config) {
    this.taskTimeoutMs = config.workerTaskTimeoutMs;
    this.slots = new TaskSlots(config.workerThreads);
    this.piscina = new Piscina({
      // A CommonJS entry that imports worker.js: see worker-entry.cts for why.
      filename: new URL('./worker-entry.cjs', import.meta.url).href,
      minThreads: 1,
      maxThreads: config.workerThreads,
      // Workers above the first retire after 10 s idle, taking their heaps (tens of MB after
      // a large page) with them; the memory goes back soon after a burst (docs/admission.md).
      idleTimeout: 10_000,
      resourceLimits: { maxOldGenerationSizeMb: config.workerMaxMemoryMb },
    });
    // A worker that fails outside a task (e.g. its module cannot load) is reported here; with no
    // listener the EventEmitter would throw it as an uncaught exception and end the process.
    this.piscina.on('error', (err: unknown) => {
      this.lastWorkerError = err;
    });
  }

  /** The last error a worker raised outside any task, for diagnostics. */
  lastWorkerError: unknown = null;

  /**
   * Runs a task in a worker. The budget counts from the moment a worker takes the task (time
   * spent waiting for a free worker is not charged). A task over its budget is aborted (its
   * worker is terminated); that surfaces as ItemFailure('timeout'). Other worker deaths reject
   * with WorkerCrashed. An abort of options.signal rejects with its reason, waiting or running.
   */
  async run<K extends WorkerTask['kind']>(
    task: Extract<WorkerTask, { kind: K }>,
    options: RunOptions = {},
  ): Promise<WorkerTaskResult<K>> {
    const release = await this.slots.acquire(options.signal);
    const budget = AbortSignal.timeout(options.timeoutMs ?? this.taskTimeoutMs);
    const signal = options.signal ? AbortSignal.any([budget, options.signal]) : budget;
    try {
      return (await this.piscina.run(task, { signal })) as WorkerTaskResult<K>;
    } catch (err) {
      if (options.signal?.aborted) throw options.signal.reason ?? err;
      if (budget.aborted) throw new ItemFailure('timeout', 'Parsing and extraction exceeded their time budget.', { cause: err, retryable: false });
      throw new WorkerCrashed(err);
    } finally {
      release();
    }
  }

  /** Tasks waiting for a free worker. */
  get queued(): number {
    return this.slots.queued;
  }

  /** Tasks running in a worker now. */
  get busy(): number {
    return this.slots.busy;
  }

  /** Worker slots (URLKIT_WORKER_THREADS). */
  get capacity(): number {
    return this.slots.capacity;
  }

  /** Wait and run-time statistics since the previous call (admission control's congestion signal). */
  takeWindow(): SlotWindow {
    return this.slots.takeWindow();
  }

  /** Worker-milliseconds spent on tasks since start (utilisation = its rate / capacity). */
  busyMs(): number {
    return this.slots.busyMs();
  }

  get threads(): number {
    return this.piscina.threads.length;
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}

/** A worker died or threw outside the task's own error handling. */
export class WorkerCrashed extends Error {
  constructor(cause: unknown) {
    super(`Worker failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'WorkerCrashed';
  }
}
