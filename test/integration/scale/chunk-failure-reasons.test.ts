// Why a chunk failed, as the caller reads it (issue 31): in Redis mode an item whose chunk failed
// as a unit is worker_chunk_failed, and its message says the cause in words the caller can act
// on (Redis out of memory, no worker took the job), never the Redis address or BullMQ's text.
// A worker lost mid-chunk and Redis unreachable are checked in scale-out.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createServices, type Services } from '../../../src/app/services.js';
import type { Config } from '../../../src/config/config.js';
import { getUrlMetadata } from '../../../src/tools/get-url-metadata.js';
import type { ToolContext, ToolItem } from '../../../src/tools/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { recordingLogger } from '../../support/recording-logger.js';
import { redisSkip, startRedis, type TestRedis } from '../../support/redis-server.js';

let site: LoopbackServer;
let redis: TestRedis;
const opened: Services[] = [];

before(async () => {
  if (redisSkip) return;
  site = await startServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Page ${req.url}</title></head><body><p>A page.</p></body></html>`);
  });
  redis = await startRedis(['--maxmemory-policy', 'noeviction']);
});

after(async () => {
  await Promise.allSettled(opened.map((s) => s.close()));
  await site?.close();
  await redis?.stop();
});

async function service(config: Config, role: 'api' | 'all'): Promise<ToolContext> {
  const log = recordingLogger();
  const services = createServices(config, undefined, { role, logger: log.logger });
  opened.push(services);
  await services.start!();
  return {
    config,
    services,
    logger: log.logger,
    signal: new AbortController().signal,
    correlationId: '00000000-0000-4000-8000-000000000000',
  };
}

async function closeService(ctx: ToolContext): Promise<void> {
  opened.splice(opened.indexOf(ctx.services), 1);
  await ctx.services.close();
}

function metadata(ctx: ToolContext, paths: string[], timeout = 30): Promise<ToolItem[]> {
  return getUrlMetadata.run(
    { items: paths.map((p) => `${site.origin}${p}`), include_content: false, follow_redirects: true, timeout },
    ctx,
  );
}

/** Nothing of the deployment in a caller's message: no address, port, Redis URL or stack. */
function assertNothingInternal(message: string): void {
  assert.doesNotMatch(message, /127\.0\.0\.1|redis:\/\/|localhost|:\d{2,5}\b|^ +at /m, message);
  assert.doesNotMatch(message, new RegExp(String(redis.port)), message);
}

describe('worker_chunk_failed says why the chunk failed', { skip: redisSkip }, () => {
  it('Redis out of memory: the job queue refused the job, said so; the next call after room is made runs', async () => {
    const ctx = await service(testConfig({ redisUrl: redis.url, role: 'all' }), 'all');
    const client = new Redis(redis.url);
    try {
      // Every write is over the ceiling from here on: Redis refuses the enqueue with "OOM command
      // not allowed", as a Redis full of other data would.
      await client.config('SET', 'maxmemory', '1');
      const items = await metadata(ctx, ['/oom1', '/oom2']);
      for (const item of items) {
        assert.equal(item.meta.error?.code, 'worker_chunk_failed', JSON.stringify(item.meta));
        assert.equal(item.meta.error.retryable, true);
        assert.match(item.meta.error.message, /the job queue \(Redis\) is out of memory/);
        assertNothingInternal(item.meta.error.message);
      }
      await client.config('SET', 'maxmemory', '0');
      const after = await metadata(ctx, ['/room1']);
      assert.equal(after[0]!.meta.error, undefined, JSON.stringify(after[0]!.meta));
    } finally {
      await client.config('SET', 'maxmemory', '0').catch(() => {});
      client.disconnect();
      // Its worker would take the next test's jobs.
      await closeService(ctx);
    }
  });

  it("no worker takes the job before the items' timeout: a timeout that says no worker was free", async () => {
    // An API process alone on the queue: nothing runs its jobs. The items' 1 s timeout ends the
    // wait, before the chunk's deadline (1 s timeout + one 200 ms task budget + 1 s).
    const config = testConfig({ redisUrl: redis.url, role: 'api', workerTaskTimeoutMs: 200, batchChunkSize: 2 });
    const ctx = await service(config, 'api');
    const items = await metadata(ctx, ['/alone1', '/alone2'], 1);
    for (const item of items) {
      assert.equal(item.meta.error?.code, 'timeout', JSON.stringify(item.meta));
      assert.match(item.meta.error.message, /no worker was free to take it \(every worker busy, or none running\)/);
      assertNothingInternal(item.meta.error.message);
    }
  });
});
