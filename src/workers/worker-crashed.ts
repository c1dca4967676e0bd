// The error of a task whose worker thread or page process died under it.

/** A worker died or threw outside the task's own error handling. */
export class WorkerCrashed extends Error {
  constructor(cause: unknown) {
    super(`Worker failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'WorkerCrashed';
  }
}
