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
// loop, one filling its JavaScript heap with objects, one holding 64 MiB Blobs (a Blob's bytes
// are kept by the browser process, not the renderer that made it), one framing three other
// loopback sites whose frames allocate 160 MiB each, and one opening windows on them. Set
// URLKIT_BROWSER (default /usr/bin/chromium); --pages a,b picks pages.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultConfig } from '../src/config/config.js';
import { createServices } from '../src/app/services.js';
import { cleanWebIndex } from '../src/tools/clean-web-index.js';
import { descendants } from '../test/support/chromium-processes.js';
import {
  frameAllocPage,
  framingPage,
  objectHogPage,
  typedArrayHogPage,
  windowsPage,
} from '../test/support/hostile-pages.js';
import { toolContext } from '../test/support/tool-context.js';
import { arg } from './service-process.js';

const CHROMIUM = process.env.URLKIT_BROWSER ?? '/usr/bin/chromium';
const HOST = '127.0.0.2';
/** Other sites, for frames and windows: another address is another site. */
const OTHER_HOSTS = ['127.0.0.3', '127.0.0.4', '127.0.0.5'];
const CALLERS = Number(arg('callers') ?? 4);
const ROUNDS = Number(arg('rounds') ?? 2);
const MIB = 1024 * 1024;

/** A page that keeps 64 MiB Blobs until `totalMib` or an error, and says how far it got. */
function blobHogPage(mib = 64, totalMib = 2048): string {
  return `<!doctype html><html><head><title>Blobs</title></head><body><main id="m"></main>
<script>
const held = [];
let total = 0;
const say = (text) => { document.getElementById('m').innerHTML = '<h1>Blobs</h1><p>' + text + '</p>'; };
async function step() {
  try {
    const part = new Uint8Array(${mib} * 1024 * 1024).fill(2);
    const blob = new Blob([part]);
    await blob.slice(0, 1).arrayBuffer();
    held.push(blob);
    total += ${mib};
  } catch (e) {
    return say('Blob refused after ' + total + ' MiB.');
  }
  if (total < ${totalMib}) setTimeout(step, 0);
  else say('Held ' + total + ' MiB of Blobs.');
}
step();
</script></body></html>`;
}

const ORDINARY =
  '<!doctype html><html><head><title>Harbour news</title></head><body><main id="m"></main><script>' +
  "const story = (n) => '<li><a href=\"/story/' + n + '\">Story number ' + n + ' of the harbour</a></li>';" +
  "document.getElementById('m').innerHTML = '<h1>Harbour news</h1><ul>' + [1, 2, 3].map(story).join('') + '</ul>';" +
  '</script></body></html>';

const PAGES: Record<string, string> = {
  ordinary: ORDINARY,
  'typed-arrays': typedArrayHogPage(128, 2048),
  objects: objectHogPage(20),
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
  let cmd: string;
  try {
    cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '?';
  }
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

/** A kB field of a /proc file's text, in bytes (0 when absent). */
function kb(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(name + ':'));
  return line
    ? Number(
        line
          .slice(name.length + 1)
          .trim()
          .split(' ')[0],
      ) * 1024
    : 0;
}

/** One process's memory now (/proc/<pid>/smaps_rollup and status), or null if it ended. */
function read(pid: number): Sample | null {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return {
      kind: kindOf(pid),
      rss: kb(rollup, 'Rss'),
      pss: kb(rollup, 'Pss'),
      anon: kb(rollup, 'Pss_Anon'),
      file: kb(rollup, 'Pss_File'),
      shmem: kb(rollup, 'Pss_Shmem'),
      data: kb(status, 'VmData'),
    };
  } catch {
    return null;
  }
}

function serve(host: string, pages: Record<string, string>): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname.slice(1)];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  return new Promise((done) => server.listen(0, host, () => done(server)));
}

const originOf = (host: string, server: http.Server) => `http://${host}:${(server.address() as AddressInfo).port}`;

