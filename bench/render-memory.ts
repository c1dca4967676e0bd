// node dist/bench/render-memory.js: what each Chromium process holds while urlkit renders under
// load, against what urlkit's bound counts. The bound (URLKIT_BROWSER_MAX_MEMORY_MB, default 512)
// is the data-segment limit (RLIMIT_DATA) of each renderer process: it counts a process's private
// writable mappings (VmData), not its resident memory, and no other Chromium process (browser,
// GPU, utility) has one. So this reads, every 100 ms and one process at a time, each descendant of
// this process from /proc: its kind (Chromium's --type; a renderer of the browser's own UI, one
// per window, apart from the page renderers), VmRSS split into anonymous, file and shared memory,
// and VmData; and reports each process's peak, the most page renderers alive at once, the peak of
// the sum per kind, and the peak of the whole tree beside the bound (cap x
// URLKIT_BROWSER_CONCURRENCY page renderers).
//
// Each page is rendered by clean_web_index (render=always) with the default settings, from a
// loopback site, in `--rounds` rounds of `--callers` renders at once (default 4: twice the browser
// slots, so renders also wait): an ordinary page, a page allocating 128 MiB typed arrays in a
// loop, one filling its JavaScript heap with large arrays, one making 8 MiB Blobs in a loop to 2 GiB
// while a late request keeps it open (a Blob's bytes are kept by the browser process, not the
// renderer that made it), one framing three other loopback sites whose frames allocate 160 MiB
// each, and one opening windows on them. Set URLKIT_BROWSER (default /usr/bin/chromium);
// --pages a,b picks pages. --against DIR also runs DIR's build (its dist/) on every page, the
// two builds in turn (the first page this build first, the next DIR's), and prints one table
// of both, rows named by directory.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commandLine, kbField, memoryOf } from '../src/browser/process-table.js';
import { defaultConfig, type Config } from '../src/config/config.js';
import type { Services } from '../src/app/services.js';
import type { ToolContext } from '../src/tools/types.js';
import type { cleanWebIndex as CleanWebIndex } from '../src/tools/clean-web-index.js';
import { descendants } from '../test/support/chromium-processes.js';
import {
  frameAllocPage,
  framingPage,
  objectHogPage,
  typedArrayHogPage,
  windowsPage,
} from '../test/support/hostile-pages.js';
import { blobHogPage, ORDINARY_PAGE } from '../test/support/render-pages.js';
import { arg, REPO_ROOT } from './service-process.js';

const CHROMIUM = process.env.URLKIT_BROWSER ?? '/usr/bin/chromium';
const HOST = '127.0.0.2';
/** Other sites, for frames and windows: another address is another site. */
const OTHER_HOSTS = ['127.0.0.3', '127.0.0.4', '127.0.0.5'];
const CALLERS = Number(arg('callers') ?? 4);
const ROUNDS = Number(arg('rounds') ?? 2);
const MIB = 1024 * 1024;

const PAGES: Record<string, string> = {
  ordinary: ORDINARY_PAGE,
  'typed-arrays': typedArrayHogPage(128, 2048),
  objects: objectHogPage(2048),
  blobs: blobHogPage(),
  frames: '',
  windows: '',
};

interface Sample {
  kind: string;
  rss: number;
  /** Proportional set size: shared pages (Chromium's binary, shared memory) split between their users. */
  pss: number;
  anon: number;
  file: number;
  shmem: number;
  /** What RLIMIT_DATA counts: private writable mappings. */
  data: number;
}

/**
 * What the process is: Chromium's --type (renderer, gpu-process, utility, zygote), 'browser' for
 * Chromium's main process, 'node (urlkit)' for this one, else the program's name. Read at every
 * sample: a renderer starts as `prlimit`, and Debian's `chromium` is a shell script, both of which
 * exec Chromium under the same pid. Chromium rewrites its command line as one string (process
 * title) and may cut its start, --type included, so the switches only some types get tell them apart.
 */
function kindOf(pid: number): string {
  if (pid === process.pid) return 'node (urlkit)';
  const cmd = commandLine(pid);
  if (!cmd) return '?';
  const type = /--type=([a-z-]+)/.exec(cmd)?.[1];
  const sub = /--utility-sub-type=[\w.]*\.(\w+)/.exec(cmd)?.[1];
  if (type === 'renderer' && cmd.includes('--top-chrome-webui')) return 'renderer (browser UI)';
  if (type) return sub ? `${type} (${sub})` : type;
  if (cmd.includes('--renderer-client-id=')) return 'renderer';
  if (cmd.includes('--gpu-preferences=')) return 'gpu-process';
  if (cmd.includes('--ozone-override-screen-size=')) return 'zygote';
  if (cmd.includes('--shared-files=')) return 'utility';
  const program = cmd.split(' ')[0]!;
  const name = program.slice(program.lastIndexOf('/') + 1);
  return name === 'chromium' ? 'browser' : name;
}

