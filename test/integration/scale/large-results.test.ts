// Redis mode under a caller that asks for large answers: results travel back from the workers
// through Redis, and answers already delivered must not stay there. A Redis with a 48 MB
// ceiling (noeviction, as BullMQ needs) serves one API and one worker; a caller takes a 2 MB
// text 40 times at max_chars 2,000,000 (80 MB of answers), and a batch whose every item carries
// 200,000 characters of content. Every answer arrives whole, another caller is served after
// them, and Redis keeps none of the delivered answers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { json, type Answer, type CleanData, type MetadataData } from '../../support/answers.js';
import { FIXTURE_HOST, startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { redisSkip, startRedis, type TestRedis } from '../../support/redis-server.js';
import { startCluster, type Cluster } from '../../support/scale-cluster.js';

const TEXT_CHARS = 2_000_000;
const TEXT = 'A plain sentence of words that goes on.\n'.repeat(TEXT_CHARS / 40);
const CALLS = 40;

let site: LoopbackServer;
let redis: TestRedis;
let client: Redis;
let cluster: Cluster;

async function call<D>(tool: string, body: unknown): Promise<{ status: number; answer: Partial<Answer<D>> }> {
  const res = await fetch(`${cluster.api.origin}/api/v1/tools/${tool}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, answer: await json<Partial<Answer<D>>>(res) };
}

before(async () => {
  if (redisSkip) return;
  site = await startServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/text')) return void res.writeHead(200, { 'content-type': 'text/plain' }).end(TEXT);
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><title>Small ${path}</title><article><h1>A small page</h1><p>` +
          `${'An ordinary paragraph of an honest page. '.repeat(20)}</p></article>`,
      );
  });
  redis = await startRedis(['--maxmemory', '48mb', '--maxmemory-policy', 'noeviction']);
  client = new Redis(redis.url);
  cluster = await startCluster(1, {
    URLKIT_REDIS_URL: redis.url,
    URLKIT_ALLOW_CIDRS: `${FIXTURE_HOST}/32`,
    URLKIT_RATE_LIMIT_MAX: '0',
    // The cache off: what Redis holds is the queue's alone.
    URLKIT_CACHE_MAX_BYTES: '0',
  });
});

after(async () => {
  client?.disconnect();
  await cluster?.stop();
  await site?.close();
  await redis?.stop();
});

describe('scale-out with large answers', { skip: redisSkip }, () => {
  it('answers every call for a large text whole, and keeps none of them in Redis', async () => {
    for (let i = 0; i < CALLS; i += 4) {
      const answers = await Promise.all(
        [0, 1, 2, 3].map((k) =>
          call<CleanData>('clean_web_content', { url: `${site.origin}/text/${i + k}`, max_chars: TEXT_CHARS }),
        ),
      );
      for (const [k, { status, answer }] of answers.entries()) {
        const item = answer.data?.results[0];
        assert.equal(status, 200, `call ${i + k}`);
        assert.ok(item, `call ${i + k}: no item`);
        assert.equal(item.meta.error, undefined, `call ${i + k}: ${JSON.stringify(item.meta.error)}`);
        assert.ok(item.data!.content.length > TEXT_CHARS * 0.9, `call ${i + k}: ${item.data!.content.length} chars`);
      }
    }
    const other = await call<CleanData>('clean_web_content', { url: `${site.origin}/small` });
    assert.equal(other.status, 200);
    assert.equal(other.answer.data?.results[0]?.meta.error, undefined);
    assert.deepEqual(await client.keys('urlkit:job-result:*'), []);
  });

  it("answers a batch whose items each carry 200,000 characters, every item's content whole", async () => {
    const { status, answer } = await call<MetadataData>('get_url_metadata', {
      items: Array.from({ length: 20 }, (_, i) => `${site.origin}/text/batch-${i}`),
      include_content: true,
    });
    assert.equal(status, 200);
    assert.equal(answer.data?.results.length, 20);
    for (const [i, item] of (answer.data?.results ?? []).entries()) {
      assert.equal(item.meta.error, undefined, `item ${i}: ${JSON.stringify(item.meta.error)}`);
      assert.ok((item.data!.content?.length ?? 0) > 190_000, `item ${i}: ${item.data!.content?.length} chars`);
    }
    assert.deepEqual(await client.keys('urlkit:job-result:*'), []);
  });
});
