// get_url_metadata through the HTTP API (buildApp + inject): request rules of decisions.md,
// the envelope, batches, a chunk whose worker is killed by a page, and the published item schema.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { buildApp } from '../../../src/http/build-app.js';
import { getUrlMetadata } from '../../../src/tools/get-url-metadata.js';
import { testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { SMALL_WORKER_MB, startMetadataSite } from './metadata-site.js';

const ROUTE = '/api/v1/tools/get_url_metadata';
let site: LoopbackServer;
let app: FastifyInstance;
let failingApp: FastifyInstance;

before(async () => {
  site = await startMetadataSite();
  const quiet = { logStream: { write() {} } };
  app = await buildApp(testConfig({ rateLimitMax: 0, batchChunkSize: 4 }), quiet);
  failingApp = await buildApp(
    testConfig({ rateLimitMax: 0, batchChunkSize: 2, workerMaxMemoryMb: SMALL_WORKER_MB }),
    quiet,
  );
});
after(async () => {
  await app.close();
  await failingApp.close();
  await site.close();
});

const post = (body: unknown, target = app) =>
  target.inject({
    method: 'POST',
    url: ROUTE,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('POST /api/v1/tools/get_url_metadata', () => {
  it('answers one URL with the envelope, data and meta', async () => {
    const res = await post({ url: `${site.origin}/page` });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.match(body.correlation_id, /^[0-9a-f-]{36}$/);
    assert.equal(body.data.results.length, 1);
    const { data, meta } = body.data.results[0];
    assert.deepEqual(Object.keys(data).sort(), [
      'author',
      'canonical_url',
      'description',
      'favicon',
      'feeds',
      'image',
      'keywords',
      'lang',
      'logo',
      'modified_at',
      'og',
      'published_at',
      'site_name',
      'title',
      'twitter',
    ]);
    assert.equal(data.title, 'Harbour Days');
    assert.equal(typeof data.og.title, 'string');
    assert.equal(typeof data.og.description, 'string');
    // fetched_at: when the response came (ISO 8601); cached: false, the default max_age is 0.
    assert.ok(!Number.isNaN(Date.parse(meta.fetched_at as string)));
    assert.deepEqual(meta, {
      url: `${site.origin}/page`,
      final_url: `${site.origin}/page`,
      status_code: 200,
      content_type: 'text/html; charset=utf-8',
      via_proxy: false,
      retries: 0,
      cached: false,
      fetched_at: meta.fetched_at,
    });
  });

  it('answers a mixed batch in request order, failures per item, duplicates kept', async () => {
    const items = [
      `${site.origin}/page/1`,
      { url: 'javascript:alert(1)' },
      `http://127.0.0.1:${site.port}/page/2`,
      { url: `${site.origin}/page/3` },
      `${site.origin}/page/1`,
      `${site.origin}/files/Quarterly%20Report.pdf`,
    ];
    const res = await post({ items });
    assert.equal(res.statusCode, 200);
    const results = res.json().data.results as Array<{
      data: Record<string, unknown> | null;
      meta: Record<string, any>;
    }>;
    assert.deepEqual(
      results.map((r) => r.meta.url),
      items.map((i) => (typeof i === 'string' ? i : i.url)),
    );
    // The PDF fixture is a stub without an end-of-file marker: a broken file is no_content
    // (decisions.md, Beyond HTML), its header-known metadata kept.
    assert.deepEqual(
      results.map((r) => r.meta.error?.code ?? null),
      [null, 'invalid_url', 'blocked_url', null, null, 'no_content'],
    );
    assert.deepEqual(
      results.map((r) => r.data?.title ?? null),
      ['Page 1', null, null, 'Page 3', 'Page 1', 'Quarterly Report.pdf'],
    );
    assert.equal(results[2]!.data, null);
    assert.equal(results[2]!.meta.error.retryable, false);
  });

  it('rejects url and items together, neither, 0 or 101 items, and a bad item shape', async () => {
    const bad = [
      { url: `${site.origin}/page`, items: [`${site.origin}/page`] },
      {},
      { items: [] },
      { items: Array.from({ length: 101 }, (_, i) => `${site.origin}/page/${i}`) },
      { items: [{ href: `${site.origin}/page` }] },
      { items: [42] },
    ];
    for (const body of bad) {
      const res = await post(body);
      assert.equal(res.statusCode, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(res.json().error.code, 'invalid_request');
    }
  });

  it('accepts exactly 100 items', async () => {
    const res = await post({ items: Array.from({ length: 100 }, (_, i) => `${site.origin}/page/${i}`) });
    assert.equal(res.statusCode, 200);
    const results = res.json().data.results as Array<{ data: { title: string }; meta: { error?: unknown } }>;
    assert.equal(results.length, 100);
    results.forEach((r, i) => assert.equal(r.data.title, `Page ${i}`));
  });

  it('validates timeout: seconds, > 0, at most 60', async () => {
    for (const timeout of [0, -1, 61, 'ten']) {
      const res = await post({ url: `${site.origin}/page`, timeout });
      assert.equal(res.statusCode, 400, String(timeout));
    }
    const ok = await post({ url: `${site.origin}/page`, timeout: 60 });
    assert.equal(ok.statusCode, 200);
  });

  it("applies timeout to a slow target as that item's error", async () => {
    const res = await post({ items: [`${site.origin}/slow`, `${site.origin}/page/9`], timeout: 0.5 });
    const [slow, fine] = res.json().data.results;
    assert.equal(slow.meta.error.code, 'timeout');
    assert.equal(slow.data, null);
    assert.equal(fine.data.title, 'Page 9');
  });

  it('reports the redirect itself when follow_redirects is false', async () => {
    const res = await post({ url: `${site.origin}/moved`, follow_redirects: false });
    const { meta } = res.json().data.results[0];
    assert.equal(meta.status_code, 301);
    assert.equal(meta.final_url, `${site.origin}/moved`);
  });

  it('rejects unknown fields', async () => {
    const res = await post({ url: `${site.origin}/page`, failChunkIndexes: [0] });
    assert.equal(res.statusCode, 400);
  });

  it('marks only the chunks whose worker died worker_chunk_failed', async () => {
    // Items 0 and 5 are pages that kill the worker parsing them: chunks 0 and 2 fail.
    const urls = Array.from({ length: 7 }, (_, i) => `${site.origin}/${i === 0 || i === 5 ? 'dense' : `page/${i}`}`);
    const res = await post({ items: urls }, failingApp);
    assert.equal(res.statusCode, 200);
    const results = res.json().data.results as Array<{ data: { title: string } | null; meta: Record<string, any> }>;
    // chunk size 2: chunk 0 = items 0,1; chunk 2 = items 4,5. Items 1 and 4 share a chunk with a
    // page that kills its worker: each either finished first (and is kept) or failed with it.
    results.forEach((r, i) => {
      assert.equal(r.meta.url, urls[i]);
      if (i === 0 || i === 5 || ((i === 1 || i === 4) && r.meta.error)) {
        assert.equal(r.data, null, `item ${i}`);
        assert.equal(r.meta.error.code, 'worker_chunk_failed');
        assert.equal(r.meta.error.retryable, true);
      } else {
        assert.equal(r.meta.error, undefined, `item ${i}`);
        assert.equal(r.data!.title, `Page ${i}`);
      }
    });
  });

  it('gives with include_content exactly what clean_web_content gives with include_title false', async () => {
    const meta = (await post({ url: `${site.origin}/article`, include_content: true })).json().data.results[0];
    const clean = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/tools/clean_web_content',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ url: `${site.origin}/article`, include_title: false }),
      })
    ).json().data.results[0];
    assert.equal(meta.meta.error, undefined);
    assert.ok(meta.data.content.length > 100);
    assert.equal(meta.data.content, clean.data.content);
    assert.equal(meta.data.word_count, clean.data.word_count);
  });

  it('answers items that match the published data and meta schemas', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validData = ajv.compile(getUrlMetadata.itemDataSchema);
    const validMeta = ajv.compile(getUrlMetadata.itemMetaSchema);
    const items = [
      '/page',
      '/article',
      '/missing',
      '/files/Quarterly%20Report.pdf',
      '/notes.txt',
      '/fixture/meta-og-only',
      '/fixture/meta-jsonld-graph',
      '/fixture/meta-empty',
    ].map((p) => `${site.origin}${p}`);
    for (const include_content of [false, true]) {
      const results = (await post({ items: [...items, 'nope'], include_content })).json().data.results as Array<{
        data: unknown;
        meta: unknown;
      }>;
      for (const r of results) {
        assert.ok(validData(r.data), `data: ${JSON.stringify(validData.errors)}`);
        assert.ok(validMeta(r.meta), `meta: ${JSON.stringify(validMeta.errors)}`);
      }
    }
  });

  it('publishes every data field in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const text = JSON.stringify(doc);
    for (const field of [
      'canonical_url',
      'published_at',
      'modified_at',
      'feeds',
      'keywords',
      'word_count',
      'site_name',
    ]) {
      assert.ok(text.includes(`"${field}"`), `OpenAPI mentions ${field}`);
    }
  });
});
