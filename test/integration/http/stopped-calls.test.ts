// A call stopped before all its URLs finished (its deadline passed, or the service shut down)
// keeps every answer that was done: only the unfinished URLs get `timeout`, their message says
// what stopped them, and a URL whose response had started keeps the status and type that came.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/http/build-app.js';
import { serve } from '../../../src/http/serve.js';
import type { Item } from '../../support/answers.js';
import { injectToolResults } from '../../support/inject-tool.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';

let site: LoopbackServer;
const open = new Set<ServerResponse>();
let reachedSlow: Array<() => void> = [];

before(async () => {
  // /page/<n>: a page at once. /slow: never answers. /trickle: 200 and its headers at once,
  // then one byte of body every 100 ms, never ending.
  site = await startServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    if (path === '/slow') {
      open.add(res);
      for (const f of reachedSlow.splice(0)) f();
      return;
    }
    if (path === '/trickle') {
      open.add(res);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<html><title>never ends</title>');
      const timer = setInterval(() => res.write(' '), 100);
      res.on('close', () => clearInterval(timer));
      for (const f of reachedSlow.splice(0)) f();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<html><head><title>Page ${path.slice(1)}</title></head><body><p>Hello.</p></body></html>`);
  });
});
after(async () => {
  for (const r of open) r.destroy();
  await site.close();
});

const quiet = { logStream: { write() {} } };

/**
 * Worker threads start on the first calls. A call that returns does not mean they started: with
 * 10 times more runnable processes than CPUs a thread's start outlasted a whole 8 s call, which
 * answered `timeout`, and the calls after it met the thread still starting. So calls are made
 * until one is answered in full.
 */
async function warmUp(app: FastifyInstance): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const items = await injectToolResults(app, 'get_url_metadata', {
      items: [`${site.origin}/page/w1`, `${site.origin}/page/w2`],
    });
    if (items.every((item) => item.meta.error === undefined)) return;
    assert.ok(attempt < 20, `no worker thread started: ${JSON.stringify(items.map((item) => item.meta.error))}`);
  }
}

describe('a call that reaches its deadline keeps what finished', () => {
  let app: FastifyInstance;
  let trickleApp: FastifyInstance;
  before(async () => {
    // The deadline is what stops the slow URLs; the fast ones must finish inside it on a busy
    // machine too (4 s was not always enough at load 18, 8 s not for 15 pages at load 16 beside
    // four busy loops).
    app = await buildApp(testConfig({ rateLimitMax: 0, requestTimeoutMs: 20_000, batchChunkSize: 10 }), quiet);
    // Worker threads start on the first calls: not inside the deadline of the calls below.
    await warmUp(app);
    // A trickling body needs no worker: a short deadline. Its minimum rate is off (0): the
    // deadline, not the rate, is what cuts it here.
    trickleApp = await buildApp(testConfig({ rateLimitMax: 0, requestTimeoutMs: 8000, minBodyRate: 0 }), quiet);
  });
  after(async () => Promise.all([app.close(), trickleApp.close()]));

  it('a 3-item metadata batch with one slow URL: the two fast ones keep their answers', async () => {
    const results = await injectToolResults(app, 'get_url_metadata', {
      items: [`${site.origin}/page/a`, `${site.origin}/slow`, `${site.origin}/page/b`],
      timeout: 30,
    });
    assert.equal(results.length, 3);
    assert.equal(results[0]!.data?.title, 'Page page/a', JSON.stringify(results[0]!.meta.error));
    assert.equal(results[0]!.meta.error, undefined);
    assert.equal(results[2]!.data?.title, 'Page page/b', JSON.stringify(results[2]!.meta.error));
    assert.equal(results[2]!.meta.error, undefined);
    const slow = results[1]!;
    assert.equal(slow.meta.error?.code, 'timeout');
    assert.match(slow.meta.error?.message ?? '', /deadline \(20000 ms, URLKIT_REQUEST_TIMEOUT_MS\)/);
    assert.equal(slow.meta.url, `${site.origin}/slow`);
  });

  it('16 items over two chunks: every finished item of both chunks is kept', async () => {
    const items = Array.from({ length: 16 }, (_, i) => `${site.origin}/page/${i}`);
    items[12] = `${site.origin}/slow`;
    const results = await injectToolResults(app, 'get_url_metadata', { items, timeout: 30 });
    assert.equal(results.length, 16);
    for (const [i, item] of results.entries()) {
      if (i === 12) assert.equal(item.meta.error?.code, 'timeout');
      else assert.equal(item.data?.title, `Page page/${i}`, `item ${i}: ${JSON.stringify(item.meta.error)}`);
    }
  });

  it('a body cut off by the deadline keeps the status and type that arrived (metadata and cleaners)', async () => {
    for (const tool of ['get_url_metadata', 'clean_web_content', 'clean_web_index']) {
      const [item] = await injectToolResults(trickleApp, tool, { url: `${site.origin}/trickle`, timeout: 30 });
      assert.equal(item!.meta.error?.code, 'timeout', tool);
      assert.match(item!.meta.error?.message ?? '', /URLKIT_REQUEST_TIMEOUT_MS/, tool);
      assert.equal(item!.meta.status_code, 200, tool);
      assert.equal(item!.meta.content_type, 'text/html; charset=utf-8', tool);
      assert.equal(item!.meta.final_url, `${site.origin}/trickle`, tool);
    }
  });
});

describe('a body that passes its own timeout keeps the status and type that arrived', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildApp(testConfig({ rateLimitMax: 0 }), quiet);
  });
  after(async () => app.close());

  it('timeout: 1 on a trickling 200', async () => {
    for (const tool of ['get_url_metadata', 'clean_web_content']) {
      const [item] = await injectToolResults(app, tool, { url: `${site.origin}/trickle`, timeout: 1 });
      assert.equal(item!.meta.error?.code, 'timeout', tool);
      assert.equal(item!.meta.status_code, 200, tool);
      assert.equal(item!.meta.content_type, 'text/html; charset=utf-8', tool);
    }
  });
});

describe('a call stopped by shutdown keeps what finished', () => {
  it('shutdown past its grace: finished items kept, the others say the service stopped them', async () => {
    const server = await serve(
      // The grace is ample for the fast pages; the slow one outlives it.
      testConfig({ rateLimitMax: 0, shutdownGraceMs: 5000, port: 0, host: '127.0.0.1', batchChunkSize: 2 }),
      quiet,
    );
    try {
      // Worker threads start on the first calls: not inside the grace period below.
      await warmUp(server.app);
      const reached = new Promise<void>((resolve) => reachedSlow.push(resolve));
      const call = fetch(`${server.address}/api/v1/tools/get_url_metadata`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [`${site.origin}/page/x`, `${site.origin}/slow`, `${site.origin}/page/y`],
          timeout: 30,
        }),
      });
      await reached;
      await server.shutdown('test');
      const res = await call;
      assert.equal(res.status, 200);
      const results = ((await res.json()) as { data: { results: Item[] } }).data.results;
      assert.equal(results[0]!.data?.title, 'Page page/x', JSON.stringify(results[0]));
      assert.equal(results[2]!.data?.title, 'Page page/y', JSON.stringify(results[2]));
      assert.equal(results[1]!.meta.error?.code, 'timeout');
      assert.match(results[1]!.meta.error?.message ?? '', /shutting down/);
    } finally {
      await server.shutdown('test');
      reachedSlow = [];
    }
  });
});
