// One caller cannot starve another (issue 31, rows 6, 7 and 10): while a hostile caller (one API
// key) fills the workers, the body-memory budget or a host's connection slots with its own
// backlog, another caller (another key) still gets its pages, within deadlines the hostile
// backlog would blow through if the resources were first come, first served.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { serve, type RunningServer } from '../../../src/http/serve.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import type { Item } from '../../support/answers.js';
import { postAs } from '../../support/post-tool.js';
import { until } from '../../support/until.js';

const MiB = 1024 * 1024;
const HOG = 'hog-key-0123456789';
const HONEST = 'honest-key-0123456789';
/** Six hostile callers (one attacker's keys). */
const HOGS = Array.from({ length: 6 }, (_, i) => `hog-${i}-key-0123456789`);

const SMALL_PAGE =
  '<!doctype html><title>Small page</title><article><h1>Small page</h1><p>' +
  'An honest paragraph of an ordinary page. '.repeat(20) +
  '</p></article>';
/** About 5 MiB of ordinary paragraphs: seconds of a worker's time to parse and read. */
const BIG_PAGE = (() => {
  const para = '<p>' + 'Words of a long page that goes on and on. '.repeat(8) + '</p>\n';
  return Buffer.from(
    `<!doctype html><title>Big page</title><article>${para.repeat((5 * MiB) / para.length)}</article>`,
  );
})();
/** How long the slow host takes to answer a hostile URL. */
const SLOW_ANSWER_MS = 8000;

