// The cleaners' explain field through the HTTP API, against a loopback site serving fixture
// pages: meta.explain accounts for the answer (readings, container, what was left out and by
// which rule, the fallback), and asking for it changes nothing else in the item.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/http/build-app.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { PAGES_DIR } from '../../support/page-fixtures.js';
import { injectTool } from '../../support/inject-tool.js';
import type { CleanExplanation } from '../../../src/extract/explain.js';

const page = (slug: string) => readFileSync(new URL(`${slug}/source.html`, PAGES_DIR));

const ROUTES: Record<string, Buffer> = {
  '/news': page('news-article'),
  '/open-data': page('link-directory'),
  '/app': page('spa-shell'),
  '/stream': page('hidden-stream-wrapper'),
};

let site: LoopbackServer;
let app: FastifyInstance;

before(async () => {
  site = await startServer((req, res) => {
    const body = ROUTES[(req.url ?? '/').split('?')[0]!];
    if (!body) res.writeHead(404, { 'content-type': 'text/plain' }).end('no such fixture');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  app = await buildApp(testConfig({ rateLimitMax: 0 }), { logStream: { write() {} } });
});

after(async () => {
  await app.close();
  await site.close();
});

/** The item with and without explain: the same but for meta.explain (and the fetch time). */
async function both(tool: 'clean_web_content' | 'clean_web_index', url: string): Promise<CleanExplanation> {
  const plain = await injectTool(app, tool, { url });
  const asked = await injectTool(app, tool, { url, explain: true });
  assert.equal(plain.meta.explain, undefined);
  const { explain, ...rest } = asked.meta;
  // The second fetch may come from the cache.
  assert.deepEqual({ ...rest, fetched_at: null, cached: null }, { ...plain.meta, fetched_at: null, cached: null });
  assert.deepEqual(asked.data, plain.data);
  assert.ok(explain, 'meta.explain is there when asked');
  return explain as CleanExplanation;
}

describe('explain', () => {
  it('accounts for an article: readings, container, and each left-out element with its rule', async () => {
    const e = await both('clean_web_content', `${site.origin}/news`);
    assert.equal(e.profile, 'content');
    assert.equal(e.fallback.used, false);
    assert.equal(e.fallback.why, null);
    assert.equal(e.readings[0]!.name, 'strict');
    assert.ok(e.readings.some((r) => r.accepted));
    assert.ok(e.container && e.container.startsWith('body > '), String(e.container));
    assert.ok(e.dropped.length > 0);
    for (const d of e.dropped) {
      assert.ok(d.rule !== '' && d.text.length <= 80 && d.chars >= d.text.length, JSON.stringify(d));
      assert.ok(d.stage === 'element' || d.stage === 'block');
    }
  });

  it('names the hidden wrapper the page reveals, and none on a page shown as served', async () => {
    const e = await both('clean_web_content', `${site.origin}/stream`);
    assert.equal(e.profile, 'content');
    assert.ok(e.revealed.length > 0, 'the streamed page lists what it reveals');
    for (const path of e.revealed) assert.ok(path.startsWith('body > '), path);
    assert.deepEqual((await both('clean_web_content', `${site.origin}/news`)).revealed, []);
  });

  it('says when the other profile answered, with the account of the one that did not', async () => {
    const e = await both('clean_web_content', `${site.origin}/open-data`);
    assert.equal(e.profile, 'index');
    assert.equal(e.fallback.used, true);
    assert.match(e.fallback.why!, /content profile found no main content/);
    assert.equal(e.fallback.other!.profile, 'content');
    assert.ok(e.fallback.other!.readings.length > 5);
  });

  it('explains a page with no content too', async () => {
    const { meta } = await injectTool(app, 'clean_web_index', { url: `${site.origin}/app`, explain: true });
    assert.equal(meta.error?.code, 'no_content');
    const e = meta.explain as CleanExplanation;
    assert.equal(e.strategy, null);
    assert.equal(e.fallback.why, 'neither profile found main content');
  });

  it('refuses a non-boolean explain', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/tools/clean_web_content',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ url: `${site.origin}/news`, explain: 'yes' }),
    });
    assert.equal(res.statusCode, 400);
  });
});
