// A caller that leaves (its request aborted) stops the chunk a worker process is running for it.
// The API removes a job still waiting; for one already running it publishes the job's id on a
// Redis channel, and every worker process cancels that job if it runs it (BullMQ's cancelJob
// aborts the signal its processor was given). Best effort: a message lost with a connection, or
// one that arrives just before the worker takes the job, leaves the job to its deadline.
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
