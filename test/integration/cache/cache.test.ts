// The fetch cache through the real tools: a stored fetch answers a call whose max_age allows
// it (meta.cached, meta.fetched_at), max_age 0 always fetches, and what must never be stored
// (private, no-store, errors, credentialed requests) never answers from the cache. The same
// behaviour with Redis as the store, shared by two separate sets of services. Both stores hold
// to URLKIT_CACHE_MAX_BYTES, counting every byte of an entry (issue 31 rows 4 and 9).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../../src/config/config.js';
import { checkUrlStatus } from '../../../src/tools/check-url-status.js';
import { cleanWebContent } from '../../../src/tools/clean-web-content.js';
import { cleanWebIndex } from '../../../src/tools/clean-web-index.js';
import { getUrlMetadata } from '../../../src/tools/get-url-metadata.js';
import { createServices, type Services } from '../../../src/app/services.js';
import type { ToolContext, ToolItem } from '../../../src/tools/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { redisSkip, startRedis, type TestRedis } from '../../support/redis-server.js';
import { Redis } from 'ioredis';
import { ENTRY_PREFIX, TOTAL_KEY } from '../../../src/cache/redis-cache-scripts.js';
import { FAT_CHAIN, FOLLOWED_LOCATION_BYTES, followedFatChainUrl, serveFatChain } from '../../support/hostile-pages.js';
import { toolContext } from '../../support/tool-context.js';
import { recordingLogger } from '../../support/recording-logger.js';

