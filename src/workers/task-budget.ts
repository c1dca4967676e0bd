// A worker task's time budget, counted from the moment a worker takes the task (start()). The
// wait before it (a new worker loading its modules and the token encoding: seconds on a loaded
// machine) is bounded too: for a worker thread by the item's deadline or a budget of the same
// length, whichever is later (the item's deadline is checked by the worker that takes the task:
// pool.ts), and by the item's deadline in a page process's line: a worker that cannot come up
// must not hold the task forever.
import { ItemFailure } from '../errors/codes.js';

export class TaskBudget {
  private readonly ctl = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  /** Whether a worker took the task. */
  started = false;
  /** Whether the budget (or the wait before it), not abort(), stopped the task. */
  timedOut = false;

  /** `onStart`: told when a worker takes the task, with the budget it then has. */
  constructor(
    private readonly budgetMs: number,
    waitMs = budgetMs,
    private readonly onStart?: (budgetMs: number) => void,
  ) {
    this.arm(waitMs);
  }

  get signal(): AbortSignal {
    return this.ctl.signal;
  }

  /** The worker took the task: the budget starts now, in full. */
  start(): void {
    if (this.started || this.ctl.signal.aborted) return;
    this.started = true;
    clearTimeout(this.timer);
    this.arm(this.budgetMs);
    this.onStart?.(this.budgetMs);
  }

  abort(reason?: unknown): void {
    clearTimeout(this.timer);
    this.ctl.abort(reason);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.ctl.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    }, ms);
    this.timer.unref();
  }
}

/** The answer of a task whose item's timeout passed while it waited for a worker thread. */
export function workerWaitTimedOut(): ItemFailure {
  return new ItemFailure(
    'timeout',
    "The URL's timeout passed while its page waited for a free worker (the service is busy); retry it.",
  );
}

/** The answer of a task whose item's timeout passed before a worker, or a PDF process, took it. */
export function startWaitTimedOut(pdf: boolean, cause?: unknown): ItemFailure {
  return new ItemFailure(
    'timeout',
    pdf
      ? "The URL's timeout passed while its PDF waited for a PDF process (the service is busy); retry it."
      : "The URL's timeout passed while its page waited for a worker to start.",
    cause === undefined ? undefined : { cause },
  );
}

/** Milliseconds left until an item's deadline (0 when none is given or it has passed). */
export function untilDeadline(startBy: number | undefined): number {
  return startBy === undefined ? 0 : Math.max(0, startBy - Date.now());
}
