// Issue 31 row 13: a rendered page has a memory cap (URLKIT_BROWSER_MAX_MEMORY_MB, the data
// limit of its renderer process). Real Chromium, pages from a loopback site: one that allocates
// 128 MiB typed arrays in a loop (without a cap a render held 2 GiB; it writes how far it got),
// one that fills its JavaScript heap with objects until its renderer crashes, and an ordinary
// page next to them, which renders as usual.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServices, type Services } from '../../../src/app/services.js';
import { cleanWebIndex } from '../../../src/tools/clean-web-index.js';
import type { ToolContext } from '../../../src/tools/types.js';
import { findChromium, NO_CHROMIUM } from '../../support/chromium.js';
import { objectHogPage, typedArrayHogPage } from '../../support/hostile-pages.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { toolContext } from '../../support/tool-context.js';

const chromium = findChromium();
const skip = chromium ? false : NO_CHROMIUM;
const CAP_MB = 384;

let site: LoopbackServer;
let services: Services | null = null;
let ctx: ToolContext;

before(async () => {
  const pages: Record<string, string> = {
    '/typed-arrays': typedArrayHogPage(128, 1024),
    '/objects': objectHogPage(20),
    '/ordinary':
      '<!doctype html><html><head><title>Harbour news</title></head><body><main id="m"></main><script>' +
      "const story = (n) => '<li><a href=\"/story/' + n + '\">Story number ' + n + ' of the harbour</a></li>';" +
      "const list = '<ul>' + [1, 2, 3].map(story).join('') + '</ul>';" +
      "document.getElementById('m').innerHTML = '<h1>Harbour news</h1>' + list;" +
      '</script></body></html>',
  };
  site = await startServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  if (!chromium) return;
  // The allocating page fills 128 MiB arrays until the cap refuses one: at 10 times more runnable
  // processes than CPUs that passed a 35 s render budget. The budgets are the most allowed.
  const config = testConfig({ browserPath: chromium, browserMaxMemoryMb: CAP_MB, browserPageTimeoutMs: 55_000 });
  services = createServices(config);
  ctx = toolContext(config, services);
});

after(async () => {
  await services?.close();
  await site?.close();
});

const render = async (path: string) =>
  (
    await cleanWebIndex.run(
      {
        url: `${site.origin}${path}`,
        output_format: 'text',
        include_title: true,
        max_chars: 100_000,
        timeout: 60,
        render: 'always',
      },
      ctx,
    )
  )[0]!;

describe('a render has a memory cap', { skip }, () => {
  it('a page allocating 128 MiB typed arrays is refused memory past the cap', async () => {
    const item = await render('/typed-arrays');
    const content = typeof item.data?.content === 'string' ? item.data.content : '';
    assert.doesNotMatch(content, /Held 1024 MiB/);
    if (item.meta.error) {
      // Its renderer may also die at the cap instead of refusing the allocation.
      assert.equal(item.meta.error.code, 'response_too_large');
    } else {
      const m = /Allocation failed after (\d+) MiB/.exec(content);
      assert.ok(m, content);
      assert.ok(Number(m[1]) < CAP_MB, `the page held ${m[1]} MiB under a ${CAP_MB} MiB cap`);
    }
  });

  it('a page whose heap outgrows the cap crashes its renderer: response_too_large, not a wait', async () => {
    const item = await render('/objects');
    assert.equal(item.meta.error?.code, 'response_too_large');
    assert.match(item.meta.error?.message ?? '', /URLKIT_BROWSER_MAX_MEMORY_MB/);
  });

  it('an ordinary page renders under the cap, also after those', async () => {
    const item = await render('/ordinary');
    assert.equal(item.meta.error ?? null, null);
    assert.equal(item.meta.javascript_rendered, true);
    assert.match(typeof item.data?.content === 'string' ? item.data.content : '', /Story number 2 of the harbour/);
  });
});
