// Large job results travel beside BullMQ's event stream, not in it. The stream carries each job's
// result (its 'completed' event) and each item's (its 'progress' events) and is capped by BullMQ
// at about 10,000 events, not by bytes: at up to 2,000,000 characters a cleaner's text, a caller
// could fill Redis to its maxmemory with answers already delivered, after which every enqueue of
// every caller fails (noeviction) and nothing trims the stream again. So a result over
// INLINE_RESULT_MAX_BYTES is stored under a key of its own, expiring when its caller stops
// waiting, and the event carries only that key; the API process that enqueued the job takes the
// value and deletes the key as the event arrives, whether its caller still waits or not.
import type { Redis as RedisClass } from 'ioredis';

/** A result larger than this (its JSON, in bytes) is stored beside the event stream. */
export const INLINE_RESULT_MAX_BYTES = 4096;

/** What an event carries instead of a large result. */
export interface StoredResult {
  storedResult: string;
}

/** Keys of stored results: RESULT_PREFIX + the enqueuing API process's id + ':' + job id (+ ':' + item). */
export const RESULT_PREFIX = 'urlkit:job-result:';

export function isStoredResult(value: unknown): value is StoredResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { storedResult?: unknown }).storedResult === 'string' &&
    (value as StoredResult).storedResult.startsWith(RESULT_PREFIX)
  );
}

/**
 * The value to put in the event: `result` itself when small, else a StoredResult whose key holds
 * its JSON for `ttlMs`. Rejects when Redis refuses the store (its message names an OOM as Redis
 * words it).
 */
export async function resultForEvent(
  redis: Pick<RedisClass, 'set'>,
  key: string,
  result: unknown,
  ttlMs: number,
): Promise<unknown> {
  const json = JSON.stringify(result);
  if (json === undefined || Buffer.byteLength(json) <= INLINE_RESULT_MAX_BYTES) return result;
  await redis.set(key, json, 'PX', Math.max(1, Math.ceil(ttlMs)));
  return { storedResult: key } satisfies StoredResult;
}

/** The stored result's value, the key deleted; rejects when it is gone (expired, Redis lost). */
export async function takeStoredResult(redis: Pick<RedisClass, 'getdel'>, stored: StoredResult): Promise<unknown> {
  const json = await redis.getdel(stored.storedResult);
  if (json === null) throw new Error(`stored result ${stored.storedResult} is gone`);
  return JSON.parse(json) as unknown;
}

/**
 * Deletes `value`'s key when it is a stored result for the API process `apiId` (one its caller no
 * longer waits for); any other value is left alone.
 */
export function dropStoredResult(redis: Pick<RedisClass, 'del'>, apiId: string, value: unknown): void {
  if (isStoredResult(value) && value.storedResult.startsWith(`${RESULT_PREFIX}${apiId}:`))
    redis.del(value.storedResult).catch(() => {});
}
