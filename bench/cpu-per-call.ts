// npm run bench:cpu: CPU time per call, per thread of the service (main thread, worker threads,
// V8/libuv helper threads), of the target site and of the Readability peer, measured from
// /proc/<pid>/task/*/stat around a fixed number of calls. Unlike answers/s this barely moves
// when other work shares the machine, so it is how a main-thread or worker saving is judged on
// a busy machine (bench:load is the end-to-end check on a quiet one). The load client (autocannon,
// in this process) is measured too: it shares the cores with the service in bench:load.
//
// The service's minor page faults per call are printed too (first touches of memory it was just
// given, every thread): an exact count where CPU time is noisy, and on a VM whose fresh memory is
// dear (docs/admission.md, "Benchmarks") a cost of its own.
//
// The service's garbage collections per 1,000 calls (its own /metrics, by kind) are printed too:
// young-generation collections per call follow what a call allocates, and do not move with the
// machine's load at all, so an allocation saving shows there even when CPU time is too noisy.
//
// Options: --service DIR  (a "before" build), --calls N (default 1500), --conns N (default 50),
//          --tool content|status|scan-bomb|heavy|br-bomb, --warmup N (calls before counting;
//          default 200 or --conns), --no-peer (skip the Readability service)
import os from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import {
  REPO_ROOT,
  arg,
  serviceRootArg,
  startNodeService,
  startService,
  type ServiceProcess,
} from './service-process.js';
import { TICK_MS, processFaults, threadSplit, threadTicks } from './thread-cpu.js';
import { scrapeMetrics } from './service-metrics.js';

const TARGET_HOST = '127.0.0.2';
const CALLS = Number(arg('calls') ?? 1500);
const CONNS = Number(arg('conns') ?? 50);
const TOOL = arg('tool') ?? 'content';
const WARMUP = Number(arg('warmup') ?? Math.max(200, CONNS));
async function load(
  origin: string,
  path: string,
  body: unknown,
  amount: number,
): Promise<{ ok: number; total: number }> {
  const r = await autocannon({
    url: origin + path,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections: CONNS,
    amount,
    // Past the service's queueing budget (10 s) plus the work: with autocannon's default of 10 s,
    // calls queued at 400 connections on a loaded machine were given up (1,348 of 3,000 counted),
    // and the service's CPU for the given-up calls was charged to the ones that were answered.
    timeout: 60,
  });
  if (r.timeouts > 0) console.error(`bench:cpu: ${r.timeouts} calls timed out; their CPU is in the figures`);
  return { ok: r['2xx'], total: r.requests.total };
}

/** Garbage collections so far by kind (minor, major, ...) from the service's /metrics; {} for a peer. */
async function gcCounts(origin: string): Promise<Record<string, number>> {
  try {
    const m = await scrapeMetrics(origin, 5000);
    return Object.fromEntries(m.countsByLabel('urlkit_nodejs_gc_duration_seconds', 'kind'));
  } catch {
    return {};
  }
}

async function measure(
  label: string,
  svc: ServiceProcess,
  path: string,
  body: unknown,
  site: ServiceProcess,
): Promise<void> {
  await load(svc.origin, path, body, WARMUP); // warm-up: workers start, JIT compiles
  const pid = svc.child.pid!;
  const before = threadTicks(pid);
  const siteBefore = threadTicks(site.child.pid!);
  const gc0 = await gcCounts(svc.origin);
  const faults0 = processFaults(pid);
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  const { ok, total } = await load(svc.origin, path, body, CALLS);
  const client = process.cpuUsage(client0);
  const secs = (performance.now() - t0) / 1000;
  const d = threadSplit(before, threadTicks(pid), label.startsWith('urlkit') ? os.availableParallelism() : 0);
  const faults1 = processFaults(pid);
  const gc1 = await gcCounts(svc.origin);
  const perK = (kind: string) =>
    gc1[kind] === undefined ? '-' : (((gc1[kind] - (gc0[kind] ?? 0)) * 1000) / total).toFixed(1);
  const siteD = threadSplit(siteBefore, threadTicks(site.child.pid!), 0);
  const per = (t: number) => ((t * TICK_MS) / total).toFixed(2);
  const all = d.main + d.workers + d.other;
  const siteAll = siteD.main + siteD.workers + siteD.other;
  console.log(
    `| ${label} | ${total} | ${ok} | ${(ok / secs).toFixed(0)} | ${per(d.main)} | ${per(d.workers)} | ` +
      `${per(d.other)} | ${per(all)} | ${per(siteAll)} | ` +
      `${((client.user + client.system) / 1000 / total).toFixed(2)} | ${perK('minor')} | ${perK('major')} | ` +
      `${faults0 === null || faults1 === null ? '-' : ((faults1 - faults0) / total).toFixed(1)} |`,
  );
}

async function main(): Promise<void> {
  const serviceRoot = serviceRootArg();
  // scan-bomb, heavy and br-bomb: clean_web_content of bench:hostile's row 2 page (96 KiB of `<a`),
  // row 7 page (5 MiB of paragraphs) and row br-bombs' page (brotli, read to the 5 MiB cap), from its site.
  const hostilePage = TOOL === 'scan-bomb' || TOOL === 'heavy' || TOOL === 'br-bomb';
  const siteScript = hostilePage ? 'dist/bench/hostile-site.js' : 'dist/bench/load-target.js';
  const site = await startNodeService(resolve(REPO_ROOT, siteScript), {}, '/healthz', TARGET_HOST);
  const [path, body] =
    TOOL === 'status'
      ? ['/api/v1/tools/check_url_status', { url: `${site.origin}/page` }]
      : ['/api/v1/tools/clean_web_content', { url: `${site.origin}/${hostilePage ? TOOL : 'article'}` }];
  console.log(`bench:cpu: ${TOOL}, ${CALLS} calls at ${CONNS} connections; CPU ms per call by thread (from /proc)`);
  console.log(
    '| service | calls | 2xx | 2xx/s (machine-dependent) | main | workers | other threads | service total | ' +
      'target site | load client | minor GCs per 1,000 calls | major GCs per 1,000 calls | page faults per call |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  try {
    const svc = await startService(serviceRoot, {
      URLKIT_ALLOW_CIDRS: `${TARGET_HOST}/32`,
    });
    try {
      await measure(`urlkit (${serviceRoot})`, svc, path, body, site);
    } finally {
      await svc.stop();
    }
    if (TOOL === 'content' && !process.argv.includes('--no-peer')) {
      const peer = await startNodeService(resolve(REPO_ROOT, 'dist/bench/readability-service.js'), {}, '/');
      try {
        await measure('Readability+linkedom service', peer, '/clean', { url: `${site.origin}/article` }, site);
      } finally {
        await peer.stop();
      }
    }
  } finally {
    await site.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
