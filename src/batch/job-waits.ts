// How long the API waits for a queued job's answer. A job's items have their own time (startBy:
// their chunk's start plus their `timeout`) and the chunk a deadline; the API answers them by those
// times whatever the worker does, since a worker that took the job in time may still be unable to
// answer by then: its threads are busy with other pages, or its main thread is blocked (issue 31,
// rows 7 and 8). Its answer coming later is ignored. An item whose parse a worker began in time is
// waited for until the parse's own budget ends, as in one process (item-parsing.ts).
import { ChunkFailed } from './chunk-failed.js';
import { itemTimeout } from './caller-turn.js';
import type { ChunkJob } from './types.js';

/** How long the API waits past a job's deadline for the worker's own answer about it. */
const DEADLINE_SLACK_MS = 1000;
/** How long the API waits past a job's start-by time for the event of a worker that took it just in time. */
const START_SLACK_MS = 250;
/**
 * How long the API waits past a job's start-by time for the answer of a worker that took it: the
 * worker answers an item still waiting for a thread, or for its host, at that time; this covers
 * the answer's way back through Redis and a worker's timers running a little late under load.
 */
export const ANSWER_SLACK_MS = 500;

export interface JobWaits {
  /**
   * One of the job's items began a parse with `budgetMs` to run (item-parsing.ts): its items are
   * then answered by the end of that budget (and the slack) if that is after their start-by time.
   */
  parsing(budgetMs: number): void;
  /** Stops the timers (the job was answered). */
  clear(): void;
}

/**
 * Arms the job's timers: `giveUp` gets the failure the job's unanswered items take. At the job's
 * start-by time (and a little), a job no worker took is item_timeout, one taken is
 * item_unanswered a little later; past the deadline, a job taken is deadline, else not_started.
 * `started` tells whether a worker took the job.
 */
export function armJobWaits(job: ChunkJob, started: () => boolean, giveUp: (err: ChunkFailed) => void): JobWaits {
  const timers = new Set<NodeJS.Timeout>();
  const after = (ms: number, run: () => void) => {
    const timer = setTimeout(run, Math.max(0, ms));
    timers.add(timer);
    return timer;
  };
  // When the items a worker took are answered unanswered: their start-by time, or a parse's end.
  let answerBy = Infinity;
  let answerTimer: NodeJS.Timeout | undefined;
  const answerAt = (at: number) => {
    if (at <= answerBy && answerTimer !== undefined) return;
    answerBy = at;
    clearTimeout(answerTimer);
    if (answerTimer !== undefined) timers.delete(answerTimer);
    answerTimer = after(at - Date.now(), () =>
      giveUp(
        new ChunkFailed(
          'item_unanswered',
          job.index,
          `Chunk ${job.index}: its items' timeout passed before its worker answered.`,
        ),
      ),
    );
  };
  after(job.deadline - Date.now() + DEADLINE_SLACK_MS, () =>
    giveUp(
      started()
        ? new ChunkFailed('deadline', job.index, `Chunk ${job.index} passed its deadline.`)
        : new ChunkFailed('not_started', job.index, `Chunk ${job.index}: no worker took it before its deadline.`),
    ),
  );
  if (job.startBy !== undefined) {
    const startBy = job.startBy;
    // A job taken later is dropped unrun by its worker (job-runner.ts).
    after(startBy - Date.now() + START_SLACK_MS, () => {
      if (!started()) giveUp(itemTimeout(job, 'no worker was free'));
    });
    answerAt(startBy + ANSWER_SLACK_MS);
  }
  return {
    parsing(budgetMs) {
      if (answerTimer !== undefined) answerAt(Date.now() + budgetMs + ANSWER_SLACK_MS);
    },
    clear() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
