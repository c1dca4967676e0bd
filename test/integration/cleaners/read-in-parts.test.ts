// Token budgets and reading on through the HTTP API, against a loopback site: a long article
// read part by part (start = meta.next_start) in text and markdown joins into the whole page
// as one call returns it; meta.tokens is the library's count of what came back; the same for
// text/plain and PDF bodies, and get_url_metadata's include_content with max_tokens.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { buildApp } from '../../../src/http/build-app.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { injectTool } from '../../support/inject-tool.js';
import type { Item } from '../../support/answers.js';
import { longPdf } from '../../support/pdf-fixtures.js';

function article(): string {
  const sections: string[] = [];
  for (let i = 0; i < 60; i++) {
    sections.push(`<h2>Part ${i}: how the tide turns</h2>`);
    sections.push(
      `<p>Paragraph ${i}. High water comes about fifty minutes later each day, as the ` +
        '<a href="/tables">tide tables</a> show; the range depends on the moon and the shape of the coast.</p>',
    );
    if (i % 4 === 0) sections.push('<ul><li>Spring tides</li><li>Neap tides</li><li>Slack water</li></ul>');
    if (i % 4 === 1)
      sections.push('<table><tr><th>Port</th><th>Range</th></tr><tr><td>Brest</td><td>7 m</td></tr></table>');
    if (i % 4 === 2) sections.push(`<pre><code>tide(${i});\nturn(${i});</code></pre>`);
    if (i % 4 === 3) sections.push('<blockquote><p>Time and tide wait for no one.</p></blockquote>');
  }
  const head = '<!doctype html><html><head><title>How the tide turns</title></head>';
  return `${head}<body><main><article><h1>How the tide turns</h1>${sections.join('\n')}</article></main></body></html>`;
}

const PLAIN = Array.from({ length: 400 }, (_, i) => `Line ${i}: the tide rises and falls twice a day.`).join('\n');

let site: LoopbackServer;
let app: FastifyInstance;
let pdf: Uint8Array;

before(async () => {
  pdf = await longPdf(12);
  site = await startServer((req, res) => {
    if (req.url === '/tides') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article());
    else if (req.url === '/tides.txt') res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(PLAIN);
    else if (req.url === '/tides.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
    else res.writeHead(404).end();
  });
  app = await buildApp(testConfig({ rateLimitMax: 0 }), { logStream: { write() {} } });
});

after(async () => {
  await app.close();
  await site.close();
});

/** Reads every part from start 0; checks each part's counts and limits; returns them. */
async function readAll(tool: string, body: Record<string, unknown>): Promise<Item[]> {
  const parts: Item[] = [];
  let start = 0;
  for (;;) {
    const item = await injectTool<Record<string, unknown>>(app, tool, { ...body, start });
    assert.equal(item.meta.error, undefined, JSON.stringify(item.meta.error));
    const content = String(item.data!['content']);
    const count = body['token_encoding'] === 'cl100k_base' ? cl100k : o200k;
    assert.equal(item.meta['tokens'], count(content));
    if (typeof body['max_tokens'] === 'number') assert.ok(Number(item.meta['tokens']) <= body['max_tokens']);
    if (typeof body['max_chars'] === 'number') assert.ok(content.length <= body['max_chars']);
    parts.push(item);
    const next = item.meta['next_start'];
    assert.equal(item.meta['truncated'], next !== null);
    if (next === null) break;
    assert.equal(next, start + content.length);
    start = Number(next);
    assert.ok(parts.length < 200, 'too many parts');
  }
  return parts;
}

describe('reading a long page in parts', () => {
  for (const output_format of ['text', 'markdown'] as const) {
    it(`clean_web_content, ${output_format}: parts by max_tokens and by max_chars join into the whole`, async () => {
      const url = `${site.origin}/tides`;
      const whole = await injectTool(app, 'clean_web_content', { url, output_format });
      assert.equal(whole.meta['next_start'], null);
      assert.equal(whole.meta['tokens'], o200k(String(whole.data?.['content'])));
      const byTokens = await readAll('clean_web_content', { url, output_format, max_tokens: 300 });
      assert.ok(byTokens.length >= 4, `${byTokens.length} parts`);
      assert.equal(byTokens.map((p) => String(p.data!['content'])).join(''), whole.data!['content']);
      const byChars = await readAll('clean_web_content', {
        url,
        output_format,
        max_chars: 1200,
        token_encoding: 'cl100k_base',
      });
      assert.equal(byChars.map((p) => String(p.data!['content'])).join(''), whole.data!['content']);
      // The title line belongs to the first part.
      assert.ok((byTokens[0]!.data!['content'] as string).includes('How the tide turns'));
    });
  }

  it('clean_web_index reads on the same way', async () => {
    const url = `${site.origin}/tides`;
    const whole = await injectTool(app, 'clean_web_index', { url });
    const parts = await readAll('clean_web_index', { url, max_tokens: 500 });
    assert.ok(parts.length >= 2);
    assert.equal(parts.map((p) => String(p.data!['content'])).join(''), whole.data!['content']);
  });

  it('a text/plain body reads on at line boundaries', async () => {
    const url = `${site.origin}/tides.txt`;
    const parts = await readAll('clean_web_content', { url, max_tokens: 200 });
    assert.equal(parts.map((p) => String(p.data!['content'])).join(''), PLAIN);
  });

  it('a PDF reads on', async () => {
    const url = `${site.origin}/tides.pdf`;
    const whole = await injectTool(app, 'clean_web_content', { url, output_format: 'markdown' });
    assert.equal(whole.meta.error, undefined);
    const parts = await readAll('clean_web_content', { url, max_chars: 300, output_format: 'markdown' });
    assert.ok(parts.length >= 2);
    assert.equal(parts.map((p) => String(p.data!['content'])).join(''), whole.data!['content']);
  });

  it('get_url_metadata with include_content and max_tokens counts and cuts the content', async () => {
    const url = `${site.origin}/tides`;
    const item = await injectTool(app, 'get_url_metadata', { url, include_content: true, max_tokens: 120 });
    const content = String(item.data?.['content']);
    assert.ok((item.meta['tokens'] as number) <= 120 && (item.meta['tokens'] as number) > 60);
    assert.equal(item.meta['tokens'], o200k(content));
    assert.equal(item.meta['truncated'], true);
    const full = await injectTool(app, 'get_url_metadata', {
      url,
      include_content: true,
      token_encoding: 'cl100k_base',
    });
    assert.equal(full.meta['tokens'], cl100k(String(full.data?.['content'])));
    assert.equal(full.meta['truncated'], false);
    assert.ok(full.data!['content'].startsWith(content));
  });

  it('bad values are a clear invalid_request', async () => {
    for (const body of [{ max_tokens: 0 }, { start: -1 }, { token_encoding: 'p50k_base' }, { max_tokens: 'many' }]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/tools/clean_web_content',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ url: `${site.origin}/tides`, ...body }),
      });
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(res.json<{ error: { code: string } }>().error.code, 'invalid_request');
    }
  });
});
