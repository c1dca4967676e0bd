// The browser process itself, with a real Chromium: what a render's memory cap does not cover.
// A page's Blobs are kept by the browser process, outside its renderer's cap: a page making
// 8 MiB Blobs in a loop grew it by about 480 MiB. The browser's own processes may grow by the
// render cap past what they held once started; past that the browser is killed and the renders
// on it answer response_too_large, and the next render starts another.
// And a browser that stops answering (here: stopped with SIGSTOP from outside, as a wedged
// process would be) must not hold every later render: openings take turns, so one that never
// ends would otherwise keep them all waiting. The renders answer `timeout` within their own
// deadline, the stopped browser is killed, and the next render gets a new one.
// And a browser killed while its page is still loading: the page is rendered again on a new one,
// not answered with the copy of its DOM taken before (its "Loading" line).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createServices, type Services } from '../../../src/app/services.js';
import { commandLine, hasExited, memoryOf } from '../../../src/browser/process-table.js';
import { cleanWebIndex } from '../../../src/tools/clean-web-index.js';
import type { ToolContext } from '../../../src/tools/types.js';
import { findChromium, NO_CHROMIUM } from '../../support/chromium.js';
import { descendants } from '../../support/chromium-processes.js';
import { blobHogPage, ORDINARY_PAGE, ordinaryPageWaitingOn, pageLoadingFrom } from '../../support/render-pages.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { toolContext } from '../../support/tool-context.js';

const chromium = findChromium();
const skip = chromium ? false : NO_CHROMIUM;
const CAP_MB = 384;
const MIB = 1024 * 1024;

let site: LoopbackServer;
/**
 * The loads of /ordinary-slow that asked for /slow so far, each an ordinary page open and
 * rendering. A load's request may come more than once: the render's fetch tries again a request
 * whose headers are late (a loaded machine grew the Blobs for over 10 s: one load counted twice).
 */
const slowLoads = new Set<string>();
/**
 * The first load's /slow is answered only after a minute, so the page that asked for it is still
 * open whenever the browser is killed, however slowly a loaded machine grows the Blobs (an answer
 * after 8 s let that page finish first in full test runs); later loads', on a new browser, at once.
 */
let heldLoad: string | null = null;
/** Requests for /news so far (the page /loading waits on it). */
let newsRequests = 0;

