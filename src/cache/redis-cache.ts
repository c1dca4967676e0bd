// The shared cache: one Redis for every API and worker process, bounded by URLKIT_CACHE_MAX_BYTES
// like the in-memory one. Entries travel packed (entry-codec.ts, one binary value each). Redis's
// own eviction cannot be the bound: BullMQ needs `maxmemory-policy noeviction` (any other policy
// may evict its job locks), under which a cache that grows to `maxmemory` makes every enqueue
// fail with "OOM command not allowed". So the cache keeps its own least-recently-used index in
// Redis and evicts from it: each store (one Lua script, atomic across processes) records the
// entry's size as Redis reports it (MEMORY USAGE, the key and its allocation) plus the index's
// own cost, and deletes the least recently used entries until the total is within the bound.
// As in memory, one caller's entries hold at most CALLER_SHARE of it (caller-shares.ts says why):
// Redis keeps whose each entry is, by caller key (a hash, not the caller: admission/callers.ts),
// and a caller past its share makes room from its own entries first (redis-cache-scripts.ts).
// Commands fail at once while Redis is unreachable (no offline queue), and a failed command is
// a miss, so a lost Redis costs fetches, never a hang.
import { createRequire } from 'node:module';
import type { Redis as RedisClass } from 'ioredis';
import { currentClaimant } from '../admission/call-scope.js';
import { callerKey } from '../admission/callers.js';
import { MAX_AGE_LIMIT_S, type FetchCache } from './cache.js';
import { callerShareBytes } from './caller-shares.js';
import { fromWire, packEntry, toWire, unpackEntry } from './entry-codec.js';
import { LARGEST_ENTRY_SHARE } from './memory-cache.js';
import { CALLER_PREFIX, ENTRY_PREFIX, LOOKUP, SHARED_KEYS, STORE } from './redis-cache-scripts.js';

/**
 * What an entry costs beyond MEMORY USAGE of its own key: a sorted-set member and a hash field
 * holding the 64-character cache key in the index, the same again with the 22-character caller
 * key in its caller's share, and the key's place in the table of expiring keys. Measured with
 * redis-server 7.0 (used_memory over 20,000 small entries): beyond MEMORY USAGE, 738 bytes an
 * entry when one caller stored them all, 832 when each was a different caller's (a sorted set
 * each); counted with room to spare.
 */
export const REDIS_INDEX_OVERHEAD_BYTES = 1024;

interface CacheCommands {
  urlkitCacheStore(...args: Array<string | number | Buffer>): Promise<number>;
  urlkitCacheLookupBuffer(...args: Array<string | number>): Promise<Buffer | null>;
}

/** The caller key of the current call's caller, and its share in bytes (-1: none, the local caller's). */
function currentCaller(maxBytes: number): { key: string; share: number } {
  const caller = currentClaimant().caller;
  return { key: callerKey(caller), share: callerShareBytes(caller, maxBytes) ?? -1 };
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
  const numberOfKeys = 1 + SHARED_KEYS.length;
  client.defineCommand('urlkitCacheStore', { numberOfKeys, lua: STORE });
  client.defineCommand('urlkitCacheLookup', { numberOfKeys, lua: LOOKUP });
  const commands = client as unknown as CacheCommands;
  const largest = Math.floor(maxBytes * LARGEST_ENTRY_SHARE);
  return {
    async get(key) {
      const raw = await commands.urlkitCacheLookupBuffer(
        ENTRY_PREFIX + key,
        ...SHARED_KEYS,
        ENTRY_PREFIX,
        CALLER_PREFIX,
        Date.now(),
        key,
        callerKey(currentClaimant().caller),
      );
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
      const caller = currentCaller(maxBytes);
      await commands.urlkitCacheStore(
        ENTRY_PREFIX + key,
        ...SHARED_KEYS,
        ENTRY_PREFIX,
        CALLER_PREFIX,
        wire,
        MAX_AGE_LIMIT_S,
        Date.now(),
        maxBytes,
        key,
        REDIS_INDEX_OVERHEAD_BYTES,
        caller.key,
        caller.share,
      );
    },
    close() {
      client.disconnect();
      return Promise.resolve();
    },
  };
}
