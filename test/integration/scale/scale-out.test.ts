// Scale-out end to end: a real redis-server, one API process (URLKIT_ROLE=api) and three
// `urlkit worker` processes of the built CLI, against a loopback fixture site; compared with
// the in-process answers of a server without Redis. Then a worker SIGKILLed mid-chunk, the
// shared cache through the queue, Redis restarting under the service, and Redis down at start.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startChild, type Child } from '../http/child-server.js';
import type { Item, MetadataAnswer, MetadataData } from '../../support/answers.js';
import { startServer, FIXTURE_HOST, type LoopbackServer } from '../../support/loopback-server.js';
import { redisSkip, startRedis, type TestRedis } from '../../support/redis-server.js';
import { post } from '../../support/post-tool.js';
import { CLI, startCluster, stopChild, type Cluster } from '../../support/scale-cluster.js';

const hits = new Map<string, number>();
const held = new Set<ServerResponse>();
let site: LoopbackServer;
// The held pages live on their own host, so they do not take the fetcher's per-host slots of the fixture site.
let slowSite: LoopbackServer;
const SLOW_HOST = '127.0.0.3';
let redis: TestRedis;
let cluster: Cluster;
let reference: Child;

function page(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url!, 'http://x').pathname;
  hits.set(path, (hits.get(path) ?? 0) + 1);
  if (path.startsWith('/slow/')) {
    // Held until the test ends: the chunk carrying these stays in flight on its worker.
    held.add(res);
    res.on('close', () => held.delete(res));
    return;
  }
  const id = path.split('/').pop() ?? '';
  const n = Number(id.replace(/\D/g, '') || '0');
  const html = (status: number, extra = ''): void =>
    void res
      .writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        ...(path.startsWith('/private') ? { 'cache-control': 'private' } : {}),
      })
      .end(
        `<!doctype html><html lang="en"><head><title>Page ${id}</title>` +
          `<meta name="description" content="Description of ${id}"><meta property="og:title" content="OG ${id}">` +
          `<link rel="alternate" type="application/rss+xml" href="/feed-${n % 5}.xml">${extra}</head><body>` +
          `<article><h1>Page ${id}</h1><p>` +
          `${`Sentence ${n} about the harbour, the tide and the boats. `.repeat(6)}</p></article></body></html>`,
      );
  if (n % 10 === 7) return html(404);
  if (n % 10 === 3)
    return void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(`Plain text ${id}\n`);
  if (n % 10 === 5 && !path.endsWith('-r')) return void res.writeHead(301, { location: `${path}-r` }).end();
  html(200, n % 10 === 1 ? '<link rel="canonical" href="/canonical">' : '');
}

// Log level info: the children announce their address in fastify's "Server listening at" line.
// A batch's 100 URLs share one host: more connections to it than the default 4, and a generous
// per-URL timeout, keep answers deterministic on a loaded machine (both sides get the same).
const ENV = {
  URLKIT_ALLOW_CIDRS: `${FIXTURE_HOST}/32,${SLOW_HOST}/32`,
  URLKIT_RATE_LIMIT_MAX: '0',
  URLKIT_PER_HOST_CONCURRENCY: '16',
  URLKIT_WORKER_TASK_TIMEOUT_MS: '60000',
};

before(async () => {
  if (redisSkip) return;
  site = await startServer(page);
  slowSite = await startServer(page, SLOW_HOST);
  redis = await startRedis();
  cluster = await startCluster(
    3,
    { ...ENV, URLKIT_REDIS_URL: redis.url, URLKIT_QUEUE_STALL_MS: '10000' },
    {},
    { URLKIT_LOG_LEVEL: 'debug' },
  );
  reference = await startChild(CLI, ENV, ['serve']);
  // Warm up: every worker starts its threads and connections before anything is compared.
  await Promise.all([
    ...Array.from({ length: 6 }, (_, i) =>
      post(cluster.api.origin, 'get_url_metadata', {
        items: Array.from({ length: 20 }, (_, k) => `${site.origin}/p/warm${i}x${k}`),
      }),
    ),
    post(reference.origin, 'get_url_metadata', { items: [`${site.origin}/p/warm`] }),
  ]);
});

after(async () => {
  for (const res of held) res.destroy();
  await Promise.allSettled([cluster?.stop(), reference && stopChild(reference)]);
  await site?.close();
  await slowSite?.close();
  await redis?.stop();
});

