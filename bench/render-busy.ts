// What URLKIT_BROWSER_NICE costs renders when the machine's CPUs are busy (docs/browser.md,
// Priority): an ordinary script-built page rendered through the HTTP API (clean_web_index,
// render: always, one call at a time, by a caller of its own), by the service as `npm start`
// starts it with Chromium, under each setting and three conditions:
//   quiet    nothing else runs
//   service  another caller keeps --connections clean_web_content calls of bench:load's 100 KB article in
//            flight, so the service's own threads want every CPU (its 2xx/s in the 3 s before the
//            renders and during them are printed: what the renders took from it)
//   busy     one busy-loop process per CPU beside the service, as other programs on the machine
// What the setting buys, other callers' latency under pages whose scripts spin, is
// `bench:hostile --attacks spin` with URLKIT_BROWSER_NICE set.
//   npm run bench:render-busy [-- --nice 0,5,10] [--renders 6] [--connections 50] [--service DIR]
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { findChromium, NO_CHROMIUM } from '../test/support/chromium.js';
import type { Item } from '../test/support/answers.js';
import { postAs } from '../test/support/post-tool.js';
import { ORDINARY_PAGE } from '../test/support/render-pages.js';
import { arg, loadAverages, serviceRootArg, startService, type ServiceProcess } from './service-process.js';
import { median } from './stats.js';
import { pickArticle } from './target-pages.js';

const HOST = '127.0.0.2';
const NICES = (arg('nice') ?? '0,5,10').split(',').map(Number);
const RENDERS = Number(arg('renders') ?? 6);
const CONNECTIONS = Number(arg('connections') ?? 50);
const CONDITIONS = ['quiet', 'service', 'busy'] as const;
type Condition = (typeof CONDITIONS)[number];

/** The load benches' honest article: the development corpus's news page closest to 100 KB. */
const ARTICLE = pickArticle();

function serve(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const page = (req.url ?? '').startsWith('/render') ? ORDINARY_PAGE : ARTICLE;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
  });
  return new Promise((done) => server.listen(0, HOST, () => done(server)));
}

/** Whether a render's answer holds the page's stories, as rendered. */
function readRendered([item]: Item[]): boolean {
  const content = item?.data?.['content'];
  return (
    item?.meta['javascript_rendered'] === true && typeof content === 'string' && content.includes('Story number 3')
  );
}

interface Cell {
  ms: number[];
  /** Renders that answered with the page's stories, as rendered. */
  read: number;
  /** The service condition's other caller: its 2xx answers a second in the 3 s before the renders. */
  loadBefore: number;
  /** The same while the renders ran. */
  loadRate: number;
}

async function measure(service: ServiceProcess, origin: string, condition: Condition, tag: string): Promise<Cell> {
  let stop = false;
  let answered = 0;
  let n = 0;
  const hogs: ChildProcess[] =
    condition === 'busy'
      ? Array.from({ length: availableParallelism() }, () =>
          spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }),
        )
      : [];
  const load =
    condition === 'service'
      ? Array.from({ length: CONNECTIONS }, async () => {
          while (!stop) {
            const url = `${origin}/article?${tag}-${n++}`;
            const { status } = await postAs(service.origin, 'load-caller', 'clean_web_content', { url }).catch(() => ({
              status: 0,
            }));
            if (status === 200) answered++;
          }
        })
      : [];
  try {
    if (condition !== 'quiet') await sleep(3000);
    answered = 0;
    if (condition === 'service') await sleep(3000);
    const cell: Cell = { ms: [], read: 0, loadBefore: answered / 3, loadRate: NaN };
    answered = 0;
    const started = performance.now();
    for (let i = 0; i < RENDERS; i++) {
      const t = performance.now();
      const { items } = await postAs(service.origin, 'render-caller', 'clean_web_index', {
        url: `${origin}/render?${tag}-${i}`,
        render: 'always',
        timeout: 30,
      });
      cell.ms.push(performance.now() - t);
      if (readRendered(items)) cell.read++;
    }
    if (condition === 'service') cell.loadRate = answered / ((performance.now() - started) / 1000);
    return cell;
  } finally {
    stop = true;
    for (const hog of hogs) hog.kill('SIGKILL');
    await Promise.all(load);
  }
}

async function main(): Promise<void> {
  const chromium = findChromium();
  if (!chromium) throw new Error(NO_CHROMIUM);
  const root = serviceRootArg();
  const site = await serve();
  const origin = `http://${HOST}:${(site.address() as AddressInfo).port}`;
  console.log(
    `bench:render-busy: ${root}, ${RENDERS} renders a cell, ${CONNECTIONS} connections of load, ` +
      `${availableParallelism()} CPUs, load average ${loadAverages()}`,
  );
  const rows: string[] = [];
  try {
    for (const nice of NICES) {
      const env = {
        URLKIT_BROWSER: chromium,
        URLKIT_BROWSER_NICE: String(nice),
        URLKIT_ALLOW_CIDRS: `${HOST}/32`,
        LOG_LEVEL: 'warn',
      };
      const service = await startService(root, env);
      try {
        // The browser starts with the first render.
        await postAs(service.origin, 'render-caller', 'clean_web_index', {
          url: `${origin}/render?warm`,
          render: 'always',
        });
        for (const condition of CONDITIONS) {
          const cell = await measure(service, origin, condition, `${nice}-${condition}`);
          const rate = Number.isNaN(cell.loadRate)
            ? '-'
            : `${cell.loadBefore.toFixed(0)} / ${cell.loadRate.toFixed(0)}`;
          rows.push(
            `| ${nice} | ${condition} | ${(median(cell.ms) / 1000).toFixed(1)} | ` +
              `${(Math.max(...cell.ms) / 1000).toFixed(1)} | ${cell.read} / ${RENDERS} | ${rate} |`,
          );
          console.error(rows.at(-1));
        }
      } finally {
        await service.stop();
      }
    }
  } finally {
    site.close();
  }
  const head = '| URLKIT_BROWSER_NICE | machine | render s, median | worst | read |';
  console.log(`${head} other caller 2xx/s before / during the renders |`);
  console.log('|---:|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log(`load average at the end ${loadAverages()}`);
}

await main();