const mb = (bytes: number) => (bytes / MIB).toFixed(0);

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
    browserPageTimeoutMs: 60_000,
  });
  const services = createServices(config);
  const ctx = toolContext(config, services);
  const capMib = config.browserMaxMemoryMb;
  console.log(
    `render-memory: Chromium ${CHROMIUM}; renderer cap ${capMib} MiB (RLIMIT_DATA, counts VmData), ` +
      `${config.browserConcurrency} renders at once; ${CALLERS} callers x ${ROUNDS} rounds of each page`,
  );

  for (const name of names) {
    const peaks = new Map<number, Sample>();
    /** The whole tree's samples at the moment its PSS summed highest. */
    let top: Sample[] = [];
    let topPss = 0;
    let mostRenderers = 0;
    const sample = () => {
      const now: Sample[] = [];
      for (const pid of descendants()) {
        const s = read(pid);
        if (!s) continue;
        now.push(s);
        const p = peaks.get(pid);
        peaks.set(pid, {
          kind: s.kind === '?' ? (p?.kind ?? '?') : s.kind,
          rss: Math.max(s.rss, p?.rss ?? 0),
          pss: Math.max(s.pss, p?.pss ?? 0),
          anon: Math.max(s.anon, p?.anon ?? 0),
          file: Math.max(s.file, p?.file ?? 0),
          shmem: Math.max(s.shmem, p?.shmem ?? 0),
          data: Math.max(s.data, p?.data ?? 0),
        });
      }
      mostRenderers = Math.max(mostRenderers, now.filter((s) => s.kind === 'renderer').length);
      const total = now.reduce((n, s) => n + s.pss, 0);
      if (total > topPss) {
        topPss = total;
        top = now;
      }
    };
    const timer = setInterval(sample, 100);
    const outcomes = new Map<string, number>();
    const t0 = performance.now();
    for (let round = 0; round < ROUNDS; round++)
      await Promise.all(
        Array.from({ length: CALLERS }, async () => {
          const [item] = await cleanWebIndex.run(
            {
              url: `${origin}/${name}`,
              output_format: 'text',
              include_title: true,
              max_chars: 10_000,
              timeout: 60,
              render: 'always',
            },
            ctx,
          );
          const text = typeof item!.data?.content === 'string' ? item!.data.content : '';
          const said = /(?:Held|held|refused|failed|Opened)[^.]*\./.exec(text)?.[0];
          const outcome = item!.meta.error?.code ?? said ?? 'ok';
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }),
      );
    clearInterval(timer);
    sample();
    console.log(
      `\n${name}: ${CALLERS * ROUNDS} renders in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
        [...outcomes].map(([k, v]) => `${v} x ${k}`).join(', '),
    );
    console.log('each process at its own peak (MiB; PSS split into anonymous, file, shared memory):');
    console.log('| process | pid | RSS | PSS | anon | file | shmem | VmData | cap |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
    const rows = [...peaks].filter(([, s]) => s.rss > 0);
    rows.sort((a, b) => a[1].kind.localeCompare(b[1].kind) || b[1].pss - a[1].pss);
    for (const [pid, s] of rows)
      console.log(
        `| ${s.kind} | ${pid} | ${mb(s.rss)} | ${mb(s.pss)} | ${mb(s.anon)} | ${mb(s.file)} | ${mb(s.shmem)} | ` +
          `${mb(s.data)} | ${s.kind.startsWith('renderer') ? `VmData <= ${capMib}` : 'none'} |`,
      );
    const byKind = new Map<string, { n: number; pss: number; anon: number; data: number }>();
    for (const s of top) {
      const k = byKind.get(s.kind) ?? { n: 0, pss: 0, anon: 0, data: 0 };
      byKind.set(s.kind, { n: k.n + 1, pss: k.pss + s.pss, anon: k.anon + s.anon, data: k.data + s.data });
    }
    console.log(
      `the tree at its highest, ${mb(topPss)} MiB PSS: ` +
        [...byKind]
          .sort((a, b) => b[1].pss - a[1].pss)
          .map(([k, v]) => `${v.n} ${k} ${mb(v.pss)} (anon ${mb(v.anon)}, VmData ${mb(v.data)})`)
          .join('; '),
    );
    console.log(`page renderers alive at once, at most: ${mostRenderers}`);
    console.log(
      `the bound: ${capMib} MiB of VmData per renderer, ${config.browserConcurrency} renders at once ` +
        `(${capMib * config.browserConcurrency} MiB of page renderers); nothing on the other processes`,
    );
  }
  await services.close();
  server.close();
  for (const s of frameServers) s.close();
}

await main();
