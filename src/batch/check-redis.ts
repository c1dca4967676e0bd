// Start-up check: with URLKIT_REDIS_URL set, a process that cannot reach Redis says so in one
// line and exits, instead of serving calls that could only fail.
import { createRequire } from 'node:module';
import type { Redis as RedisClass } from 'ioredis';
import { redactedRedisUrl, redisOptionsFromUrl } from './redis-options.js';

const require = createRequire(import.meta.url);

export async function checkRedis(url: string, timeoutMs = 3000): Promise<string | null> {
  const { Redis } = require('ioredis') as { Redis: typeof RedisClass };
  const client = new Redis({
    ...redisOptionsFromUrl(url),
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // The socket's own error says why (ECONNREFUSED, ENOTFOUND); connect() then only rejects
  // with "Connection is closed.".
  let cause: NodeJS.ErrnoException | undefined;
  client.on('error', (err: NodeJS.ErrnoException) => (cause ??= err));
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (err) {
    const code = cause?.code ?? (err as NodeJS.ErrnoException).code;
    return `cannot reach Redis at ${redactedRedisUrl(url)} (${code ?? (err instanceof Error ? err.message : String(err))})`;
  } finally {
    client.disconnect();
  }
}