let site: LoopbackServer;
let redis: TestRedis;
const hits = new Map<string, number>();
const open: Services[] = [];

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><meta name="description" content="About ${title}"></head>` +
  `<body><article><h1>${title}</h1><p>${'A sentence about harbours and tides that makes this an article. '.repeat(8)}` +
  '</p></article></body></html>';

before(async () => {
  site = await startServer((req, res) => {
    if (serveFatChain(req, res)) return;
    const path = new URL(req.url!, 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (path.startsWith('/private')) headers['cache-control'] = 'private, max-age=600';
    if (path.startsWith('/no-store')) headers['cache-control'] = 'no-store';
    if (path.startsWith('/public')) headers['cache-control'] = 'public, max-age=600';
    res.writeHead(path.startsWith('/missing') ? 404 : 200, headers).end(page(`Page ${path}`));
  });
  // Only the Redis suite needs it: without redis-server the in-memory cases still run.
  if (!redisSkip) redis = await startRedis();
});

after(async () => {
  await Promise.all(open.map((s) => s.close()));
  await site.close();
  await redis?.stop();
});

/** A direct call's context; services made here are closed when the suite ends. */
function context(config: Config, services?: Services): ToolContext {
  const s = services ?? createServices(config);
  if (!services) open.push(s);
  return toolContext(config, s);
}

const clean = (url: string, extra: Record<string, unknown> = {}) => ({
  url,
  output_format: 'text' as const,
  include_title: true,
  max_chars: 200_000,
  timeout: 15,
  ...extra,
});
const one = async (p: Promise<ToolItem[]>) => (await p)[0]!;

describe('fetch cache (in memory, the default)', () => {
  it('answers from a stored fetch within max_age, with the same data and the first fetch time', async () => {
    const ctx = context(testConfig());
    const url = `${site.origin}/article-a`;
    const first = await one(cleanWebContent.run(clean(url), ctx));
    assert.equal(first.meta.cached, false);
    assert.ok(!Number.isNaN(Date.parse(first.meta.fetched_at as string)));
    const second = await one(cleanWebContent.run(clean(url, { max_age: 600 }), ctx));
    assert.equal(second.meta.cached, true);
    assert.equal(second.meta.fetched_at, first.meta.fetched_at);
    assert.deepEqual(second.data, first.data);
    assert.equal(hits.get('/article-a'), 1);
    // Other output options come from the same stored fetch.
    const markdown = await one(cleanWebIndex.run(clean(url, { max_age: 600, output_format: 'markdown' }), ctx));
    assert.equal(markdown.meta.cached, true);
    assert.match(markdown.data!.content as string, /^# Page \/article-a/);
    assert.equal(hits.get('/article-a'), 1);
  });

  it('max_age 0 (the default) always fetches', async () => {
    const ctx = context(testConfig());
    const url = `${site.origin}/article-b`;
    await one(cleanWebContent.run(clean(url), ctx));
    const again = await one(cleanWebContent.run(clean(url, { max_age: 0 }), ctx));
    const third = await one(cleanWebContent.run(clean(url), ctx));
    assert.equal(again.meta.cached, false);
    assert.equal(third.meta.cached, false);
    assert.equal(hits.get('/article-b'), 3);
  });

  it('a stored fetch older than max_age is fetched again', async () => {
    const ctx = context(testConfig());
    const url = `${site.origin}/article-c`;
    const first = await one(cleanWebContent.run(clean(url), ctx));
    await sleep(1100);
    const stale = await one(cleanWebContent.run(clean(url, { max_age: 1 }), ctx));
    assert.equal(stale.meta.cached, false);
    assert.notEqual(stale.meta.fetched_at, first.meta.fetched_at);
    assert.equal(hits.get('/article-c'), 2);
    const fresh = await one(cleanWebContent.run(clean(url, { max_age: 60 }), ctx));
    assert.equal(fresh.meta.cached, true);
    assert.equal(fresh.meta.fetched_at, stale.meta.fetched_at);
  });

  it('never stores Cache-Control private or no-store, error statuses, or credentialed requests', async () => {
    const ctx = context(testConfig());
    for (const path of ['/private-1', '/no-store-1', '/missing-1']) {
      for (let i = 0; i < 2; i++) {
        const item = await one(cleanWebContent.run(clean(`${site.origin}${path}`, { max_age: 600 }), ctx));
        assert.equal(item.meta.cached, false, path);
      }
      assert.equal(hits.get(path), 2, path);
    }
    const credentialed = site.origin.replace('http://', 'http://user:secret@') + '/public-cred';
    for (let i = 0; i < 2; i++)
      assert.equal((await one(cleanWebContent.run(clean(credentialed, { max_age: 600 }), ctx))).meta.cached, false);
    assert.equal(hits.get('/public-cred'), 2);
    // A public page is stored.
    await one(cleanWebContent.run(clean(`${site.origin}/public-1`), ctx));
    assert.equal(
      (await one(cleanWebContent.run(clean(`${site.origin}/public-1`, { max_age: 600 }), ctx))).meta.cached,
      true,
    );
  });

  it('the metadata fetcher uses it per item; the status checker never does', async () => {
    const ctx = context(testConfig());
    const urls = [`${site.origin}/meta-1`, `${site.origin}/meta-2`];
    const first = await getUrlMetadata.run(
      { items: urls, include_content: false, follow_redirects: true, timeout: 10 },
      ctx,
    );
    const second = await getUrlMetadata.run(
      { items: urls, include_content: false, follow_redirects: true, timeout: 10, max_age: 600 },
      ctx,
    );
    assert.deepEqual(
      first.map((i) => i.meta.cached),
      [false, false],
    );
    assert.deepEqual(
      second.map((i) => i.meta.cached),
      [true, true],
    );
    assert.deepEqual(
      second.map((i) => i.data),
      first.map((i) => i.data),
    );
    assert.equal(hits.get('/meta-1'), 1);
    for (let i = 0; i < 2; i++)
      await one(checkUrlStatus.run({ url: `${site.origin}/meta-1`, follow_redirects: true, timeout: 10 }, ctx));
    assert.equal(hits.get('/meta-1'), 3);
  });

  it('URLKIT_CACHE_MAX_AGE_S is the default max_age; a request can still ask for 0', async () => {
    const ctx = context(testConfig({ cacheMaxAgeS: 600 }));
    const url = `${site.origin}/article-d`;
    await one(cleanWebContent.run(clean(url), ctx));
    assert.equal((await one(cleanWebContent.run(clean(url), ctx))).meta.cached, true);
    assert.equal((await one(cleanWebContent.run(clean(url, { max_age: 0 }), ctx))).meta.cached, false);
    assert.equal(hits.get('/article-d'), 2);
  });
});

/**
 * Issue 31 row 4's entries with the longest Locations followed (10 redirects with 8 KB Location
 * headers, 14 KB of headers, a 2-byte body) through get_url_metadata, then the same URLs again
 * with max_age: how many answered from the cache. Each entry carries about 94 KB of URLs and headers.
 */
async function cachedFatChains(
  ctx: ToolContext,
  prefix: string,
  n: number,
  logged: () => string = () => '',
): Promise<number> {
  const items = Array.from({ length: n }, (_, i) => followedFatChainUrl(site.origin, `${prefix}-${i}`));
  // The bound is what is checked, not speed: the most time a URL may have, so a busy machine
  // does not turn 30 fat chains into timeouts.
  const first = await getUrlMetadata.run({ items, include_content: false, follow_redirects: true, timeout: 60 }, ctx);
  const failed = first.filter((i) => i.meta.error).map((i) => `${i.meta.error!.code}: ${i.meta.error!.message}`);
  assert.equal(
    failed.length,
    0,
    `${failed.length} of ${n} items failed, first: ${failed[0]}; the service logged:\n${logged()}`,
  );
  const again = await getUrlMetadata.run(
    { items, include_content: false, follow_redirects: true, timeout: 60, max_age: 600 },
    ctx,
  );
  return again.filter((i) => i.meta.cached).length;
}

/** At most this many such entries fit in `bytes`: the URL of each hop after the first, the final URL, the headers. */
const fatEntriesIn = (bytes: number) =>
  Math.floor(bytes / (FAT_CHAIN.hops * FOLLOWED_LOCATION_BYTES + FAT_CHAIN.headerBytes));

describe('fetch cache bound (in memory)', () => {
  it('counts URLs, headers and redirect hops against URLKIT_CACHE_MAX_BYTES, not only bodies', async () => {
    const bound = 2 * 1024 * 1024;
    const ctx = context(testConfig({ cacheMaxBytes: bound }));
    const cached = await cachedFatChains(ctx, 'mem', 30);
    assert.ok(cached >= 1, 'the cache still works');
    assert.ok(cached <= fatEntriesIn(bound), `${cached} entries of 94 KB answered from a 2 MiB cache`);
  });
});

describe('fetch cache in Redis (scale-out)', { skip: redisSkip }, () => {
  it("is shared by separate processes' services: hit, freshness, bypass, private never stored", async () => {
    // Two API-role service sets stand for two API processes (the queue is not used by run() here
    // because the tools are called with a local dispatcher context below).
    const config = testConfig({ redisUrl: redis.url, role: 'api' });
    const a = createServices(config, undefined, { role: 'api' });
    const b = createServices(config, undefined, { role: 'api' });
    open.push(a, b);
    await Promise.all([a.start!(), b.start!()]);
    // Run the cleaners in process with each set's caching fetcher (the queue path is covered by scale-out tests).
    const local = (s: Services) => ({ ...s, dispatcher: { ...s.dispatcher, remote: false } }) as Services;
    const ctxA = context(config, local(a));
    const ctxB = context(config, local(b));
    const url = `${site.origin}/shared-1`;
    const first = await one(cleanWebContent.run(clean(url), ctxA));
    const fromB = await one(cleanWebContent.run(clean(url, { max_age: 600 }), ctxB));
    assert.equal(first.meta.cached, false);
    assert.equal(fromB.meta.cached, true);
    assert.equal(fromB.meta.fetched_at, first.meta.fetched_at);
    assert.deepEqual(fromB.data, first.data);
    assert.equal(hits.get('/shared-1'), 1);
    assert.equal((await one(cleanWebContent.run(clean(url, { max_age: 0 }), ctxB))).meta.cached, false);
    assert.equal(hits.get('/shared-1'), 2);
    await sleep(1100);
    assert.equal((await one(cleanWebContent.run(clean(url, { max_age: 1 }), ctxA))).meta.cached, false);
    for (const ctx of [ctxA, ctxB])
      assert.equal(
        (await one(cleanWebContent.run(clean(`${site.origin}/private-r`, { max_age: 600 }), ctx))).meta.cached,
        false,
      );
    assert.equal(hits.get('/private-r'), 2);
  });
  it('honours URLKIT_CACHE_MAX_BYTES: what Redis holds for the cache stays within the bound', async () => {
    const bound = 2 * 1024 * 1024;
    const config = testConfig({ redisUrl: redis.url, role: 'all', cacheMaxBytes: bound });
    // What the service warns about (a failed chunk's reason) is printed when the test fails.
    const log = recordingLogger();
    const services = createServices(config, undefined, { role: 'all', logger: log.logger });
    open.push(services);
    await services.start!();
    const client = new Redis(redis.url);
    try {
      const cached = await cachedFatChains(
        { ...context(config, services), logger: log.logger },
        'redis',
        30,
        log.report,
      );
      assert.ok(cached >= 1, 'the cache still works');
      assert.ok(cached <= fatEntriesIn(bound), `${cached} entries of 94 KB answered from a 2 MiB cache`);
      // Redis's own count of what the entries take, key by key.
      let held = 0;
      for (const key of await client.keys(`${ENTRY_PREFIX}*`)) held += (await client.memory('USAGE', key)) ?? 0;
      assert.ok(held > 0 && held <= bound, `${held} bytes held`);
      assert.ok(Number(await client.get(TOTAL_KEY)) <= bound);
    } finally {
      client.disconnect();
    }
  });
});
