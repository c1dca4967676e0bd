// Issue 31 row 9: a Redis with a memory ceiling and the eviction policy BullMQ needs
// (`--maxmemory ... --maxmemory-policy noeviction`, as compose.yaml and docs/scale-out.md run
// it), and a cache filled far past its bound while the same Redis carries the jobs that fill
// it. The cache keeps to URLKIT_CACHE_MAX_BYTES by evicting its own entries, so Redis never
// reaches its ceiling and no job fails with "OOM command not allowed" (worker_chunk_failed).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createServices, type Services } from '../../../src/app/services.js';
import { TOTAL_KEY } from '../../../src/cache/redis-cache-scripts.js';
import { getUrlMetadata } from '../../../src/tools/get-url-metadata.js';
import type { ToolContext } from '../../../src/tools/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { recordingLogger } from '../../support/recording-logger.js';
import { redisSkip, startRedis, type TestRedis } from '../../support/redis-server.js';

const MAXMEMORY = 32 * 1024 * 1024;
const CACHE_BOUND = 8 * 1024 * 1024;
/** Distinct 256 KiB pages: 400 of them (100 MiB) go through a 32 MiB Redis. */
const PAGE_BYTES = 256 * 1024;

let site: LoopbackServer;
let redis: TestRedis;
let services: Services | null = null;

before(async () => {
  if (redisSkip) return;
  const filler = 'A paragraph about the tides of the northern estuary. '.repeat(PAGE_BYTES / 53);
  site = await startServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Page ${req.url}</title></head><body><p>${filler}</p></body></html>`);
  });
  redis = await startRedis(['--maxmemory', String(MAXMEMORY), '--maxmemory-policy', 'noeviction']);
});

after(async () => {
  await services?.close();
  await site?.close();
  await redis?.stop();
});

describe('Redis with maxmemory and noeviction (BullMQ) under a cache filled past its bound', () => {
  it('every job succeeds and Redis stays under its ceiling', { skip: redisSkip }, async () => {
    const config = testConfig({ redisUrl: redis.url, role: 'all', cacheMaxBytes: CACHE_BOUND });
    // What the service warns about (a failed chunk's reason) is printed when the test fails.
    const log = recordingLogger();
    services = createServices(config, undefined, { role: 'all', logger: log.logger });
    await services.start!();
    const ctx: ToolContext = {
      config,
      services,
      logger: log.logger,
      signal: new AbortController().signal,
      correlationId: '00000000-0000-4000-8000-000000000000',
    };
    const client = new Redis(redis.url);
    let peak = 0;
    const sampler = setInterval(() => {
      client.info('memory').then(
        (info) => (peak = Math.max(peak, Number(/^used_memory:(\d+)/m.exec(info)?.[1] ?? 0))),
        () => {},
      );
    }, 50);
    try {
      // Two callers at a time, each a batch of 50 distinct pages: jobs of 10 URLs through BullMQ.
      const errors: string[] = [];
      for (let round = 0; round < 4; round++) {
        const calls = [0, 1].map((c) =>
          getUrlMetadata.run(
            {
              items: Array.from({ length: 50 }, (_, i) => `${site.origin}/r${round}/c${c}/p${i}`),
              include_content: false,
              follow_redirects: true,
              timeout: 60,
            },
            ctx,
          ),
        );
        for (const items of await Promise.all(calls))
          for (const item of items)
            if (item.meta.error) errors.push(`${item.meta.error.code}: ${item.meta.error.message}`);
      }
      assert.equal(
        errors.length,
        0,
        `${errors.length} items failed, first: ${errors[0]}; the service logged:\n${log.report()}`,
      );
      const info = await client.info('memory');
      const used = Number(/^used_memory:(\d+)/m.exec(info)?.[1]);
      assert.ok(Math.max(used, peak) < MAXMEMORY, `Redis used ${Math.max(used, peak)} of ${MAXMEMORY} bytes`);
      assert.ok(Number(await client.get(TOTAL_KEY)) <= CACHE_BOUND);
    } finally {
      clearInterval(sampler);
      client.disconnect();
    }
  });
});