before(async () => {
  const pages: Record<string, string> = {
    '/blobs': blobHogPage(),
    '/ordinary': ORDINARY_PAGE,
    '/ordinary-slow': ordinaryPageWaitingOn('/slow', true),
    '/loading': pageLoadingFrom('/news'),
  };
  site = await startServer((req, res) => {
    if (req.url === '/news') {
      newsRequests++;
      // The first is held past the test; on a new browser, answered at once.
      if (newsRequests === 1) return void setTimeout(() => res.end('news'), 60_000).unref();
      return void res.end('news');
    }
    // Held past any render's time: a Blobs page never falls quiet, so it is read only once its
    // browser is killed or its time is up (answered after 15 s, a slow machine's retry could
    // fall quiet first and be read before the page said anything).
    if (req.url === '/late') return void setTimeout(() => res.end('late'), 120_000).unref();
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/slow') {
      const load = url.searchParams.get('load') ?? '';
      slowLoads.add(load);
      heldLoad ??= load;
      if (load !== heldLoad) return void res.end('slow');
      return void setTimeout(() => res.end('slow'), 60_000).unref();
    }
    const page = pages[url.pathname];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
});

after(async () => {
  await site?.close();
});

function start(pageTimeoutMs: number): { services: Services; ctx: ToolContext } {
  const config = testConfig({
    browserPath: chromium,
    browserConcurrency: 2,
    browserMaxMemoryMb: CAP_MB,
    browserPageTimeoutMs: pageTimeoutMs,
  });
  const services = createServices(config);
  return { services, ctx: toolContext(config, services) };
}

/**
 * The service of one describe block: started by its test on first use (the browser tests start
 * their own), closed after the block.
 */
function blockService(pageTimeoutMs = 30_000): () => ReturnType<typeof start> {
  let running: ReturnType<typeof start> | null = null;
  after(async () => {
    await running?.services.close();
  });
  return () => (running ??= start(pageTimeoutMs));
}

const render = async (ctx: ToolContext, path: string, timeout = 60) =>
  (
    await cleanWebIndex.run(
      {
        url: `${site.origin}${path}`,
        output_format: 'text',
        include_title: true,
        max_chars: 10_000,
        timeout,
        render: 'always',
      },
      ctx,
    )
  )[0]!;

const text = (item: Awaited<ReturnType<typeof render>>) =>
  typeof item.data?.content === 'string' ? item.data.content : '';

/** Our Chromium browser processes (not their children, which carry --type). */
const browserPids = () =>
  descendants().filter((pid) => {
    const cmd = commandLine(pid);
    return (
      cmd.includes('chromium') &&
      !cmd.includes('crashpad') &&
      !cmd.includes('--type=') &&
      !cmd.includes('--renderer-client-id=')
    );
  });

/** PSS of every Chromium process under this one except renderers: the browsers' own. */
function ownMemory(): number {
  let total = 0;
  for (const pid of descendants()) {
    const cmd = commandLine(pid);
    if (!cmd.includes('chromium') || cmd.includes('--type=renderer') || cmd.includes('--renderer-client-id=')) continue;
    total += memoryOf(pid)?.pss ?? 0;
  }
  return total;
}

describe("the browser's own memory is bounded", { skip }, () => {
  // A Blobs page answers response_too_large only if it passes the bound within its render's time,
  // or else it is read as it stands (no_content). On a CI machine busy with other tests this test
  // took 108 s (85-104 s before), and once a 4th Blobs render ran out of its 30 s: a render here
  // may take its item's whole minute.
  const running = blockService(60_000);

  it('pages making Blobs answer response_too_large, the browser stays within its bound, and the next render works', async (t) => {
    const { services, ctx } = running();
    const first = await render(ctx, '/ordinary');
    assert.match(text(first), /Story number 3 of the harbour/);
    const baseline = ownMemory();
    let peak = baseline;
    const timer = setInterval(() => (peak = Math.max(peak, ownMemory())), 50);
    const answers: string[] = [];
    // Each answer's whole error and when it came, for a failure to say why (a render read at its
    // deadline and one whose browser was killed answer differently).
    const said: string[] = [];
    const began = Date.now();
    try {
      for (let round = 0; round < 2; round++) {
        const items = await Promise.all([render(ctx, '/blobs'), render(ctx, '/blobs')]);
        for (const item of items) {
          answers.push(item.meta.error?.code ?? text(item).slice(0, 80));
          said.push(`${Math.round((Date.now() - began) / 1000)} s: ${JSON.stringify(item.meta.error ?? text(item))}`);
        }
      }
    } finally {
      clearInterval(timer);
    }
    t.diagnostic(
      `own processes: ${Math.round(baseline / MIB)} MiB after a first render, ${Math.round(peak / MIB)} at most`,
    );
    assert.deepEqual(
      answers,
      Array(4).fill('response_too_large'),
      `${said.join('\n')}\nlaunches: ${services.browser!.launches}`,
    );
    // Killed within one look (every 20 ms near the bound) of passing baseline + cap, on a loaded
    // machine too (memory-watch.ts): what a page adds between looks, and while the kill lands, is allowed.
    assert.ok(
      peak <= baseline + (CAP_MB + 128) * MIB,
      `the browser's own processes held ${Math.round(peak / MIB)} MiB, from ${Math.round(baseline / MIB)} MiB`,
    );
    const next = await render(ctx, '/ordinary');
    assert.match(text(next), /Story number 3 of the harbour/);
    assert.ok(services.browser!.launches >= 2, `launches: ${services.browser!.launches}`);
  });
});

describe('a browser killed for its memory', { skip }, () => {
  const running = blockService();

  it(
    'the ordinary page rendering beside the page that grew it still answers; that page answers response_too_large',
    { timeout: 180_000 },
    async () => {
      const { services, ctx } = running();
      const slowBefore = slowLoads.size;
      const ordinary = render(ctx, '/ordinary-slow');
      // Its page is open and waiting on /slow when the Blobs start.
      while (slowLoads.size === slowBefore) await sleep(20);
      const blobs = render(ctx, '/blobs');
      const [innocent, hostile] = await Promise.all([ordinary, blobs]);
      assert.equal(hostile.meta.error?.code, 'response_too_large');
      assert.equal(innocent.meta.error, undefined, JSON.stringify(innocent.meta.error));
      assert.match(text(innocent), /Story number 3 of the harbour/);
      // It was rendering when the browser was killed, and rendered again on a new one (once more
      // when the Blobs page's own retry got the new browser killed too before it finished, as on
      // a busy CI machine: 3).
      const renders = slowLoads.size - slowBefore;
      assert.ok(renders >= 2 && renders <= services.browser!.launches, `renders: ${renders}`);
      assert.ok(services.browser!.launches >= 2, `launches: ${services.browser!.launches}`);
    },
  );
});

describe('a browser that stops answering does not hold later renders', { skip }, () => {
  let stopped: number[] = [];
  // Before the service closes (hooks run in the order they are added): a stopped browser never closes.
  after(() => {
    for (const pid of stopped)
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone, as it should be
      }
  });
  const running = blockService();

  it(
    'renders on it answer timeout, it is killed, and the next render gets a new browser',
    { timeout: 180_000 },
    async () => {
      const { services, ctx } = running();
      assert.match(text(await render(ctx, '/ordinary')), /Story number 3 of the harbour/);
      // The answer comes before its context is closed: stopped while closing, the browser would
      // be replaced for that (a context that will not close) before the next renders open.
      while (services.browser!.inUse > 0) await sleep(20);
      stopped = browserPids();
      assert.equal(stopped.length, 1);
      process.kill(stopped[0]!, 'SIGSTOP');
      const hung = await Promise.all([render(ctx, '/ordinary', 8), render(ctx, '/ordinary', 8)]);
      assert.deepEqual(
        hung.map((item) => item.meta.error?.code),
        ['timeout', 'timeout'],
      );
      const next = await render(ctx, '/ordinary', 60);
      assert.match(text(next), /Story number 3 of the harbour/);
      assert.ok(hasExited(stopped[0]!), 'the stopped browser is still there');
      assert.equal(services.browser!.launches, 2);
    },
  );
});

describe('a browser that dies while its page renders', { skip }, () => {
  const running = blockService();

  // Killed from outside (as the kernel's out-of-memory killer or a crash would end it), after the
  // render has taken a copy of the page still loading: the answer is the page rendered again on
  // a new browser, not that copy.
  it(
    'answers the page rendered on a new browser, not the copy taken before it died',
    { timeout: 180_000 },
    async () => {
      const { services, ctx } = running();
      const answer = render(ctx, '/loading');
      while (newsRequests === 0) await sleep(20);
      // The render copies the DOM every second while the page loads.
      await sleep(2500);
      const pids = browserPids();
      assert.equal(pids.length, 1);
      process.kill(pids[0]!, 'SIGKILL');
      const item = await answer;
      assert.equal(item.meta.error, undefined, JSON.stringify(item.meta));
      assert.match(text(item), /Story number 3 of the harbour/);
      assert.equal(newsRequests, 2);
      assert.equal(services.browser!.launches, 2);
    },
  );
});
