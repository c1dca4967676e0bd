// Pages whose network never falls quiet, rendered with a real Chromium: one polling its server
// without end, one reloading itself, one sending beacons the render refuses. Each is read once its
// DOM has stopped changing, not held to its page budget; and a page that is still waiting for the
// answer its content comes from, while it polls, or that asks for it only after its load event, is
// waited for. A file of its own: its service's page budget is long, so that a render held to it is
// told from one read once still.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/http/build-app.js';
import { findChromium, NO_CHROMIUM } from '../../support/chromium.js';
import { injectTool } from '../../support/inject-tool.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import {
  BUILD_STORIES,
  neverQuiet,
  ORDINARY_PAGE,
  pageLoadingFrom,
  UNQUIET,
  type Unquiet,
} from '../../support/render-pages.js';

const chromium = findChromium();

/** The page budget: a render held to it answers after about this long. */
const PAGE_BUDGET_MS = 50_000;
/**
 * Sooner than this, the render did not wait for its budget to run out. The rest of the budget is
 * the room a loaded machine takes to start the browser and open a page (up to 27 s at load 24).
 */
const WELL_BEFORE_BUDGET_MS = PAGE_BUDGET_MS - 12_000;

const PAGES: Record<string, string> = {
  ...Object.fromEntries(UNQUIET.map((how) => [`/${how}`, neverQuiet(ORDINARY_PAGE, how)])),
  // The stories come from /slow, answered after 6 s, while the page polls.
  '/polling-slow': neverQuiet(pageLoadingFrom('/slow'), 'polling'),
  // Its script comes after 4 s (its DOM the same meanwhile); once loaded it asks for its stories.
  '/late-script': pageLoadingFrom('/slow').replace(/<script>.*<\/script>/, '<script src="/late.js"></script>'),
};
/** What the site answers late: after how long, its type and body. */
const LATE: Record<string, { ms: number; type: string; body: string }> = {
  '/slow': { ms: 6000, type: 'application/json', body: '{}' },
  // /late-script's script: 200 ms after the load event it asks for /poll, then builds the stories.
  '/late.js': {
    ms: 4000,
    type: 'text/javascript',
    body:
      "addEventListener('load', () => setTimeout(() => fetch('/poll').then(() => { " + BUILD_STORIES + ' }), 200));',
  },
};
const DOES: Record<Unquiet, string> = {
  polling: 'polls its server every 50 ms',
  reloading: 'reloads itself 50 ms after each load',
  beacons: 'sends a POST beacon (refused) every 50 ms',
};

let site: LoopbackServer;
let app: FastifyInstance;
const timers = new Set<NodeJS.Timeout>();

before(async () => {
  if (!chromium) return;
  site = await startServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/poll') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    const late = LATE[path];
    if (late) {
      const t = setTimeout(() => {
        timers.delete(t);
        res.writeHead(200, { 'content-type': late.type }).end(late.body);
      }, late.ms);
      timers.add(t);
      return;
    }
    const page = PAGES[path];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
  });
  app = await buildApp(
    testConfig({
      rateLimitMax: 0,
      browserPath: chromium,
      browserPageTimeoutMs: PAGE_BUDGET_MS,
      // Enough requests for the budget: with the default 100 the reloading page ran out of them in
      // 12 s (each reload a fetch), and a refused reload leaves the page as it is, quiet.
      browserMaxRequests: 2000,
      workerTaskTimeoutMs: 30_000,
    }),
    { logStream: { write() {} } },
  );
});

after(async () => {
  for (const t of timers) clearTimeout(t);
  await app?.close();
  await site?.close();
});

async function render(path: string) {
  const started = Date.now();
  const { data, meta } = await injectTool(app, 'clean_web_index', {
    url: `${site.origin}${path}`,
    render: 'always',
    timeout: 60,
  });
  return { content: String(data?.content), meta, took: Date.now() - started };
}

describe('rendering a page whose network never falls quiet', { skip: chromium ? false : NO_CHROMIUM }, () => {
  for (const how of UNQUIET) {
    it(`a page that ${DOES[how]} is read once its DOM stays the same, not at its page budget`, async () => {
      const { content, meta, took } = await render(`/${how}`);
      assert.equal(meta.error, undefined, JSON.stringify(meta.error));
      assert.equal(meta.javascript_rendered, true);
      assert.match(content, /Story number 3 of the harbour/);
      assert.ok(took < WELL_BEFORE_BUDGET_MS, `answered after ${took} ms, a page budget of ${PAGE_BUDGET_MS} ms`);
    });
  }

  it('a page whose script came late and asks for its content after the load event is waited for', async () => {
    const { content, meta } = await render('/late-script');
    assert.equal(meta.error, undefined, JSON.stringify(meta.error));
    assert.match(content, /Story number 3 of the harbour/, 'read as the load event came');
    assert.doesNotMatch(content, /Loading the harbour news/);
  });

  it('a polling page still waiting for the answer its content comes from is waited for', async () => {
    const { content, meta } = await render('/polling-slow');
    assert.equal(meta.error, undefined, JSON.stringify(meta.error));
    assert.match(content, /Story number 3 of the harbour/, 'read before /slow answered');
    assert.doesNotMatch(content, /Loading the harbour news/);
  });
});
