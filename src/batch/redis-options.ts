// URLKIT_REDIS_URL -> ioredis options (BullMQ takes options, not a URL), and the same URL with
// its password hidden for messages and logs.
import type { RedisOptions } from 'ioredis';

export function redisOptionsFromUrl(url: string): RedisOptions {
  const u = new URL(url);
  const db = Number(u.pathname.replace(/^\//, '') || '0');
  return {
    host: u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(Number.isInteger(db) && db > 0 ? { db } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

export function redactedRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the configured Redis';
  }
}
