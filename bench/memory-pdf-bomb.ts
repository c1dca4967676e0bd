// npm run bench:memory-pdf-bomb: where issue 31 row 5's memory goes. The service runs as
// `npm start` runs it (default settings, browser off, plus URLKIT_ALLOW_CIDRS for the attacked
// loopback site); one caller sends the PDF bomb (2.5 KB, Flate over Flate over 1 GiB of spaces)
// to clean_web_content, 64 calls in flight, for --seconds S (20). /proc is read every 50 ms:
// the service process's own RSS and each PDF process's (a child running pdf-process-entry.js).
// Prints, per build (--service DIR, repeatable: builds are run in turn, --rounds N times): the
// service's RSS at rest and its peak under the bomb, the PDF processes' peak RSS (highest, median
// of each process's own peak), how many ran at once and in all, how long each lived, the whole
// tree's peak, and the bombs answered. bench:hostile --attacks 5 measures the same attack with
// honest callers beside it.
import { setMaxListeners } from 'node:events';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import {
  REPO_ROOT,
  arg,
  loadAverages,
  startNodeService,
  startService,
  type ServiceProcess,
} from './service-process.js';
import { upperMedian } from './stats.js';

const HOST = '127.0.0.2';
const SECONDS = Number(arg('seconds') ?? 20);
const CALLS = Number(arg('calls') ?? 64);
const ROUNDS = Number(arg('rounds') ?? 1);
const REST_S = 5;

/** Every `--service DIR` given, else this checkout. */
function builds(): string[] {
  const dirs: string[] = [];
  process.argv.forEach((a, i) => {
    if (a === '--service' && process.argv[i + 1]) dirs.push(resolve(process.argv[i + 1]!));
  });
  return dirs.length ? dirs : [REPO_ROOT];
}

function statusKiB(pid: number, field: string): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Direct children of `pid` that run the PDF process entry. */
function pdfProcesses(pid: number): number[] {
  const found: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
        if (readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('pdf-process-entry')) found.push(Number(child));
  } catch {
    /* ended while read */
  }
  return found;
}

interface Watch {
  servicePeak: number;
  treePeak: number;
  /** Peak RSS (MiB), first and last time seen (ms), of each PDF process by pid. */
  pdf: Map<number, { peak: number; first: number; last: number }>;
  mostAlive: number;
}

function watch(pid: number): { stop(): Watch } {
  const w: Watch = { servicePeak: 0, treePeak: 0, pdf: new Map(), mostAlive: 0 };
  const t = setInterval(() => {
    const now = performance.now();
    const service = statusKiB(pid, 'VmRSS') / 1024;
    let tree = service;
    const alive = pdfProcesses(pid);
    for (const p of alive) {
      const mib = statusKiB(p, 'VmRSS') / 1024;
      tree += mib;
      const seen = w.pdf.get(p) ?? { peak: 0, first: now, last: now };
      w.pdf.set(p, { peak: Math.max(seen.peak, mib), first: seen.first, last: now });
    }
    w.servicePeak = Math.max(w.servicePeak, service);
    w.treePeak = Math.max(w.treePeak, tree);
    w.mostAlive = Math.max(w.mostAlive, alive.length);
  }, 50);
  return {
    stop() {
      clearInterval(t);
      return w;
    },
  };
}

async function bomb(service: ServiceProcess, agent: Agent, site: string, stop: AbortSignal) {
  setMaxListeners(0, stop);
  const codes = new Map<string, number>();
  let n = 0;
  const loop = async () => {
    while (!stop.aborted) {
      try {
        const res = await request(`${service.origin}/api/v1/tools/clean_web_content`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: `${site}/pdf-bomb?call=${n++}` }),
          dispatcher: agent,
          signal: stop,
        });
        const json = (await res.body.json()) as { data?: { results?: Array<{ meta?: { error?: { code: string } } }> } };
        const code = json.data?.results?.[0]?.meta?.error?.code ?? `HTTP ${res.statusCode}`;
        codes.set(code, (codes.get(code) ?? 0) + 1);
      } catch {
        /* stopped */
      }
    }
  };
  await Promise.all(Array.from({ length: CALLS }, loop));
  return codes;
}

const f = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');

async function round(root: string, site: string): Promise<string> {
  const service = await startService(root, { URLKIT_ALLOW_CIDRS: `${HOST}/32` });
  const agent = new Agent({ connections: CALLS, headersTimeout: 300_000, bodyTimeout: 300_000 });
  try {
    // At rest after one honest call of each kind has loaded the workers' code.
    await request(`${service.origin}/api/v1/tools/clean_web_content`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site}/page` }),
      dispatcher: agent,
    }).then((r) => r.body.dump());
    await sleep(REST_S * 1000);
    const rest = statusKiB(service.child.pid!, 'VmRSS') / 1024;
    const w = watch(service.child.pid!);
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), SECONDS * 1000);
    const codes = await bomb(service, agent, site, stop.signal);
    clearTimeout(timer);
    const seen = w.stop();
    const peaks = [...seen.pdf.values()].map((p) => p.peak);
    const lives = [...seen.pdf.values()].map((p) => p.last - p.first);
    const answers = [...codes].map(([k, v]) => `${v} ${k}`).join(', ');
    return (
      `| ${root} | ${f(rest)} | ${f(seen.servicePeak)} | ${f(Math.max(...peaks))} / ${f(upperMedian(peaks))} | ` +
      `${seen.mostAlive} | ${seen.pdf.size} | ${f(upperMedian(lives))} | ${f(seen.treePeak)} | ${answers} |`
    );
  } finally {
    await agent.close();
    await service.stop();
  }
}

async function main(): Promise<void> {
  const site = await startNodeService(resolve(REPO_ROOT, 'dist/bench/hostile-site.js'), {}, '/healthz', HOST);
  console.log(
    `bench:memory-pdf-bomb: ${CALLS} bomb calls in flight for ${SECONDS} s; node ${process.version}; ` +
      `load average at start ${loadAverages()}\n`,
  );
  console.log(
    '| build | service RSS at rest MiB | service peak under the bomb MiB | ' +
      'PDF process peak RSS MiB (highest / median) | PDF processes at once (most) | PDF processes started | ' +
      'median life ms | tree peak MiB | bomb answers |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  try {
    for (let r = 0; r < ROUNDS; r++) for (const root of builds()) console.log(await round(root, site.origin));
  } finally {
    await site.stop();
  }
  console.log(`\nload average at the end ${loadAverages()}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
