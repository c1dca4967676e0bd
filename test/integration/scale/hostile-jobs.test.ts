// Redis mode under a hostile caller (issue 31, row 8): one API process and two `urlkit worker`
// processes on a real redis-server. One caller has 12 calls in flight when another sends two
// batches of pages built to be expensive to look at (`<html>` then `<a` repeated to 96 KiB).
// Every one of the first caller's calls still answers with its page: no job of theirs loses its
// lock because a worker process's main thread was held, and none waits behind the batches. And
// one caller's jobs for a slow host, more than the workers run at once, do not make another
// caller's job wait past its deadline.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { json, type Answer, type CleanData, type Item } from '../../support/answers.js';
import { FIXTURE_HOST, startServer, type LoopbackServer } from '../../support/loopback-server.js';
import { startRedis, type TestRedis } from '../../support/redis-server.js';
import { startCluster, type Cluster } from '../../support/scale-cluster.js';

const HONEST = 'honest-key-0123456789';
const HOSTILE = 'hostile-key-0123456789';
const SCAN_BOMB = '<html>' + '<a'.repeat(48 * 1024);
/** The honest pages take this long to answer, so all 12 calls are in flight when the batches come. */
const HONEST_ANSWER_MS = 1500;
/** A slow host's answer time, for the batches that fill the queue. */
const SLOW_ANSWER_MS = 4000;
/** The service's own bound on one call: an honest call stuck behind the hostile jobs answers `timeout` at it. */
const REQUEST_TIMEOUT_MS = 10_000;

let site: LoopbackServer;
let redis: TestRedis;
let cluster: Cluster;
const open = new Set<ServerResponse>();

async function call(
  key: string,
  tool: string,
  body: unknown,
): Promise<{ status: number; items: Array<Item<CleanData>> }> {
  const res = await fetch(`${cluster.api.origin}/api/v1/tools/${tool}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  const answer = await json<Partial<Answer<CleanData>>>(res);
  return { status: res.status, items: answer.data?.results ?? [] };
}

before(async () => {
  site = await startServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const html = { 'content-type': 'text/html; charset=utf-8' };
    if (path === '/scan-bomb') return void res.writeHead(200, html).end(SCAN_BOMB);
    open.add(res);
    res.on('close', () => open.delete(res));
    if (path === '/slow') {
      const t = setTimeout(() => res.writeHead(200, html).end('<title>Slow</title><p>At last.</p>'), SLOW_ANSWER_MS);
      res.on('close', () => clearTimeout(t));
      return;
    }
    const t = setTimeout(
      () =>
        res
          .writeHead(200, html)
          .end(
            `<!doctype html><title>Honest ${path}</title><article><h1>Honest page</h1><p>` +
              `${'An ordinary paragraph of an honest page. '.repeat(20)}</p></article>`,
          ),
      HONEST_ANSWER_MS,
    );
    res.on('close', () => clearTimeout(t));
  });
  redis = await startRedis();
  cluster = await startCluster(2, {
    URLKIT_REDIS_URL: redis.url,
    URLKIT_ALLOW_CIDRS: `${FIXTURE_HOST}/32`,
    URLKIT_API_KEYS: `${HONEST},${HOSTILE}`,
    URLKIT_RATE_LIMIT_MAX: '0',
    URLKIT_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  });
  // Warm up both workers: threads started, code compiled.
  await Promise.all(
    Array.from({ length: 4 }, (_, i) => call(HONEST, 'clean_web_content', { url: `${site.origin}/warm/${i}` })),
  );
});

after(async () => {
  for (const res of open) res.destroy();
  await cluster?.stop();
  await site?.close();
  await redis?.stop();
});

describe('scale-out under a hostile caller', () => {
  it("keeps every one of another caller's calls in flight while two batches of costly pages run", async () => {
    const honest = Array.from({ length: 12 }, (_, i) =>
      call(HONEST, 'clean_web_content', { url: `${site.origin}/honest/${i}`, timeout: 30 }),
    );
    const hostile = [0, 1].map((b) =>
      call(HOSTILE, 'get_url_metadata', {
        items: Array.from({ length: 10 }, (_, i) => `${site.origin}/scan-bomb?b=${b}&i=${i}`),
      }),
    );
    const answers = await Promise.all(honest);
    for (const [i, { status, items }] of answers.entries()) {
      assert.equal(status, 200, `call ${i}`);
      assert.equal(items[0]!.meta.error, undefined, `call ${i}: ${JSON.stringify(items[0]!.meta.error)}`);
      assert.match(items[0]!.data!.content, /ordinary paragraph/);
    }
    for (const { status } of await Promise.all(hostile)) assert.equal(status, 200);
  });

  it("runs another caller's job while one caller's jobs for a slow host fill every worker process", async () => {
    const hostile = [0, 1, 2, 3, 4, 5].map((b) =>
      call(HOSTILE, 'get_url_metadata', {
        items: Array.from({ length: 100 }, (_, i) => `${site.origin}/slow?b=${b}&i=${i}`),
        timeout: 60,
      }),
    );
    // Four chunks of each batch at a time: 24 jobs, more than the two workers run at once, queued first.
    await new Promise((r) => setTimeout(r, 500));
    const { status, items } = await call(HONEST, 'clean_web_content', { url: `${site.origin}/honest/after` });
    assert.equal(status, 200);
    assert.equal(items[0]!.meta.error, undefined, JSON.stringify(items[0]!.meta.error));
    await Promise.all(hostile);
  });
});
