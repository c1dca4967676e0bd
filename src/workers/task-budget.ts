// A worker task's time budget, counted from the moment a worker takes the task (start()). Until
// then the wait is bounded too, by a budget of the same length: a worker that cannot come up
// must not hold the task forever.

export class TaskBudget {
  private readonly ctl = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  /** Whether the budget (or the wait before it), not abort(), stopped the task. */
  timedOut = false;

  constructor(private readonly budgetMs: number) {
    this.arm();
  }

  get signal(): AbortSignal {
    return this.ctl.signal;
  }

  /** The worker took the task: the budget starts now, in full. */
  start(): void {
    if (this.started || this.ctl.signal.aborted) return;
    this.started = true;
    clearTimeout(this.timer);
    this.arm();
  }

  abort(reason?: unknown): void {
    clearTimeout(this.timer);
    this.ctl.abort(reason);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private arm(): void {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.ctl.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    }, this.budgetMs);
    this.timer.unref();
  }
}
