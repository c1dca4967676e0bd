// Issue 31 row 13: a rendered page has a memory cap (URLKIT_BROWSER_MAX_MEMORY_MB, the data
// limit of its renderer process). Real Chromium, pages from a loopback site: one that allocates
// 128 MiB typed arrays in a loop (without a cap a render held 2 GiB; it writes how far it got),
// one that fills its JavaScript heap with large arrays until its renderer crashes, and an ordinary
// page next to them, which renders as usual.
// The cap holds for every process a render starts: the bound (slots x cap) holds only if a
// render's page runs in one renderer and no renderer outlives its render's slot. So also: a page
// that frames three other sites (loopback addresses: another address is another site), each
// frame allocating 160 MiB, and a page that tries to open windows on them (Chromium's popup
// blocker opens none: it must start no renderer either), rendered by more callers than there
// are slots while the renderers alive are counted from /proc.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServices, type Services } from '../../../src/app/services.js';
import { cleanWebIndex } from '../../../src/tools/clean-web-index.js';
import type { ToolContext } from '../../../src/tools/types.js';
import { findChromium, NO_CHROMIUM } from '../../support/chromium.js';
import { peakRenderers } from '../../support/chromium-processes.js';
import {
  frameAllocPage,
  framingPage,
  objectHogPage,
  typedArrayHogPage,
  windowsPage,
} from '../../support/hostile-pages.js';
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
  const frames = others.map((o) => `${o.origin}/frame`);
  const pages: Record<string, string> = {
    '/frames': framingPage(frames),
    '/windows': windowsPage(frames),
    '/typed-arrays': typedArrayHogPage(128, 1024),
    '/objects': objectHogPage(2048),
    '/objects-after-load': objectHogPage(2048, 'after load'),
    '/objects-pending': objectHogPage(2048, 'while a request is pending'),
    '/ordinary':
      '<!doctype html><html><head><title>Harbour news</title></head><body><main id="m"></main><script>' +
      "const story = (n) => '<li><a href=\"/story/' + n + '\">Story number ' + n + ' of the harbour</a></li>';" +
      "const list = '<ul>' + [1, 2, 3].map(story).join('') + '</ul>';" +
      "document.getElementById('m').innerHTML = '<h1>Harbour news</h1>' + list;" +
      '</script></body></html>',
  };
  // /slow-seen answers once /slow has come (and at once after that).
  let slowCame: () => void = () => {};
  const slowSeen = new Promise<void>((resolve) => (slowCame = resolve));
  site = await startServer((req, res) => {
    if (req.url === '/slow') {
      slowCame();
      return void setTimeout(() => res.writeHead(200).end('late'), 20_000).unref();
    }
    if (req.url === '/slow-seen') return void slowSeen.then(() => res.writeHead(200).end('seen'));
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  if (!chromium) return;
  // The allocating page fills 128 MiB arrays until the cap refuses one: at 10 times more runnable
  // processes than CPUs that passed a 35 s render budget. The budgets are the most allowed.
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

describe('a render has a memory cap', { skip }, () => {
  it('a page allocating 128 MiB typed arrays is refused memory past the cap', async () => {
    const item = await render('/typed-arrays');
    const content = text(item);
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

  // The render's page budget is 55 s: a render that waited for its DOM read (which a crashed
  // renderer never answers) would run into the test's own timeout.
  it(
    'a renderer that crashes once its page has loaded answers response_too_large at the crash',
    { timeout: 40_000 },
    async () => {
      const item = await render('/objects-after-load');
      assert.equal(item.meta.error?.code, 'response_too_large');
      assert.match(item.meta.error?.message ?? '', /renderer crashed/);
    },
  );

  it('a renderer that crashes while the render waits for its page to fall quiet answers response_too_large', async () => {
    const item = await render('/objects-pending');
    assert.equal(item.meta.error?.code, 'response_too_large');
    assert.match(item.meta.error?.message ?? '', /renderer crashed/);
  });

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

  it('an ordinary page renders under the cap, also after those', async () => {
    const item = await render('/ordinary');
    assert.equal(item.meta.error ?? null, null);
    assert.equal(item.meta.javascript_rendered, true);
    assert.match(text(item), /Story number 2 of the harbour/);
  });
});
