// The Redis cache's two scripts, each atomic across every process that shares the cache. Besides
// the entries (ENTRY_PREFIX + cache key) they keep:
// - the least-recently-used index of every entry (INDEX_KEY: cache key scored by last use, ms),
//   what each entry was counted (SIZES_KEY) and the total (TOTAL_KEY): the cache's bound;
// - whose each entry is (OWNERS_KEY: cache key -> caller key, admission/callers.ts), each caller's
//   own entries by last use (CALLER_PREFIX + caller key) and the bytes they were counted
//   (CALLER_BYTES_KEY): a caller's share (caller-shares.ts says why, for the memory cache).
// An entry that Redis expired stays in these until it comes up for eviction; its bytes stay
// counted until then, so the total never counts less than Redis holds.

/** Entry keys are ENTRY_PREFIX + the cache key (a SHA-256 in hex). */
export const ENTRY_PREFIX = 'urlkit:cache:v2:';
/** Sorted set of cache keys by the time of their last use (ms): the eviction order. */
export const INDEX_KEY = 'urlkit:cache-index';
/** Hash of cache key -> bytes counted for it. */
export const SIZES_KEY = 'urlkit:cache-sizes';
/** Total bytes counted for the entries in the index. */
export const TOTAL_KEY = 'urlkit:cache-bytes';
/** Hash of cache key -> the caller key whose share the entry is in. */
export const OWNERS_KEY = 'urlkit:cache-owners';
/** A caller's own entries are CALLER_PREFIX + caller key: a sorted set of cache keys by last use. */
export const CALLER_PREFIX = 'urlkit:cache-caller:';
/** Hash of caller key -> the bytes counted for its own entries. */
export const CALLER_BYTES_KEY = 'urlkit:cache-caller-bytes';

/** The keys both scripts take, in this order; the entry's own key comes first. */
export const SHARED_KEYS = [INDEX_KEY, SIZES_KEY, TOTAL_KEY, OWNERS_KEY, CALLER_BYTES_KEY] as const;

// KEYS: entry, index, sizes, total, owners, caller bytes. The helpers take ARGV[1] as the entry
// prefix and ARGV[2] as the caller prefix in both scripts. Out of memory, Redis refuses a script's
// write only when it is the script's first and one that may grow memory (SET, ZADD, HINCRBY; not
// DEL, HDEL, ZREM): each script's first write is such, so a script refused has done nothing (a
// first HDEL would have let the whole store through past maxmemory).
const HELPERS = `
local function disown(key)
  local owner = redis.call('HGET', KEYS[5], key)
  if not owner then return end
  local size = tonumber(redis.call('HGET', KEYS[3], key) or '0')
  if redis.call('HINCRBY', KEYS[6], owner, -size) <= 0 then redis.call('HDEL', KEYS[6], owner) end
  redis.call('HDEL', KEYS[5], key)
  redis.call('ZREM', ARGV[2] .. owner, key)
end
local function own(key, owner, now)
  local size = tonumber(redis.call('HGET', KEYS[3], key) or '0')
  redis.call('HSET', KEYS[5], key, owner)
  redis.call('ZADD', ARGV[2] .. owner, now, key)
  redis.call('HINCRBY', KEYS[6], owner, size)
end
local function evict(key)
  disown(key)
  local size = tonumber(redis.call('HGET', KEYS[3], key) or '0')
  redis.call('DEL', ARGV[1] .. key)
  redis.call('ZREM', KEYS[2], key)
  redis.call('HDEL', KEYS[3], key)
  return redis.call('DECRBY', KEYS[4], size)
end
`;

// ARGV: entry prefix, caller prefix, value, ttl s, now ms, bound, cache key, index overhead,
// caller key, the caller's share (-1: none). Returns the bytes counted after the store. A caller
// past its share makes the room from its own least recently used entries first; then the least
// recently used entries of everyone go until the total is within the bound.
export const STORE = `${HELPERS}
local key = ARGV[7]
local caller = ARGV[9]
disown(key)
local old = tonumber(redis.call('HGET', KEYS[3], key) or '0')
redis.call('SET', KEYS[1], ARGV[3], 'EX', ARGV[4])
local size = redis.call('MEMORY', 'USAGE', KEYS[1], 'SAMPLES', '0') + tonumber(ARGV[8])
redis.call('ZADD', KEYS[2], ARGV[5], key)
redis.call('HSET', KEYS[3], key, size)
local total = redis.call('INCRBY', KEYS[4], size - old)
local share = tonumber(ARGV[10])
if share >= 0 then
  while tonumber(redis.call('HGET', KEYS[6], caller) or '0') + size > share do
    local victim = redis.call('ZRANGE', ARGV[2] .. caller, 0, 0)[1]
    if not victim then break end
    total = evict(victim)
  end
end
own(key, caller, ARGV[5])
local bound = tonumber(ARGV[6])
while total > bound do
  local victim = redis.call('ZRANGE', KEYS[2], 0, 0)[1]
  if not victim or victim == key then break end
  total = evict(victim)
end
return total
`;

// ARGV: entry prefix, caller prefix, now ms, cache key, caller key. The value; the entry becomes
// the most recently used, and the reader's. Its writes may be refused (Redis at maxmemory): the
// value is still returned.
export const LOOKUP = `${HELPERS}
local value = redis.call('GET', KEYS[1])
if not value then return value end
local touched = redis.pcall('ZADD', KEYS[2], 'XX', ARGV[3], ARGV[4])
if type(touched) == 'table' and touched.err then return value end
if redis.call('HEXISTS', KEYS[5], ARGV[4]) == 1 then
  disown(ARGV[4])
  own(ARGV[4], ARGV[5], ARGV[3])
end
return value
`;
