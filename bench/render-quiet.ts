// How long a render holds its browser slot for pages whose network never falls quiet: a page
// polling its server every 50 ms, one reloading itself, one sending beacons (POST, refused by the
// render's gate), beside a quiet page. Each is rendered through the HTTP API (clean_web_index,
// render: always) by the service as `npm start` starts it with Chromium, one call at a time, the
// default 10 s page budget; the peer is Playwright straight at the site waiting for network idle
// (`waitUntil: 'networkidle'`) with the same 10 s, as readers that wait for the network do.
//   npm run bench:render-quiet [-- --rounds 3] [--service DIR]   (DIR: another build, e.g. a checkout of main)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { findChromium, NO_CHROMIUM } from '../test/support/chromium.js';
import { neverQuiet, ORDINARY_PAGE, UNQUIET } from '../test/support/render-pages.js';
import { arg, REPO_ROOT, startService, type ServiceProcess } from './service-process.js';
import { median } from './stats.js';

const HOST = '127.0.0.2';
const PAGE_BUDGET_MS = 10_000;
const ROUNDS = Number(arg('rounds') ?? 3);
const OTHER = arg('service');

const PAGES: Record<string, string> = {
  quiet: ORDINARY_PAGE,
  ...Object.fromEntries(UNQUIET.map((how) => [how, neverQuiet(ORDINARY_PAGE, how)])),
};

function serve(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const kind = (req.url ?? '/').split('/')[1]?.split('?')[0] ?? '';
    const page = PAGES[kind];
    if (!page) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
  });
  return new Promise((done) => server.listen(0, HOST, () => done(server)));
}

/** Seconds one render through the service took; throws unless it answered with the page's stories. */
async function viaService(service: ServiceProcess, url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${service.origin}/api/v1/tools/clean_web_index`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url, render: 'always', timeout: 30 }),
  });
  const text = await res.text();
  if (!text.includes('Story number 3') || !text.includes('"javascript_rendered":true'))
    throw new Error(`${url}: ${text}`);
  return (performance.now() - started) / 1000;
}

/** Seconds Playwright took to load `url` and wait for network idle (or its 10 s), and read it. */
async function viaPeer(browser: Browser, url: string): Promise<number> {
  const started = performance.now();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle', timeout: PAGE_BUDGET_MS }).catch(() => {});
    // A page reloading itself is read between two of its navigations.
    let html = '';
    for (let tries = 0; tries < 40 && !html; tries++)
      html = await page.content().catch(() => new Promise<string>((done) => setTimeout(() => done(''), 50)));
    if (!html.includes('Story number 3')) throw new Error(`${url}: the peer read no stories`);
  } finally {
    await context.close();
  }
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  const chromium = findChromium();
  if (!chromium) throw new Error(NO_CHROMIUM);
  const site = await serve();
  const origin = `http://${HOST}:${(site.address() as AddressInfo).port}`;
  const env = { URLKIT_BROWSER: chromium, URLKIT_ALLOW_CIDRS: `${HOST}/32`, LOG_LEVEL: 'warn' };
  const builds: Array<[string, ServiceProcess]> = [['urlkit (this build)', await startService(REPO_ROOT, env)]];
  if (OTHER) builds.push([`urlkit (${OTHER})`, await startService(OTHER, env)]);
  const { chromium: playwright } = await import('playwright-core');
  const peer = await playwright.launch({ executablePath: chromium, args: ['--no-sandbox'], headless: true });
  const names = [...builds.map(([name]) => name), 'Playwright, networkidle (peer)'];
  const seconds = new Map<string, number[]>();
  try {
    // A first render starts each service's browser: not counted.
    for (const [, service] of builds) await viaService(service, `${origin}/quiet/warm`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of Object.keys(PAGES)) {
        const url = `${origin}/${kind}/${round}`;
        const runs: Array<[string, () => Promise<number>]> = [
          ...builds.map(([name, service]): [string, () => Promise<number>] => [name, () => viaService(service, url)]),
          [names.at(-1)!, () => viaPeer(peer, url)],
        ];
        // Every other round in reverse order, so that neither side always goes first.
        if (round % 2) runs.reverse();
        for (const [name, run] of runs) {
          const key = `${kind}\t${name}`;
          seconds.set(key, [...(seconds.get(key) ?? []), await run()]);
        }
      }
    }
  } finally {
    await peer.close();
    for (const [, service] of builds) await service.stop();
    site.close();
  }
  process.stdout.write(
    `bench:render-quiet: one render at a time, ${ROUNDS} rounds, page budget ${PAGE_BUDGET_MS / 1000} s; ` +
      `median seconds a call took (each round's in brackets)\n\n` +
      `| page | ${names.join(' | ')} |\n|---|${names.map(() => '---:').join('|')}|\n`,
  );
  for (const kind of Object.keys(PAGES)) {
    const cells = names.map((name) => {
      const xs = seconds.get(`${kind}\t${name}`) ?? [];
      return `${median(xs).toFixed(2)} (${xs.map((x) => x.toFixed(1)).join(', ')})`;
    });
    process.stdout.write(`| ${kind} | ${cells.join(' | ')} |\n`);
  }
}

await main();
