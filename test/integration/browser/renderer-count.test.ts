// Issue 31 row 13: a render's memory cap holds for every process a render starts. The cap is a
// renderer's (URLKIT_BROWSER_MAX_MEMORY_MB), so the renders' memory is bounded by slots x cap
// only if a render's page runs in one renderer and no renderer outlives its render's slot. Real
// Chromium, loopback sites on four addresses (a frame from another address is another site): a
// page that frames the three others, each frame allocating 160 MiB, and a page that opens
// windows on them, rendered by more callers than there are slots while the renderers alive
// are counted from /proc; then an ordinary page.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServices, type Services } from '../../../src/app/services.js';
import { cleanWebIndex } from '../../../src/tools/clean-web-index.js';
import type { ToolContext } from '../../../src/tools/types.js';
import { findChromium, NO_CHROMIUM } from '../../support/chromium.js';
import { peakRenderers } from '../../support/chromium-processes.js';
import { frameAllocPage, framingPage, windowsPage } from '../../support/hostile-pages.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { toolContext } from '../../support/tool-context.js';

const chromium = findChromium();
const skip = chromium ? false : NO_CHROMIUM;
const CAP_MB = 384;
const SLOTS = 2;
const OTHER_HOSTS = ['127.0.0.3', '127.0.0.4', '127.0.0.5'];

let site: LoopbackServer;
const others: LoopbackServer[] = [];
let services: Services | null = null;
let ctx: ToolContext;

before(async () => {
  for (const host of OTHER_HOSTS)
    others.push(
      await startServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(frameAllocPage(160));
      }, host),
    );
  const urls = others.map((o) => `${o.origin}/frame`);
  const pages: Record<string, string> = {
    '/frames': framingPage(urls),
    '/windows': windowsPage(urls),
    '/ordinary':
      '<!doctype html><html><head><title>Harbour news</title></head><body><main id="m"></main><script>' +
      "document.getElementById('m').innerHTML = '<h1>Harbour news</h1><p>Story number 2 of the harbour.</p>';" +
      '</script></body></html>',
  };
  site = await startServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  if (!chromium) return;
  const config = testConfig({
    allowCidrs: ['127.0.0.2/32', ...OTHER_HOSTS.map((h) => `${h}/32`)],
    browserPath: chromium,
    browserConcurrency: SLOTS,
    browserMaxMemoryMb: CAP_MB,
    browserPageTimeoutMs: 55_000,
  });
  services = createServices(config);
  ctx = toolContext(config, services);
});

after(async () => {
  await services?.close();
  await site?.close();
  for (const o of others) await o.close();
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

const text = (item: Awaited<ReturnType<typeof render>>) =>
  typeof item.data?.content === 'string' ? item.data.content : '';

describe("a render's memory cap holds for every process it starts", { skip }, () => {
  it('a page that frames three other sites keeps their allocations under its one cap', async () => {
    const item = await render('/frames');
    if (item.meta.error) {
      // Its renderer may die at the cap rather than refuse the frames' arrays.
      assert.equal(item.meta.error.code, 'response_too_large');
    } else {
      const m = /Frames held (\d+) MiB in all/.exec(text(item));
      assert.ok(m, text(item));
      assert.ok(Number(m[1]) < CAP_MB, `the frames held ${m[1]} MiB in all under a ${CAP_MB} MiB cap`);
    }
  });

  it('with more callers than slots, the page renderers alive never outnumber the slots', async () => {
    const paths = ['/frames', '/windows', '/frames', '/windows', '/frames', '/windows'];
    const { peak, value: items } = await peakRenderers(() => Promise.all(paths.map(render)));
    assert.ok(peak.page <= SLOTS, `${peak.page} page renderers alive at once with ${SLOTS} slots`);
    // The browser's own UI renderer is one per render's window, so no more than the slots either.
    assert.ok(peak.ui <= SLOTS, `${peak.ui} browser UI renderers alive at once with ${SLOTS} slots`);
    for (const item of items.filter((i) => !i.meta.error && text(i).includes('Windows')))
      assert.match(text(item), /Opened 3 windows/);
  });

  it('an ordinary page renders after them', async () => {
    const item = await render('/ordinary');
    assert.equal(item.meta.error ?? null, null);
    assert.match(text(item), /Story number 2 of the harbour/);
  });
});
