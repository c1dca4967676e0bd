// A redirect page (`<meta http-equiv="refresh" content="0; url=...">`) through the four tools:
// the three that read a page answer for the page it sends a reader to; the status checker
// reports the HTTP answer it got.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/http/build-app.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { injectTool } from '../../support/inject-tool.js';
import type { MetadataData, StatusData } from '../../support/answers.js';

const STUB = `<!doctype html><html><head><title>Redirecting</title>
<meta http-equiv="refresh" content="0; url=/guide/tides"></head>
<body><p>This page has moved. <a href="/guide/tides">Go to the new page</a>.</p></body></html>`;

const TARGET = `<!doctype html><html lang="en"><head><title>Reading the Tides</title>
<meta name="description" content="How to read a tide table before a coastal walk."></head>
<body><article><h1>Reading the Tides</h1>
<p>A tide table lists the times and heights of high and low water for each day at one port, and the walker who
reads it before setting out on the sands will not be caught by the water coming in behind them.</p>
<p>Heights are given above chart datum, roughly the lowest tide of the year, so a low water of half a metre
leaves far more of the bay uncovered than one of two metres on the same coast.</p>
</article></body></html>`;

let site: LoopbackServer;
let app: FastifyInstance;

before(async () => {
  site = await startServer((req, res) => {
    const body = req.url === '/old/tides' ? STUB : req.url === '/guide/tides' ? TARGET : null;
    if (body === null) res.writeHead(404, { 'content-type': 'text/plain' }).end('none');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  app = await buildApp(testConfig({ rateLimitMax: 0 }), { logStream: { write() {} } });
});

after(async () => {
  await app.close();
  await site.close();
});

describe('a redirect page through the tools', () => {
  it('clean_web_content and clean_web_index read the page it sends to', async () => {
    for (const tool of ['clean_web_content', 'clean_web_index']) {
      const item = await injectTool(app, tool, { url: `${site.origin}/old/tides` });
      assert.equal(item.meta.error, undefined, tool);
      assert.equal(item.meta.final_url, `${site.origin}/guide/tides`, tool);
      assert.match(item.data!.content, /chart datum/, tool);
      assert.doesNotMatch(item.data!.content, /has moved/, tool);
    }
  });

  it('get_url_metadata describes the page it sends to, unless follow_redirects is false', async () => {
    const item = await injectTool<MetadataData>(app, 'get_url_metadata', { url: `${site.origin}/old/tides` });
    assert.equal(item.meta.final_url, `${site.origin}/guide/tides`);
    assert.equal(item.data!.title, 'Reading the Tides');
    const asIs = await injectTool<MetadataData>(app, 'get_url_metadata', {
      url: `${site.origin}/old/tides`,
      follow_redirects: false,
    });
    assert.equal(asIs.meta.final_url, `${site.origin}/old/tides`);
    assert.equal(asIs.data!.title, 'Redirecting');
  });

  it('check_url_status reports the HTTP answer: a 200 with no redirect', async () => {
    const item = await injectTool<StatusData>(app, 'check_url_status', { url: `${site.origin}/old/tides` });
    assert.equal(item.data!.status_code, 200);
    assert.equal(item.data!.final_url, `${site.origin}/old/tides`);
    assert.equal(item.data!.redirect_count, 0);
  });
});
