// npm run bench:browser: rendering a script-built hub (empty root div; a script fetches JSON and
// builds 30 headlines), 1 to 4 pages at once, two ways, each with its own Chromium:
//   playwright direct  the peer: Playwright with Chromium's ordinary network stack, a fresh
//                      context per page, goto(waitUntil: networkidle), page.content(); no
//                      interception, no egress policy, no cleaning
//   urlkit render      clean_web_index with render=always: guarded fetch of the document, the
//                      delivered-HTML clean, then the browser (every request answered by the
//                      guarded fetcher), and the index profile on the rendered DOM
// Prints pages/s and peak RSS of this process plus every child process (Chromium's browser,
// renderer, GPU/utility processes) per mode and concurrency. The target site is served on
// 127.0.0.2 by this process. Set BENCH_PAGES (default 16 per cell) and URLKIT_BROWSER
// (default /usr/bin/chromium).
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright-core';
import { defaultConfig } from '../src/config/config.js';
import { cleanWebIndex } from '../src/tools/clean-web-index.js';
import { toolContext } from '../test/support/tool-context.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 16);
const CHROMIUM = process.env.URLKIT_BROWSER ?? '/usr/bin/chromium';
const CONCURRENCY = [1, 2, 3, 4];
const HOST = '127.0.0.2';

const items = Array.from({ length: 30 }, (_, i) => ({
  title: `Headline number ${i + 1} about the council, the river and the new bridge`,
  href: `/story/${i + 1}`,
  teaser: `Teaser ${i + 1}: two sentences on what happened, who said what, and what comes next for the town.`,
}));
const APP = `fetch('/api/headlines.json').then((r) => r.json()).then((items) => {
  const root = document.getElementById('root');
  root.innerHTML = '<h1>Riverside Gazette</h1>' + items.map((it) =>
    '<article><h2><a href="' + it.href + '">' + it.title + '</a></h2><p>' + it.teaser + '</p></article>').join('');
});`;
const HUB =
  '<!doctype html><html><head><meta charset="utf-8"><title>Riverside Gazette</title></head>' +
  '<body><div id="root"></div><script src="/app.js"></script></body></html>';

function serve(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/hub') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HUB);
    else if (path === '/app.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(APP);
    else if (path === '/api/headlines.json')
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(items));
    else res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, HOST, () => resolve(server)));
}

/** RSS in bytes of this process and all its descendants, from /proc. */
function treeRss(): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
      rss.set(Number(name), Number(fields[21]) * 4096);
    } catch {
      // gone
    }
  }
  let total = 0;
  for (const [pid, bytes] of rss) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) {
      if (p === process.pid) {
        total += bytes;
        break;
      }
    }
  }
  return total;
}

async function measure(
  render: () => Promise<void>,
  concurrency: number,
): Promise<{ pagesPerSec: number; peakMb: number }> {
  let peak = treeRss();
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss())), 100);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < PAGES) await render();
    }),
  );
  const secs = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, treeRss());
  return { pagesPerSec: PAGES / secs, peakMb: peak / 1024 / 1024 };
}

async function main(): Promise<void> {
  const server = await serve();
  const url = `http://${HOST}:${(server.address() as AddressInfo).port}/hub`;
  const rows: Array<[string, number, number, number]> = [];

  // Peer: Playwright straight at the site.
  const { chromium } = await import('playwright-core');
  const maxC = Math.max(...CONCURRENCY);
  const peer: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const direct = async () => {
    const ctx = await peer.newContext();
    try {
      const page = await ctx.newPage();
      await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
      const html = await page.content();
      if (!html.includes('Headline number 30')) throw new Error('peer: hub not built');
    } finally {
      await ctx.close();
    }
  };
  await direct();
  for (const c of CONCURRENCY) {
    const r = await measure(direct, c);
    rows.push(['playwright direct', c, r.pagesPerSec, r.peakMb]);
  }
  await peer.close();

  // urlkit: the tool, render=always, browser concurrency as high as the bench goes.
  const config = defaultConfig({
    logLevel: 'silent',
    allowCidrs: [`${HOST}/32`],
    browserPath: CHROMIUM,
    browserConcurrency: maxC,
    workerThreads: 2,
    browserPageTimeoutMs: 30_000,
  });
  const ctx = toolContext(config);
  const { services } = ctx;
  const viaTool = async () => {
    const [item] = await cleanWebIndex.run(
      { url, output_format: 'text', include_title: true, max_chars: 200_000, timeout: 60, render: 'always' },
      ctx,
    );
    if (item!.meta.javascript_rendered !== true || !String(item!.data?.content).includes('Headline number 30')) {
      throw new Error(`urlkit: hub not rendered: ${JSON.stringify(item!.meta.error ?? item!.data)}`);
    }
  };
  await viaTool();
  for (const c of CONCURRENCY) {
    const r = await measure(viaTool, c);
    rows.push(['urlkit render', c, r.pagesPerSec, r.peakMb]);
  }
  const stray = await services.browser!.strayConnections();
  await services.close();
  server.close();

  console.log(
    `\nScript-built hub (30 headlines from JSON), ${PAGES} pages per cell; Chromium ${CHROMIUM}; ` +
      `sinkhole connections during the urlkit runs: ${stray}`,
  );
  console.log('| mode | at once | pages/s | peak RSS (MB, node + Chromium) | urlkit / peer pages/s |');
  console.log('|---|---|---|---|---|');
  for (const [mode, c, pps, mb] of rows) {
    const peerRow = rows.find((r) => r[0] === 'playwright direct' && r[1] === c)!;
    const ratio = mode === 'urlkit render' ? (pps / peerRow[2]).toFixed(2) : '';
    console.log(`| ${mode} | ${c} | ${pps.toFixed(2)} | ${mb.toFixed(0)} | ${ratio} |`);
  }
}

await main();
