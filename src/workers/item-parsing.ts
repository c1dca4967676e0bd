// Redis mode answers a taken job's unanswered items `timeout` at their start-by time (job-waits.ts).
// In one process, though, an item whose parse a worker took before its `timeout` passed runs on to
// the task budget (URLKIT_WORKER_TASK_TIMEOUT_MS): the `timeout` bounds the wait for a worker and
// the fetch, not the parse. So a worker process tells its API when an item's parse starts with a
// budget that runs past the item's start-by time, and the API waits for that job until the budget
// ends. The job is known by an async scope the job runner opens (watchParsing), the item by one
// its chunk handler opens around each item (inJobItem); the pool reports each task it starts
// (parsingReporter).
import { AsyncLocalStorage } from 'node:async_hooks';

export interface ParsingWatch {
  /** The job's items' start-by time (epoch ms). */
  startBy: number;
  /** Item `index` began a parse that may run `budgetMs`, past the start-by time. */
  parsing(index: number, budgetMs: number): void;
}

const jobs = new AsyncLocalStorage<ParsingWatch>();
const items = new AsyncLocalStorage<number>();

/** Runs a job's chunk with `watch` told of its items' parses. */
export function watchParsing<T>(watch: ParsingWatch, fn: () => T): T {
  return jobs.run(watch, fn);
}

/** Runs item `index` of the current job (reported only where a job is watched: parsingReporter). */
export function inJobItem<T>(index: number, fn: () => T): T {
  return items.run(index, fn);
}

/**
 * Where a task is handed out, in its item's scope: what to call once a worker (or a process)
 * takes it with `budgetMs` to run; undefined when no job watches this item.
 */
export function parsingReporter(): ((budgetMs: number) => void) | undefined {
  const watch = jobs.getStore();
  const index = items.getStore();
  if (watch === undefined || index === undefined) return undefined;
  return (budgetMs) => {
    if (Date.now() + budgetMs > watch.startBy) watch.parsing(index, budgetMs);
  };
}
