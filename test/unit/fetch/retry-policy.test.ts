import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RETRY_STATUSES, backoffMs, parseRetryAfter } from '../../../src/fetch/retry-policy.js';

test('Retry-After: delta-seconds, HTTP dates, and junk', () => {
  const now = Date.parse('Sun, 22 Nov 2026 00:00:00 GMT');
  assert.equal(parseRetryAfter('3', now), 3000);
  assert.equal(parseRetryAfter(' 0 ', now), 0);
  assert.equal(parseRetryAfter('Sun, 22 Nov 2026 00:00:10 GMT', now), 10_000);
  assert.equal(parseRetryAfter('Sat, 21 Nov 2026 23:59:00 GMT', now), 0, 'a date in the past means now');
  assert.equal(parseRetryAfter('soon', now), null);
  assert.equal(parseRetryAfter('-5', now), null);
  assert.equal(parseRetryAfter(undefined, now), null);
});

test('backoff doubles per retry, stays within [ceiling/2, ceiling] and is capped', () => {
  assert.equal(
    backoffMs(0, 200, 5000, () => 0),
    100,
  );
  assert.equal(
    backoffMs(0, 200, 5000, () => 1),
    200,
  );
  assert.equal(
    backoffMs(3, 200, 5000, () => 1),
    1600,
  );
  assert.equal(
    backoffMs(10, 200, 5000, () => 1),
    5000,
  );
  assert.equal(
    backoffMs(10, 200, 5000, () => 0),
    2500,
  );
});

test('only "try again later" statuses are retried', () => {
  assert.deepEqual([...RETRY_STATUSES].sort(), [408, 429, 502, 503, 504]);
  for (const s of [400, 401, 403, 404, 410, 500, 501]) assert.equal(RETRY_STATUSES.has(s), false, String(s));
});