describe('fairness between callers', () => {
  let site: LoopbackServer;
  /** Another host, whose pages redirect to the site's. */
  let redirector: LoopbackServer;
  let server: RunningServer;
  const hits = new Map<string, number>();
  const open = new Set<ServerResponse>();

  before(async () => {
    site = await startServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const html = { 'content-type': 'text/html; charset=utf-8' };
      if (path === '/page') return res.writeHead(200, html).end(SMALL_PAGE);
      if (path === '/big') return res.writeHead(200, { ...html, 'content-length': BIG_PAGE.length }).end(BIG_PAGE);
      open.add(res);
      res.on('close', () => open.delete(res));
      if (path === '/slow') {
        const t = setTimeout(() => res.writeHead(200, html).end(SMALL_PAGE), SLOW_ANSWER_MS);
        res.on('close', () => clearTimeout(t));
        return;
      }
      if (path === '/slow-tail') {
        // About 5 MiB at once, then one byte every 5 s: a body that holds memory and never ends.
        res.writeHead(200, html);
        res.write(BIG_PAGE.subarray(0, BIG_PAGE.length - 1024));
        const t = setInterval(() => res.write(' '), 5000);
        res.on('close', () => clearInterval(t));
        return;
      }
      res.writeHead(404).end();
    });
    redirector = await startServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.writeHead(302, { location: `${site.origin}${url.pathname}${url.search}` }).end();
    }, '127.0.0.3');
    server = await serve(
      testConfig({
        host: '127.0.0.1',
        allowCidrs: ['127.0.0.2/31'],
        port: 0,
        apiKeys: [HOG, HONEST, ...HOGS],
        rateLimitMax: 0,
        workerThreads: 2,
        // The service's own bound on a call: a page that waits behind the hostile backlog
        // instead of being served answers `timeout` at this deadline.
        requestTimeoutMs: 8000,
      }),
    );
    await workersLoaded();
  });
  after(async () => {
    for (const res of open) res.destroy();
    await server.shutdown('test over');
    await Promise.all([site.close(), redirector.close()]);
  });

  /** The honest caller's own call: it is active from here on, as a caller with steady work is. */
  async function honestPage(timeout = 10): Promise<Item> {
    const { status, items } = await postAs(server.address, HONEST, 'clean_web_content', {
      url: `${site.origin}/page`,
      timeout,
    });
    assert.equal(status, 200);
    return items[0]!;
  }

  /**
   * Waits until both worker threads have loaded: each of two callers' pages sent at once takes a
   * thread of its own, and both answer only once both threads are up. A thread loads the
   * extraction modules and the token encoding, over 10 s at load 16; one still loading when an
   * attack starts would make the honest call under attack wait for it, past its deadline, which
   * is not what these tests are about. A try whose pages time out is sent again.
   */
  async function workersLoaded(): Promise<void> {
    const page = (key: string) =>
      postAs(server.address, key, 'clean_web_content', { url: `${site.origin}/page` }).then(
        (r) => r.status === 200 && r.items[0]?.meta.error === undefined,
      );
    for (let i = 0; i < 20; i++) {
      const answered = await Promise.all([page(HONEST), page(HOG)]);
      if (answered.every(Boolean)) return;
    }
    assert.fail('the two worker threads did not load');
  }

  /** The hostile caller's calls, running until the returned stop (which waits for them to end). */
  function hog(calls: ReadonlyArray<[tool: string, body: unknown, key?: string]>): () => Promise<void> {
    const stop = new AbortController();
    const running = calls.map(([tool, body, key]) =>
      postAs(server.address, key ?? HOG, tool, body, stop.signal).catch(() => null),
    );
    return async () => {
      stop.abort();
      await Promise.all(running);
    };
  }

  it("row 7: a batch whose pages each take seconds of a worker does not hold another caller's page", async () => {
    assert.equal((await honestPage()).meta.error, undefined);
    const stopHog = hog([
      [
        'get_url_metadata',
        { items: Array.from({ length: 40 }, (_, i) => `${site.origin}/big?i=${i}`), include_content: true },
      ],
    ]);
    await until('the hostile batch fetches its pages', () => (hits.get('/big') ?? 0) >= 4);
    const item = await honestPage();
    assert.equal(item.meta.error, undefined, JSON.stringify(item.meta.error));
    await stopHog();
  });

  it("row 10: one caller's URLs on a slow host do not hold another caller's fetches of that host", async () => {
    assert.equal((await honestPage()).meta.error, undefined);
    const stopHog = hog([
      ['get_url_metadata', { items: Array.from({ length: 40 }, (_, i) => `${site.origin}/slow?i=${i}`), timeout: 30 }],
    ]);
    await until('the hostile URLs hold the host', () => (hits.get('/slow') ?? 0) >= 3);
    // Waiting for the host's slots in turn would take the slow host's whole answer time.
    const item = await honestPage(SLOW_ANSWER_MS / 2000);
    assert.equal(item.meta.error, undefined, JSON.stringify(item.meta.error));
    await stopHog();
  });

  it("row 10 across hosts: one caller's URLs that redirect to a slow host hold that host's connections as its own", async () => {
    assert.equal((await honestPage()).meta.error, undefined);
    // Another host's URLs, each redirected to the slow host: they wait for the slow host's
    // connections in their caller's line, hop by hop, not on the first host's account.
    const stopHog = hog([
      [
        'get_url_metadata',
        { items: Array.from({ length: 40 }, (_, i) => `${redirector.origin}/slow?r=${i}`), timeout: 30 },
      ],
    ]);
    await until('the redirected URLs hold the slow host', () => (hits.get('/slow') ?? 0) >= 3);
    const item = await honestPage(SLOW_ANSWER_MS / 2000);
    assert.equal(item.meta.error, undefined, JSON.stringify(item.meta.error));
    await stopHog();
  });

  it("row 6: one caller's slow bodies that fill the body memory do not lock another's small page out", async () => {
    assert.equal((await honestPage()).meta.error, undefined);
    const stopHog = hog(
      Array.from({ length: 6 }, (_, i) => [
        'clean_web_content',
        { url: `${site.origin}/slow-tail?i=${i}`, timeout: 30 },
      ]),
    );
    const budget = server.app.urlkit.admission.bodyMemory!;
    await until('the slow bodies fill the body memory', () => budget.stats().usedBytes >= 40 * MiB);
    const pages = await Promise.all([honestPage(5), honestPage(5), honestPage(5)]);
    for (const item of pages) assert.equal(item.meta.error, undefined, JSON.stringify(item.meta.error));
    await stopHog();
  });

  it("row 6, several callers: slow bodies holding a host's connections do not hold another caller's status check", async () => {
    assert.equal((await honestPage()).meta.error, undefined);
    const before = hits.get('/slow-tail') ?? 0;
    // Two slow bodies for each of six callers: each within its share of the host's connections.
    const stopHog = hog(
      HOGS.flatMap((key, k) =>
        [0, 1].map((i): [string, unknown, string] => [
          'clean_web_content',
          { url: `${site.origin}/slow-tail?k=${k}&i=${i}`, timeout: 30 },
          key,
        ]),
      ),
    );
    // The host's four connections and the one beyond them are all slow bodies'.
    await until('the slow bodies hold the host', () => (hits.get('/slow-tail') ?? 0) - before >= 5);
    const { status, items } = await postAs(server.address, HONEST, 'check_url_status', {
      url: `${site.origin}/page`,
      timeout: 4,
    });
    assert.equal(status, 200);
    assert.equal(items[0]!.meta.error, undefined, JSON.stringify(items[0]!.meta.error));
    assert.equal(items[0]!.data!.status_code, 200);
    await stopHog();
  });
});
