// A caller that leaves (its request aborted) stops the chunk a worker process is running for it.
// The API removes a job still waiting; for one already running it publishes the job's id on a
// Redis channel, and every worker process cancels that job if it runs it (BullMQ's cancelJob
// aborts the signal its processor was given). A message can arrive just before the worker takes
// the job (the API could not remove it from the queue: it was being moved to active): every
// worker process remembers the ids it had no running job for, for as long as a job can live,
// and drops such a job when it takes it. Best effort still: a message lost with a connection
// leaves the job to its deadline.
import { LRUCache } from 'lru-cache';
import type { Redis as RedisClass, RedisOptions } from 'ioredis';

export const CANCEL_CHANNEL = 'urlkit-jobs:cancel';

/** API side: asks the worker processes to stop a running job. */
export function publishCancel(redis: RedisClass, jobId: string): void {
  redis.publish(CANCEL_CHANNEL, jobId).catch(() => {});
}

/** Worker side: a subscriber connection that hands each cancelled job id to `cancel`. */
export function subscribeCancels(
  Redis: typeof RedisClass,
  connection: RedisOptions,
  cancel: (jobId: string) => void,
  onError: (err: Error) => void,
): RedisClass {
  // ioredis subscribes again by itself after a reconnect.
  const sub = new Redis({ ...connection, connectionName: 'urlkit-cancel' });
  sub.on('error', onError);
  sub.on('message', (channel: string, jobId: string) => {
    if (channel === CANCEL_CHANNEL) cancel(jobId);
  });
  sub.subscribe(CANCEL_CHANNEL).catch(onError);
  return sub;
}

/**
 * Most cancelled ids a worker process remembers (36-character UUIDs: under 2 MiB); the oldest go
 * first. Cancels of jobs this process never takes (another worker's) are remembered too.
 */
const REMEMBERED_CANCELS = 10_000;

/** Worker side: ids cancelled while no job of that id ran here. */
export interface CancelledJobs {
  /** Remembers `jobId` unless `cancelRunning` stopped a job of that id running here. */
  cancel(jobId: string, cancelRunning: (jobId: string) => boolean): void;
  /** Whether a job taken now was cancelled before (and forgets it). */
  take(jobId: string): boolean;
}

/** `ttlMs`: the longest a job can wait in the queue (its deadline is at most that far off). */
export function cancelledJobs(ttlMs: number): CancelledJobs {
  const ids = new LRUCache<string, true>({ max: REMEMBERED_CANCELS, ttl: ttlMs });
  return {
    cancel(jobId, cancelRunning) {
      if (!cancelRunning(jobId)) ids.set(jobId, true);
    },
    take(jobId) {
      return ids.delete(jobId);
    },
  };
}
