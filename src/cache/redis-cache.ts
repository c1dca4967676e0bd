// The shared cache: one Redis for every API and worker process, bounded by URLKIT_CACHE_MAX_BYTES
// like the in-memory one. Entries travel packed (entry-codec.ts, one binary value each). Redis's
// own eviction cannot be the bound: BullMQ needs `maxmemory-policy noeviction` (any other policy
// may evict its job locks), under which a cache that grows to `maxmemory` makes every enqueue
// fail with "OOM command not allowed". So the cache keeps its own least-recently-used index in
// Redis and evicts from it: each store (one Lua script, atomic across processes) records the
// entry's size as Redis reports it (MEMORY USAGE, the key and its allocation) plus the index's
// own cost, and deletes the least recently used entries until the total is within the bound.
// Commands fail at once while Redis is unreachable (no offline queue), and a failed command is
// a miss, so a lost Redis costs fetches, never a hang.
import { createRequire } from 'node:module';
import type { Redis as RedisClass } from 'ioredis';
import { MAX_AGE_LIMIT_S, type FetchCache } from './cache.js';
import { fromWire, packEntry, toWire, unpackEntry } from './entry-codec.js';
import { LARGEST_ENTRY_SHARE } from './memory-cache.js';

/** Entry keys are ENTRY_PREFIX + the cache key (a SHA-256 in hex). */
export const ENTRY_PREFIX = 'urlkit:cache:v2:';
/** Sorted set of cache keys by the time of their last use (ms): the eviction order. */
export const INDEX_KEY = 'urlkit:cache-index';
/** Hash of cache key -> bytes counted for it. */
export const SIZES_KEY = 'urlkit:cache-sizes';
/** Total bytes counted for the entries in the index. */
export const TOTAL_KEY = 'urlkit:cache-bytes';
/**
 * What an entry costs beyond MEMORY USAGE of its own key: a sorted-set member and a hash field
 * holding the 64-character cache key, and the key's place in the table of expiring keys.
 * Measured with redis-server 7.0 (used_memory over 20,000 small entries): 395 bytes an entry
 * beyond MEMORY USAGE; counted with room to spare.
 */
export const REDIS_INDEX_OVERHEAD_BYTES = 512;

// KEYS: entry, index, sizes, total. ARGV: value, ttl s, now ms, bound, cache key, entry prefix,
// index overhead. Returns the bytes counted after the store.
const STORE = `
local old = tonumber(redis.call('HGET', KEYS[3], ARGV[5]) or '0')
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
local size = redis.call('MEMORY', 'USAGE', KEYS[1], 'SAMPLES', '0') + tonumber(ARGV[7])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[5])
redis.call('HSET', KEYS[3], ARGV[5], size)
local total = redis.call('INCRBY', KEYS[4], size - old)
local bound = tonumber(ARGV[4])
while total > bound do
  local victim = redis.call('ZRANGE', KEYS[2], 0, 0)[1]
  if not victim or victim == ARGV[5] then break end
  local victimSize = tonumber(redis.call('HGET', KEYS[3], victim) or '0')
  redis.call('DEL', ARGV[6] .. victim)
  redis.call('ZREM', KEYS[2], victim)
  redis.call('HDEL', KEYS[3], victim)
  total = redis.call('DECRBY', KEYS[4], victimSize)
end
return total
`;

// KEYS: entry, index. ARGV: now ms, cache key. The value, and the entry becomes the most
// recently used (an entry Redis expired leaves the index when it comes up for eviction).
const LOOKUP = `
local value = redis.call('GET', KEYS[1])
if value then redis.pcall('ZADD', KEYS[2], 'XX', ARGV[1], ARGV[2]) end
return value
`;

interface CacheCommands {
  urlkitCacheStore(...args: Array<string | number | Buffer>): Promise<number>;
  urlkitCacheLookupBuffer(...args: Array<string | number>): Promise<Buffer | null>;
}

// Loaded on first use, so processes without Redis never load ioredis.
const require = createRequire(import.meta.url);

export function createRedisCache(redisUrl: string, maxBytes: number, onError: (err: Error) => void): FetchCache {
  const { Redis } = require('ioredis') as { Redis: typeof RedisClass };
  const client = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: 'urlkit-cache',
  });
  client.on('error', onError);
  client.defineCommand('urlkitCacheStore', { numberOfKeys: 4, lua: STORE });
  client.defineCommand('urlkitCacheLookup', { numberOfKeys: 2, lua: LOOKUP });
  const commands = client as unknown as CacheCommands;
  const largest = Math.floor(maxBytes * LARGEST_ENTRY_SHARE);
  return {
    async get(key) {
      const raw = await commands.urlkitCacheLookupBuffer(ENTRY_PREFIX + key, INDEX_KEY, Date.now(), key);
      if (!raw) return undefined;
      try {
        return unpackEntry(fromWire(raw));
      } catch {
        return undefined; // not an entry of this format: a miss, and the next store replaces it
      }
    },
    async set(key, entry) {
      const wire = toWire(packEntry(entry));
      if (wire.length + REDIS_INDEX_OVERHEAD_BYTES > largest) return;
      await commands.urlkitCacheStore(
        ENTRY_PREFIX + key,
        INDEX_KEY,
        SIZES_KEY,
        TOTAL_KEY,
        wire,
        MAX_AGE_LIMIT_S,
        Date.now(),
        maxBytes,
        key,
        ENTRY_PREFIX,
        REDIS_INDEX_OVERHEAD_BYTES,
      );
    },
    close() {
      client.disconnect();
      return Promise.resolve();
    },
  };
}