/** One process's memory now (/proc/<pid>/smaps_rollup and status), or null if it ended. */
function read(pid: number): Sample | null {
  const memory = memoryOf(pid);
  if (!memory) return null;
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  return { kind: kindOf(pid), ...memory, data: kbField(status, 'VmData') };
}

function serve(host: string, pages: Record<string, string>): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.url === '/late') return void setTimeout(() => res.end('late'), 20_000).unref();
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname.slice(1)];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  return new Promise((done) => server.listen(0, host, () => done(server)));
}

const originOf = (host: string, server: http.Server) => `http://${host}:${(server.address() as AddressInfo).port}`;

const mb = (bytes: number) => (bytes / MIB).toFixed(0);

/** A build's entry points, loaded from its dist/. */
interface Build {
  label: string;
  createServices: (config: Config) => Services;
  cleanWebIndex: typeof CleanWebIndex;
  toolContext: (config: Config, services: Services) => ToolContext;
}

async function loadBuild(root: string): Promise<Build> {
  const at = (path: string) => pathToFileURL(resolve(root, 'dist', path)).href;
  const services = (await import(at('src/app/services.js'))) as { createServices: Build['createServices'] };
  const tool = (await import(at('src/tools/clean-web-index.js'))) as { cleanWebIndex: Build['cleanWebIndex'] };
  const context = (await import(at('test/support/tool-context.js'))) as { toolContext: Build['toolContext'] };
  return {
    label: root,
    createServices: services.createServices,
    cleanWebIndex: tool.cleanWebIndex,
    toolContext: context.toolContext,
  };
}

/** One build's renders of one page: what they answered and what the processes held. */
interface Measured {
  renders: number;
  seconds: number;
  outcomes: Map<string, number>;
  peaks: Map<number, Sample>;
  /** The whole tree's samples at the moment its PSS summed highest. */
  top: Sample[];
  topPss: number;
  mostRenderers: number;
  /** The highest sum of the Chromium processes other than renderers (the browser's own). */
  ownPss: number;
  launches: number;
}

const isRenderer = (kind: string) => kind.startsWith('renderer');
const isChromium = (kind: string) => kind !== 'node (urlkit)' && kind !== '?' && kind !== 'prlimit' && kind !== 'sh';

async function measure(build: Build, config: Config, url: string): Promise<Measured> {
  const services = build.createServices(config);
  const ctx = build.toolContext(config, services);
  const m: Measured = {
    renders: CALLERS * ROUNDS,
    seconds: 0,
    outcomes: new Map(),
    peaks: new Map(),
    top: [],
    topPss: 0,
    mostRenderers: 0,
    ownPss: 0,
    launches: 0,
  };
  const sample = () => {
    const now: Sample[] = [];
    for (const pid of [process.pid, ...descendants()]) {
      const s = read(pid);
      if (!s) continue;
      now.push(s);
      const p = m.peaks.get(pid);
      m.peaks.set(pid, {
        kind: s.kind === '?' ? (p?.kind ?? '?') : s.kind,
        rss: Math.max(s.rss, p?.rss ?? 0),
        pss: Math.max(s.pss, p?.pss ?? 0),
        anon: Math.max(s.anon, p?.anon ?? 0),
        file: Math.max(s.file, p?.file ?? 0),
        shmem: Math.max(s.shmem, p?.shmem ?? 0),
        data: Math.max(s.data, p?.data ?? 0),
      });
    }
    m.mostRenderers = Math.max(m.mostRenderers, now.filter((s) => s.kind === 'renderer').length);
    const own = now.filter((s) => isChromium(s.kind) && !isRenderer(s.kind)).reduce((n, s) => n + s.pss, 0);
    m.ownPss = Math.max(m.ownPss, own);
    const total = now.reduce((n, s) => n + s.pss, 0);
    if (total > m.topPss) {
      m.topPss = total;
      m.top = now;
    }
  };
  const timer = setInterval(sample, 100);
  const t0 = performance.now();
  try {
    for (let round = 0; round < ROUNDS; round++)
      await Promise.all(
        Array.from({ length: CALLERS }, async () => {
          const [item] = await build.cleanWebIndex.run(
            { url, output_format: 'text', include_title: true, max_chars: 10_000, timeout: 60, render: 'always' },
            ctx,
          );
          const text = typeof item!.data?.content === 'string' ? item!.data.content : '';
          const said = /(?:Held|held|refused|failed|Opened)[^.]*\./.exec(text)?.[0];
          const outcome = item!.meta.error?.code ?? said ?? 'ok';
          m.outcomes.set(outcome, (m.outcomes.get(outcome) ?? 0) + 1);
        }),
      );
    m.seconds = (performance.now() - t0) / 1000;
  } finally {
    clearInterval(timer);
    sample();
    m.launches = services.browser?.launches ?? 0;
    await services.close();
  }
  return m;
}

