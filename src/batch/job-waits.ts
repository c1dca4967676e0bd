// How long the API waits for a queued job's answer. A job's items have their own time (startBy:
// their chunk's start plus their `timeout`) and the chunk a deadline; the API answers them by those
// times whatever the worker does, since a worker that took the job in time may still be unable to
// answer by then: its threads are busy with other pages, or its main thread is blocked (issue 31,
// rows 7 and 8). Its answer coming later is ignored.
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
  const after = (ms: number, run: () => void) => timers.add(setTimeout(run, Math.max(0, ms)));
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
    after(startBy - Date.now() + ANSWER_SLACK_MS, () =>
      giveUp(
        new ChunkFailed(
          'item_unanswered',
          job.index,
          `Chunk ${job.index}: its items' timeout passed before its worker answered.`,
        ),
      ),
    );
  }
  return {
    clear() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
