// node dist/bench/render-watch.js [--against DIR] [--reads N] [--mib M]: what the pool's watch on
// the browser's own memory costs the main thread. While pages render, the pool looks at the memory
// of the browser's own processes every 100 ms (memory-watch.ts): an estimate from the kernel's
// resident counters (BrowserOwnMemory.estimate, /proc/<pid>/status), and a read of their PSS
// (BrowserOwnMemory.read, /proc/<pid>/smaps_rollup, and every second the list of its processes
// from /proc) whenever none is running; the kernel builds smaps_rollup by walking the process's
// mappings, so a read costs more the more a page made the browser map. This starts one Chromium
// (no urlkit pool around it), makes N reads, then N estimates, as the watch does (each in a turn
// of the event loop of its own) while it is fresh, then again once a page on it holds M MiB of
// Blobs (kept by the browser process), and prints per look: its time and the main thread's CPU
// time (/proc/self/task), and the longest the event loop was held (which also counts a main thread
// waiting for a core on a busy machine). --against DIR also looks with DIR's build (its dist/; a
// build without estimates makes reads only) in the same run, on the same browser, the two builds
// in turn; rows are named by directory. Set URLKIT_BROWSER (default /usr/bin/chromium).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { blobHogPage } from '../test/support/render-pages.js';
import { arg, REPO_ROOT } from './service-process.js';
import { TICK_MS, threadTicks } from './thread-cpu.js';

const CHROMIUM = process.env.URLKIT_BROWSER ?? '/usr/bin/chromium';
const READS = Number(arg('reads') ?? 200);
const BLOB_MIB = Number(arg('mib') ?? 1536);
const MIB = 1024 * 1024;
const WARM_READS = 5;

/**
 * A build's reader of the browser's own memory: synchronous in some builds, a promise in others;
 * builds whose watch looks at an estimate between reads have `estimate` too.
 */
interface Reader {
  read(): number | Promise<number>;
  estimate?(): number | null;
}

interface Build {
  label: string;
  reader: (pid: number) => Reader;
}

async function loadBuild(root: string): Promise<Build> {
  const url = pathToFileURL(resolve(root, 'dist/src/browser/browser-memory.js')).href;
  const { BrowserOwnMemory } = (await import(url)) as { BrowserOwnMemory: new (pid: number) => Reader };
  return { label: root, reader: (pid) => new BrowserOwnMemory(pid) };
}

interface Measured {
  pss: number;
  wallMs: number;
  cpuMs: number;
  longestMs: number;
}

const turn = () => new Promise((r) => setImmediate(r));

type Look = () => number | null | Promise<number>;

/** `READS` looks, each in a turn of the event loop of its own, as the watch makes them. */
async function reads(look: Look): Promise<number> {
  let pss = 0;
  for (let i = 0; i < READS; i++) {
    pss = (await look()) ?? 0;
    await turn();
  }
  return pss;
}

/**
 * A fresh reader of `build`, warmed (its first reads compile its code and list the browser's
 * processes), then READS reads for the times and READS more under an event-loop delay monitor
 * (whose 1 ms timer would add its own work to the main thread's CPU).
 */
async function measure(build: Build, pid: number, kind: 'read' | 'estimate'): Promise<Measured | null> {
  const reader = build.reader(pid);
  for (let i = 0; i < WARM_READS; i++) await reader.read();
  const estimate = reader.estimate?.bind(reader);
  if (kind === 'estimate' && !estimate) return null;
  const look: Look = kind === 'read' ? () => reader.read() : estimate!;
  for (let i = 0; i < WARM_READS; i++) await look();
  await turn();
  const ticks0 = threadTicks(process.pid).get('main') ?? 0;
  const t0 = performance.now();
  const pss = await reads(look);
  const wallMs = performance.now() - t0;
  const ticks = (threadTicks(process.pid).get('main') ?? 0) - ticks0;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  await reads(look);
  delay.disable();
  return {
    pss,
    wallMs: wallMs / READS,
    cpuMs: (ticks * TICK_MS) / READS,
    longestMs: delay.max / 1e6,
  };
}

function serve(page: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.url !== '/blobs') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

async function main(): Promise<void> {
  const builds = [await loadBuild(REPO_ROOT)];
  const against = arg('against');
  if (against) builds.push(await loadBuild(resolve(against)));
  const server = await serve(blobHogPage(8, BLOB_MIB));
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    headless: true,
    chromiumSandbox: false,
  });
  const rows: string[] = [];
  try {
    const session = await browser.newBrowserCDPSession();
    const { processInfo } = await session.send('SystemInfo.getProcessInfo');
    const pid = processInfo.find((p) => p.type === 'browser')?.id;
    if (pid === undefined) throw new Error('the browser did not say its pid');
    const page = await (await browser.newContext()).newPage();
    const phases: [string, () => Promise<void>][] = [
      ['fresh', async () => {}],
      [
        `holding ${BLOB_MIB} MiB of Blobs`,
        async () => {
          await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/blobs`);
          await page.waitForFunction(() => /Held|refused/.test(document.body.innerText), null, { timeout: 120_000 });
        },
      ],
    ];
    console.log(
      `render-watch: Chromium ${CHROMIUM}; ${READS} looks at the browser's own memory per row, each in a turn ` +
        `of the event loop of its own; builds: ${builds.map((b) => b.label).join(', ')}`,
    );
    for (const [i, [phase, reach]] of phases.entries()) {
      await reach();
      const order = i % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order)
        for (const kind of ['read', 'estimate'] as const) {
          const m = await measure(build, pid, kind);
          if (!m) continue;
          rows.push(
            `| ${phase} | ${build.label} | ${kind === 'read' ? 'read (PSS)' : 'estimate (counters)'} | ` +
              `${(m.pss / MIB).toFixed(0)} | ${m.wallMs.toFixed(2)} | ${m.cpuMs.toFixed(2)} | ` +
              `${m.longestMs.toFixed(1)} |`,
          );
        }
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(
    '\n| browser | build | look | own PSS, MiB | ms per look | main thread CPU, ms per look | ' +
      'event loop held at most, ms |',
  );
  console.log('|---|---|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(r);
}

await main();