/** Items compared across runs: fetched_at is a clock reading, timings are measurements. */
function comparable(results: Item[]): unknown {
  return results.map(({ data, meta }) => {
    const { fetched_at: _f, ...m } = meta;
    if (data && 'timings' in data) {
      const { timings: _t, response_time_ms: _r, ...d } = data;
      return { data: d, meta: m };
    }
    return { data, meta: m };
  });
}

const batchItems = (b: number) =>
  Array.from({ length: 100 }, (_, i) =>
    b % 10 === 4 && i === 50
      ? 'not a url'
      : b % 10 === 6 && i === 20
        ? 'http://127.0.0.1:1/blocked'
        : `${site.origin}/p/b${b}i${i}`,
  );

describe('scale-out: 1 API + 3 workers on Redis', { skip: redisSkip }, () => {
  it('answers 30 batches of 100 metadata items exactly as in process', async () => {
    const batches = Array.from({ length: 30 }, (_, b) => b);
    const mismatches: number[] = [];
    let lane = 0;
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        while (lane < batches.length) {
          const b = batches[lane++]!;
          const body = { items: batchItems(b), include_content: b % 3 === 0, timeout: 60 };
          const [queued, local] = await Promise.all([
            post(cluster.api.origin, 'get_url_metadata', body),
            post(reference.origin, 'get_url_metadata', body),
          ]);
          assert.equal(queued.status, 200);
          assert.equal(queued.json.data.results.length, 100);
          if (
            JSON.stringify(comparable(queued.json.data.results)) !== JSON.stringify(comparable(local.json.data.results))
          ) {
            mismatches.push(b);
            const warnings = cluster.api
              .stdout()
              .split('\n')
              .filter((l) => l.includes('"level":40'))
              .slice(-3)
              .join('\n');
            assert.deepEqual(
              comparable(queued.json.data.results),
              comparable(local.json.data.results),
              `batch ${b}; API warnings:\n${warnings}`,
            );
          }
        }
      }),
    );
    assert.deepEqual(mismatches, []);
    // The cleaners and the status checker go through the queue one URL per job, same answers.
    for (const [tool, body] of [
      ['clean_web_content', { url: `${site.origin}/p/c1`, output_format: 'markdown' }],
      ['clean_web_index', { url: `${site.origin}/p/c5` }],
      ['clean_web_content', { url: `${site.origin}/p/c3` }],
      ['check_url_status', { url: `${site.origin}/p/c5` }],
      ['check_url_status', { url: 'http://127.0.0.1:1/' }],
    ] as const) {
      const [queued, local] = await Promise.all([
        post(cluster.api.origin, tool, body),
        post(reference.origin, tool, body),
      ]);
      assert.deepEqual(comparable(queued.json.data.results), comparable(local.json.data.results), tool);
    }
    const metrics = await (await fetch(`${cluster.api.origin}/metrics`)).text();
    assert.match(metrics, /urlkit_queue_jobs_answered_total\{outcome="completed"\} (\d+)/);
    assert.ok(Number(/urlkit_queue_jobs_answered_total\{outcome="completed"\} (\d+)/.exec(metrics)![1]) >= 305);
    const worked = await Promise.all(
      cluster.workers.map(async (w) =>
        Number(
          /urlkit_queue_jobs_processed_total\{outcome="completed"\} (\d+)/.exec(
            await (await fetch(`${w.origin}/metrics`)).text(),
          )?.[1] ?? 0,
        ),
      ),
    );
    assert.equal(worked.filter((n) => n > 0).length, 3, `every worker ran jobs: ${worked.join(',')}`);
  });

  it('serves repeat fetches from the shared Redis cache within max_age, and never a private page', async () => {
    const url = `${site.origin}/p/cache1`;
    const first = (await post(cluster.api.origin, 'clean_web_content', { url })).json.data.results[0]!;
    const hit = (await post(cluster.api.origin, 'clean_web_content', { url, max_age: 600 })).json.data.results[0]!;
    assert.equal(first.meta.cached, false);
    assert.equal(hit.meta.cached, true);
    assert.equal(hit.meta.fetched_at, first.meta.fetched_at);
    assert.deepEqual(hit.data, first.data);
    const meta = (await post(cluster.api.origin, 'get_url_metadata', { items: [url], max_age: 600 })).json.data
      .results[0]!;
    assert.equal(meta.meta.cached, true);
    assert.equal(hits.get('/p/cache1'), 1);
    const bypass = (await post(cluster.api.origin, 'clean_web_content', { url, max_age: 0 })).json.data.results[0]!;
    assert.equal(bypass.meta.cached, false);
    assert.equal(hits.get('/p/cache1'), 2);
    await sleep(1100);
    assert.equal(
      (await post(cluster.api.origin, 'clean_web_content', { url, max_age: 1 })).json.data.results[0]!.meta.cached,
      false,
    );
    assert.equal(hits.get('/p/cache1'), 3);
    for (let i = 0; i < 2; i++)
      assert.equal(
        (await post(cluster.api.origin, 'clean_web_content', { url: `${site.origin}/private/p1`, max_age: 600 })).json
          .data.results[0]!.meta.cached,
        false,
      );
    assert.equal(hits.get('/private/p1'), 2);
  });

  it('a worker SIGKILLed mid-chunk: exactly that chunk is worker_chunk_failed, the rest answer, nothing runs twice', async () => {
    const items = Array.from({ length: 100 }, (_, i) =>
      i >= 30 && i < 40 ? `${slowSite.origin}/slow/k${i}` : `${site.origin}/p/kill${i}`,
    );
    const fastPaths = items.filter((u) => !u.includes('/slow/')).map((u) => new URL(u).pathname);
    const seen = cluster.workers.map((w) => w.stdout().length);
    const call = post<MetadataAnswer>(cluster.api.origin, 'get_url_metadata', { items, timeout: 60 });
    // Wait until every fast page was fetched and the slow chunk is held on its worker.
    for (let i = 0; i < 600; i++) {
      const slowHeld = items.filter((u) => u.includes('/slow/') && hits.get(new URL(u).pathname)).length;
      if (slowHeld === 10 && fastPaths.every((p) => hits.get(p))) break;
      await sleep(50);
    }
    const victim = cluster.workers.findIndex((w, i) =>
      w
        .stdout()
        .slice(seen[i])
        .split('\n')
        .some(
          (l) => l.includes('"job started"') && l.includes('"handler":"get_url_metadata"') && l.includes('"chunk":3,'),
        ),
    );
    assert.ok(victim >= 0, 'a worker took the slow chunk');
    const [killed] = cluster.workers.splice(victim, 1);
    // Kill it once the slow chunk is the only job it runs (its fast chunks, if any, are done).
    for (let i = 0; i < 600; i++) {
      const running = /urlkit_queue_jobs_running (\d+)/.exec(
        await (await fetch(`${killed!.origin}/metrics`)).text(),
      )?.[1];
      if (running === '1') break;
      await sleep(50);
    }
    killed!.proc.kill('SIGKILL');
    const { status, json } = await call;
    assert.equal(status, 200);
    const results = json.data.results;
    assert.equal(results.length, 100);
    results.forEach((r, i) => {
      assert.equal(r.meta.url, items[i]);
      if (i >= 30 && i < 40) {
        assert.equal(r.data, null);
        assert.equal(r.meta.error?.code, 'worker_chunk_failed', `item ${i}`);
        assert.equal(r.meta.error.retryable, true);
        // The cause, in the caller's words; the worker's address and BullMQ's text stay in the log.
        assert.match(r.meta.error.message, /the worker process running it was lost/);
        assert.doesNotMatch(r.meta.error.message, /127\.0\.0\.1|stalled/);
      } else {
        const n = i % 10;
        if (n !== 3 && n !== 7) assert.equal(r.meta.error, undefined, `item ${i}: ${JSON.stringify(r.meta.error)}`);
        assert.match(r.data!.title, new RegExp(`kill${i}`));
      }
    });
    // The failed job is not run again by another worker (it would fetch the slow pages again).
    await sleep(2000);
    for (let i = 30; i < 40; i++) assert.equal(hits.get(`/slow/k${i}`), 1);
  });

  it('a call that reaches its deadline keeps the items its workers finished', async () => {
    // A second API process on the same queue and workers, with a whole-call deadline short
    // against the slow page (which never ends) and long enough for two ordinary pages on a busy
    // machine.
    const api = await startChild(
      CLI,
      { ...ENV, URLKIT_REDIS_URL: redis.url, URLKIT_ROLE: 'api', URLKIT_REQUEST_TIMEOUT_MS: '8000' },
      ['serve'],
    );
    try {
      const items = [`${site.origin}/p/dl1`, `${slowSite.origin}/slow/dl2`, `${site.origin}/p/dl4`];
      const { status, json } = await post<MetadataAnswer>(api.origin, 'get_url_metadata', { items, timeout: 60 });
      assert.equal(status, 200);
      const results = json.data.results;
      assert.equal(results[0]!.data?.title, 'OG dl1');
      assert.equal(results[2]!.data?.title, 'OG dl4');
      assert.equal(results[1]!.meta.error?.code, 'timeout');
      assert.match(results[1]!.meta.error.message, /URLKIT_REQUEST_TIMEOUT_MS/);
    } finally {
      await stopChild(api);
    }
  });

  it('the HTTP port of a worker answers as the API does: correlation ids, JSON envelopes, no deprecation warning', async () => {
    const worker = cluster.workers[0]!;
    for (const path of ['/healthz', '/readyz']) {
      const res = await fetch(`${worker.origin}${path}`);
      assert.equal(res.status, 200, path);
      const body = (await res.json()) as { correlation_id: string; status: string };
      assert.match(body.correlation_id, /^[0-9a-f-]{36}$/, path);
      assert.equal(res.headers.get('x-correlation-id'), body.correlation_id, path);
    }
    const missing = await fetch(`${worker.origin}/api/v1/tools/clean_web_content`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(missing.status, 404);
    const envelope = (await missing.json()) as { correlation_id: string; error: { code: string } };
    assert.equal(envelope.error.code, 'not_found');
    assert.equal(missing.headers.get('x-correlation-id'), envelope.correlation_id);
    for (const w of cluster.workers) assert.doesNotMatch(w.stderr(), /FSTDEP|DeprecationWarning/);
  });

  it('Redis lost: calls answer per-item errors at once and /readyz is false; back when Redis returns', async () => {
    await redis.stop();
    for (let i = 0; i < 100 && (await fetch(`${cluster.api.origin}/readyz`)).status !== 503; i++) await sleep(50);
    assert.equal((await fetch(`${cluster.api.origin}/readyz`)).status, 503);
    const down = await post(cluster.api.origin, 'get_url_metadata', {
      items: [`${site.origin}/p/down1`, `${site.origin}/p/down2`],
    });
    assert.equal(down.status, 200);
    assert.deepEqual(
      down.json.data.results.map((r) => r.meta.error?.code),
      ['worker_chunk_failed', 'worker_chunk_failed'],
    );
    const downClean = await post(cluster.api.origin, 'clean_web_content', { url: `${site.origin}/p/down3` });
    assert.equal(downClean.json.data.results[0]!.meta.error?.code, 'worker_chunk_failed');
    for (const r of [...down.json.data.results, ...downClean.json.data.results]) {
      assert.match(r.meta.error!.message, /the job queue \(Redis\) is unreachable/);
      assert.doesNotMatch(r.meta.error!.message, new RegExp(`127\\.0\\.0\\.1|${redis.port}`));
    }
    assert.equal((await fetch(`${cluster.workers[0]!.origin}/readyz`)).status, 503);

    await redis.restart();
    let ready = 0;
    for (let i = 0; i < 300 && ready !== 200; i++) {
      ready = (await fetch(`${cluster.api.origin}/readyz`)).status;
      if (ready !== 200) await sleep(100);
    }
    assert.equal(ready, 200);
    let results: Array<Item<MetadataData>> = [];
    for (let i = 0; i < 20; i++) {
      results = (
        await post<MetadataAnswer>(cluster.api.origin, 'get_url_metadata', {
          items: [`${site.origin}/p/up1`, `${site.origin}/p/up2`],
        })
      ).json.data.results;
      if (results.every((r) => !r.meta.error)) break;
      await sleep(500);
    }
    assert.deepEqual(
      results.map((r) => r.data?.title),
      ['OG up1', 'OG up2'],
    );
  });

  it('Redis down at start: the API and a worker say so in one line and exit 1', async () => {
    const closed = `redis://127.0.0.1:${redis.port === 65535 ? 1 : redis.port + 1}`;
    for (const args of [['serve'], ['worker']]) {
      const proc = spawn(process.execPath, [CLI, ...args], {
        env: { ...process.env, ...ENV, HOST: '127.0.0.1', PORT: '0', URLKIT_REDIS_URL: closed },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      proc.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      const [code] = (await once(proc, 'exit')) as [number | null];
      assert.equal(code, 1, args[0]);
      assert.equal(err.trim().split('\n').length, 1, err);
      assert.match(err, /cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
    }
  });
});