function printProcesses(name: string, m: Measured, config: Config): void {
  const capMib = config.browserMaxMemoryMb;
  console.log(
    `\n${name}: ${m.renders} renders in ${m.seconds.toFixed(1)} s; ` +
      [...m.outcomes].map(([k, v]) => `${v} x ${k}`).join(', '),
  );
  console.log('each process at its own peak (MiB; PSS split into anonymous, file, shared memory):');
  console.log('| process | pid | RSS | PSS | anon | file | shmem | VmData | cap |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  const rows = [...m.peaks].filter(([, s]) => s.rss > 0);
  rows.sort((a, b) => a[1].kind.localeCompare(b[1].kind) || b[1].pss - a[1].pss);
  for (const [pid, s] of rows)
    console.log(
      `| ${s.kind} | ${pid} | ${mb(s.rss)} | ${mb(s.pss)} | ${mb(s.anon)} | ${mb(s.file)} | ${mb(s.shmem)} | ` +
        `${mb(s.data)} | ${isRenderer(s.kind) ? `VmData <= ${capMib}` : 'none'} |`,
    );
  console.log(`the tree at its highest, ${mb(m.topPss)} MiB PSS: ${byKind(m.top)}`);
  console.log(`page renderers alive at once, at most: ${m.mostRenderers}`);
  console.log(
    `the bound: ${capMib} MiB of VmData per renderer, ${config.browserConcurrency} renders at once ` +
      `(${capMib * config.browserConcurrency} MiB of page renderers); the browser's own processes ` +
      `(not renderers) held ${mb(m.ownPss)} MiB PSS at most`,
  );
}

function byKind(top: Sample[]): string {
  const kinds = new Map<string, { n: number; pss: number; anon: number; data: number }>();
  for (const s of top) {
    const k = kinds.get(s.kind) ?? { n: 0, pss: 0, anon: 0, data: 0 };
    kinds.set(s.kind, { n: k.n + 1, pss: k.pss + s.pss, anon: k.anon + s.anon, data: k.data + s.data });
  }
  return [...kinds]
    .sort((a, b) => b[1].pss - a[1].pss)
    .map(([k, v]) => `${v.n} ${k} ${mb(v.pss)} (anon ${mb(v.anon)}, VmData ${mb(v.data)})`)
    .join('; ');
}

/** One row of the table of builds: the tree at its highest, by kind, and the browser's own peak. */
function row(name: string, label: string, m: Measured): string {
  const sum = (pick: (s: Sample) => boolean, field: 'pss' | 'anon' | 'data') =>
    m.top.filter(pick).reduce((n, s) => n + s[field], 0);
  const page = (s: Sample) => s.kind === 'renderer';
  const answers = [...m.outcomes].map(([k, v]) => `${v} ${k}`).join(', ');
  return (
    `| ${name} | ${label} | ${answers} | ${m.mostRenderers} | ${mb(sum(page, 'pss'))} | ` +
    `${mb(sum((s) => s.kind === 'renderer (browser UI)', 'pss'))} | ${mb(m.ownPss)} | ` +
    `${mb(sum((s) => s.kind === 'node (urlkit)', 'pss'))} | ${mb(m.topPss)} | ${m.launches} | ${m.seconds.toFixed(1)} |`
  );
}

async function main(): Promise<void> {
  const frameServers = await Promise.all(OTHER_HOSTS.map((h) => serve(h, { frame: frameAllocPage(160) })));
  const frames = frameServers.map((s, i) => `${originOf(OTHER_HOSTS[i]!, s)}/frame`);
  PAGES.frames = framingPage(frames);
  PAGES.windows = windowsPage(frames);
  const server = await serve(HOST, PAGES);
  const origin = originOf(HOST, server);
  const names = (arg('pages') ?? Object.keys(PAGES).join(',')).split(',');
  const config = defaultConfig({
    logLevel: 'silent',
    allowCidrs: [HOST, ...OTHER_HOSTS].map((h) => `${h}/32`),
    browserPath: CHROMIUM,
    browserPageTimeoutMs: 30_000,
  });
  const against = arg('against');
  const builds = [await loadBuild(REPO_ROOT)];
  if (against) builds.push(await loadBuild(resolve(against)));
  console.log(
    `render-memory: Chromium ${CHROMIUM}; renderer cap ${config.browserMaxMemoryMb} MiB ` +
      '(RLIMIT_DATA, counts VmData), ' +
      `${config.browserConcurrency} renders at once; ${CALLERS} callers x ${ROUNDS} rounds of each page; ` +
      `builds: ${builds.map((b) => b.label).join(', ')}`,
  );
  const rows: string[] = [];
  for (const [i, name] of names.entries()) {
    const order = i % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) {
      const m = await measure(build, config, `${origin}/${name}`);
      if (builds.length === 1) printProcesses(name, m, config);
      else console.log(`${name}, ${build.label}: ${byKind(m.top)}`);
      rows.push(row(name, build.label, m));
    }
  }
  console.log(
    "\nthe tree at its highest (PSS, MiB): page renderers, UI renderers, node; the browser's own processes " +
      '(not renderers) at their own highest; browsers started',
  );
  console.log(
    '| page | build | answers | page renderers at once | page renderers | UI renderers | browser own, peak | ' +
      'node | tree | launches | s |',
  );
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(r);
  server.close();
  for (const s of frameServers) s.close();
}

await main();
