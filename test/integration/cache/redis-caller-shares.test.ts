// The Redis cache shared between callers: the memory cache's scenarios
// (test/support/cache-share-scenarios.ts) against a real redis-server, and what Redis keeps of a
// caller (its caller key, not its address).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { inCallScope } from '../../../src/admission/call-scope.js';
import { callerKey } from '../../../src/admission/callers.js';
import type { FetchCache } from '../../../src/cache/cache.js';
import { createRedisCache } from '../../../src/cache/redis-cache.js';
import { CALLER_BYTES_KEY, CALLER_PREFIX, OWNERS_KEY, SIZES_KEY } from '../../../src/cache/redis-cache-scripts.js';
import { callerShareScenarios, sharePage } from '../../support/cache-share-scenarios.js';
import { redisSkip, startRedis, type TestRedis } from '../../support/redis-server.js';

describe('the Redis cache between callers', { skip: redisSkip }, () => {
  let redis: TestRedis;
  let client: Redis;
  before(async () => {
    redis = await startRedis();
    client = new Redis(redis.url);
  });
  const made: FetchCache[] = [];
  after(async () => {
    await Promise.all(made.map((cache) => cache.close()));
    client?.disconnect();
    await redis?.stop();
  });

  const errors: Error[] = [];
  /** A cache on the test's Redis, once its connection is up (it fails commands at once before). */
  const connected = async (maxBytes: number) => {
    const cache = createRedisCache(redis.url, maxBytes, (err) => errors.push(err));
    made.push(cache);
    for (let tries = 0; ; tries++) {
      try {
        await cache.get('none');
        return cache;
      } catch (err) {
        if (tries === 100) throw err;
        await sleep(20);
      }
    }
  };
  /** An empty cache with room for `entries` pages: one page's size as the cache counts it in Redis. */
  const cacheFor = async (entries: number) => {
    await client.flushall();
    const probe = await connected(2 ** 30);
    await probe.set('k00', sharePage(0));
    const size = Number(await client.hget(SIZES_KEY, 'k00'));
    await probe.close();
    await client.flushall();
    assert.ok(size > 10_000, `a page counts ${size} bytes`);
    return connected(entries * size + 10);
  };

  callerShareScenarios(cacheFor);

  it('keeps each caller by its caller key, and forgets a caller whose entries are gone', async () => {
    const cache = await cacheFor(8);
    try {
      const address = '203.0.113.7';
      await inCallScope(
        { claimant: { caller: address, othersActive: () => true, activeCallers: () => 2 }, memory: null },
        () => cache.set('k10', sharePage(10)),
      );
      assert.equal(await client.hget(OWNERS_KEY, 'k10'), callerKey(address));
      assert.deepEqual(await client.zrange(CALLER_PREFIX + callerKey(address), 0, -1), ['k10']);
      // Every key's name and its value as Redis serialises it (a hash's or sorted set's strings as stored).
      const keys = await client.keys('*');
      const values = await Promise.all(keys.map((k) => client.dumpBuffer(k)));
      const everything = [...keys, ...values.map((v) => v?.toString('latin1') ?? '')].join('\n');
      assert.ok(everything.includes(callerKey(address)), 'the caller key is there');
      assert.ok(!everything.includes(address), 'the address itself is nowhere in Redis');
      // Local work (no call) fills the whole cache and pushes the caller's entry out.
      for (let i = 11; i < 20; i++) await cache.set(`k${i}`, sharePage(i));
      assert.equal(await client.hget(OWNERS_KEY, 'k10'), null);
      assert.equal(await client.exists(CALLER_PREFIX + callerKey(address)), 0);
      assert.equal(await client.hget(CALLER_BYTES_KEY, callerKey(address)), null);
    } finally {
      await cache.close();
    }
    assert.deepEqual(errors, [], 'no connection errors');
  });

  it('out of memory, a store is refused whole and a lookup still reads, leaving every key as it was', async () => {
    const cache = await cacheFor(8);
    const address = '203.0.113.8';
    const asCaller = <T>(fn: () => Promise<T>) =>
      inCallScope(
        { claimant: { caller: address, othersActive: () => true, activeCallers: () => 2 }, memory: null },
        fn,
      );
    /** Every key and its value as Redis serialises it. */
    const snapshot = async () => {
      const keys = (await client.keys('*')).sort();
      const values = await Promise.all(keys.map((k) => client.dumpBuffer(k)));
      return keys.map((k, i) => `${k} ${values[i]?.toString('base64')}`);
    };
    try {
      await asCaller(() => cache.set('k30', sharePage(30)));
      await asCaller(() => cache.set('k31', sharePage(31)));
      const before = await snapshot();
      // Redis over its ceiling: the writes a store begins with (its own entry's owner given up,
      // for an entry stored again) would be let through, and the rest of the script with them.
      await client.config('SET', 'maxmemory', '1');
      try {
        await assert.rejects(
          asCaller(() => cache.set('k30', sharePage(32))),
          /OOM/,
        );
        await assert.rejects(
          asCaller(() => cache.set('k33', sharePage(33))),
          /OOM/,
        );
        await assert.rejects(cache.set('k31', sharePage(34)), /OOM/);
        assert.equal((await cache.get('k30'))?.result.finalUrl, 'https://example.com/030');
      } finally {
        await client.config('SET', 'maxmemory', '0');
      }
      assert.deepEqual(await snapshot(), before);
    } finally {
      await cache.close();
    }
  });
});
