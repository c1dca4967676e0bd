// A chunk's wait for its caller's turn to queue a job (caller-jobs.ts), bounded by the chunk's
// own times: its items' timeout (startBy) and its deadline, whichever comes first.
import { LeasesUnavailable, type CallerJobs } from './caller-jobs.js';
import { ChunkFailed, isRedisOutOfMemory } from './chunk-failed.js';
import type { ChunkJob } from './types.js';

/** The failure of a chunk whose items' own timeout passed before any of them could start. */
export function itemTimeout(job: ChunkJob, why: string): ChunkFailed {
  return new ChunkFailed(
    'item_timeout',
    job.index,
    `Chunk ${job.index}: its items' timeout passed before it started (${why}).`,
  );
}

/** How long past its chunk's deadline a lease lapses when its API process never gives it back. */
const LEASE_SLACK_MS = 10_000;

/**
 * Takes the caller's turn for the job `jobId`: at once unless it has as many jobs out as it may,
 * else when one of them ends; the chunk fails unstarted when its items' time is up (item_timeout)
 * or at its deadline (not_started; `on.timeout` is told of both), when its call is aborted, or when
 * Redis cannot count its caller's jobs (queue_unavailable, queue_out_of_memory; `on.unavailable`).
 * Resolves with the caller's jobs out before this one.
 */
export async function takeTurn(
  jobs: CallerJobs,
  caller: string,
  jobId: string,
  job: ChunkJob,
  signal: AbortSignal,
  on: { timeout(): void; unavailable(): void },
): Promise<number> {
  const until = Math.min(job.deadline, job.startBy ?? Infinity);
  const wait = AbortSignal.any([signal, AbortSignal.timeout(Math.max(0, until - Date.now()))]);
  try {
    return await jobs.acquire(caller, jobId, job.deadline + LEASE_SLACK_MS, wait);
  } catch (err) {
    if (err instanceof LeasesUnavailable) {
      on.unavailable();
      const full = isRedisOutOfMemory(err.message);
      throw new ChunkFailed(
        full ? 'queue_out_of_memory' : 'queue_unavailable',
        job.index,
        full ? `The job could not be queued: ${err.message}` : 'Redis is unreachable: the job could not be queued.',
        { cause: err },
      );
    }
    if (signal.aborted)
      throw new ChunkFailed('aborted', job.index, 'The request was aborted before this chunk ran.', { cause: err });
    on.timeout();
    if (until < job.deadline) throw itemTimeout(job, "its caller's earlier jobs held its turn");
    throw new ChunkFailed('not_started', job.index, `Chunk ${job.index}: its caller's earlier jobs held its turn.`);
  }
}
