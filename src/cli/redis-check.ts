// With URLKIT_REDIS_URL set, the server checks Redis before listening: unreachable, it says so
// in one line and exits 1 instead of taking calls it could only fail.
import type { Config } from '../config/config.js';
import { checkRedis } from '../batch/check-redis.js';

export async function exitIfRedisUnreachable(config: Config): Promise<void> {
  if (!config.redisUrl) return;
  const unreachable = await checkRedis(config.redisUrl);
  if (!unreachable) return;
  process.stderr.write(`urlkit: ${unreachable}\n`);
  process.exit(1);
}
