// A caller's jobs out, counted in Redis so that every API process sees one count. Behind a load
// balancer that spreads a caller's calls over several API processes, a count per process let that
// caller have as many times the bound out as it reached processes, and so hold every worker's
// job slots again. Each job out holds a lease: a member of the caller's sorted set, scored by
// when it lapses (its chunk's deadline and some slack), so the leases of an API process that died
// lapse by themselves. Taking one is one script (drop lapsed leases, count, add if under the
// bound); giving one back removes it and tells every API process, whose chunks of that caller
// waiting for a lease then ask again.
import type { Redis as RedisClass, RedisOptions } from 'ioredis';

export const RELEASED_CHANNEL = 'urlkit-jobs:caller-released';
const KEY_PREFIX = 'urlkit-caller-jobs:';

// KEYS[1] the caller's set; ARGV: now, limit, lapse time, lease. Returns the leases the caller
// held before this one, or -1 (none taken) when it holds `limit`.
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local held = redis.call('ZCARD', KEYS[1])
if held >= tonumber(ARGV[2]) then return -1 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
local ttl = math.ceil(tonumber(ARGV[3]) - tonumber(ARGV[1]))
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return held`;

// KEYS[1] the caller's set; ARGV: lease, channel, the caller's key.
const GIVE = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then redis.call('PUBLISH', ARGV[2], ARGV[3]) end
return 0`;

interface LeaseCommands {
  urlkitTakeLease(key: string, now: number, limit: number, lapse: number, lease: string): Promise<number>;
  urlkitGiveLease(key: string, lease: string, channel: string, caller: string): Promise<number>;
}

/** The leases a caller's jobs hold, wherever they were queued from. */
export interface CallerLeases {
  /**
   * Takes `lease` for the caller (by callerKey) unless it holds `limit` already; resolves with the
   * leases it held before, or -1 when none was taken. Rejects when Redis refuses or is unreachable.
   */
  take(caller: string, lease: string, limit: number, lapsesAt: number): Promise<number>;
  /** Gives a lease back (best effort: one not given back lapses). */
  give(caller: string, lease: string): void;
  /** Stops hearing of leases given back. */
  close(): void;
}

/**
 * Leases kept with `commands` (a connection that fails at once when Redis is unreachable); a
 * subscriber connection of its own calls `givenBack` with the caller key of each lease given back,
 * by any API process.
 */
export function redisCallerLeases(
  Redis: typeof RedisClass,
  connection: RedisOptions,
  commands: RedisClass,
  givenBack: (caller: string) => void,
  onError: (err: Error) => void,
): CallerLeases {
  commands.defineCommand('urlkitTakeLease', { numberOfKeys: 1, lua: TAKE });
  commands.defineCommand('urlkitGiveLease', { numberOfKeys: 1, lua: GIVE });
  const run = commands as unknown as LeaseCommands;
  // ioredis subscribes again by itself after a reconnect.
  const sub = new Redis({ ...connection, connectionName: 'urlkit-caller-leases' });
  sub.on('error', onError);
  sub.on('message', (channel: string, caller: string) => {
    if (channel === RELEASED_CHANNEL) givenBack(caller);
  });
  sub.subscribe(RELEASED_CHANNEL).catch(onError);
  return {
    take: (caller, lease, limit, lapsesAt) =>
      run.urlkitTakeLease(KEY_PREFIX + caller, Date.now(), limit, lapsesAt, lease),
    give(caller, lease) {
      run.urlkitGiveLease(KEY_PREFIX + caller, lease, RELEASED_CHANNEL, caller).catch(() => {});
    },
    close: () => sub.disconnect(),
  };
}
