// A chunk's wait for its caller's turn to queue a job (caller-jobs.ts), bounded by the chunk's
// own times: its items' timeout (startBy) and its deadline, whichever comes first.
import type { CallerJobs } from './caller-jobs.js';
import { ChunkFailed } from './chunk-failed.js';
import type { ChunkJob } from './types.js';

/** The failure of a chunk whose items' own timeout passed before any of them could start. */
export function itemTimeout(job: ChunkJob, why: string): ChunkFailed {
  return new ChunkFailed(
    'item_timeout',
    job.index,
    `Chunk ${job.index}: its items' timeout passed before it started (${why}).`,
  );
}

/**
 * Takes the caller's turn: at once unless it has as many jobs out as it may, else when one of them
 * ends; the chunk fails unstarted when its items' time is up (item_timeout) or at its deadline
 * (not_started; `onTimeout` is told of both), or when its call is aborted. Resolves with the
 * caller's jobs out before this one.
 */
export async function takeTurn(
  jobs: CallerJobs,
  caller: string,
  job: ChunkJob,
  signal: AbortSignal,
  onTimeout: () => void,
): Promise<number> {
  const until = Math.min(job.deadline, job.startBy ?? Infinity);
  const wait = AbortSignal.any([signal, AbortSignal.timeout(Math.max(0, until - Date.now()))]);
  try {
    return await jobs.acquire(caller, wait);
  } catch (err) {
    if (signal.aborted)
      throw new ChunkFailed('aborted', job.index, 'The request was aborted before this chunk ran.', { cause: err });
    onTimeout();
    if (until < job.deadline) throw itemTimeout(job, "its caller's earlier jobs held its turn");
    throw new ChunkFailed('not_started', job.index, `Chunk ${job.index}: its caller's earlier jobs held its turn.`);
  }
}
