// node dist/bench/load-timeline.js: where a bench:load step's answers go, second by second. The
// service as bench:load starts it (`npm start`, default settings) and its loopback article; each
// step as bench:load takes it (a settle run of the same load, not counted, then the measured run,
// each a fresh autocannon with its own connections, then a pause); and per bin of the measured
// run: 2xx answers/s, latency of the answers in the bin, the service's CPU, its main thread's CPU
// and run-queue wait, the load generator's CPU, and what the service reports (admission limit,
// calls running and queued, calls in flight, shed, workers busy, event-loop delay). Bin 0 starts
// when the measured run opens its connections: whether a step's loss is at its start (connections
// opening, the settle run's abandoned calls) or spread through it shows there. The service's
// figures are its /metrics as read at the bin's end, and /metrics answers from one render for a
// second after it (metrics/shared-render.ts): with bins under a second, neighbouring bins show
// one render, up to a second old.
//
// Options: --conns 50,400   steps in order (default 50,400,400,50)
//          --duration S     seconds of each measured run (default 6, as bench:load)
//          --settle S       seconds of the same load before it (default 2, as bench:load)
//          --bin MS         bin width (default 500)
//          --service DIR    the build to run (default this checkout)
//          --against DIR    a second build, each step on A then B (B then A on odd steps)
//          --tool T         content (clean_web_content on the article, default) or status
//                           (check_url_status on the 2 KB page), as bench:load's two rows
import os from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { REPO_ROOT, arg, loadAverages, serviceRootArg, startNodeService, startService } from './service-process.js';
import type { ServiceProcess } from './service-process.js';
import { mainThreadClock, processCpuMs } from './thread-cpu.js';
import { percentile } from './stats.js';
import { scrapeMetrics } from './service-metrics.js';

const CONNS = (arg('conns') ?? '50,400,400,50').split(',').map(Number);
const DURATION_S = Number(arg('duration') ?? 6);
const SETTLE_S = Number(arg('settle') ?? 2);
const BIN_MS = Number(arg('bin') ?? 500);
/**
 * The tool of bench:load's row, its path, the target page it asks for, and the seconds of each
 * connection count a fresh service runs before the steps (status's main thread warms over about
 * 5,000 calls: bench/load.ts WARM_CALLS).
 */
const TOOLS = {
  content: { path: '/api/v1/tools/clean_web_content', page: '/article', warmSeconds: 5 },
  status: { path: '/api/v1/tools/check_url_status', page: '/page', warmSeconds: 10 },
} as const;
const TOOL = TOOLS[(arg('tool') ?? 'content') as keyof typeof TOOLS];
if (!TOOL) throw new Error(`--tool: one of ${Object.keys(TOOLS).join(', ')}`);

/** One scrape of the service's gauges that say what admission decides. */
interface Gauges {
  limit: number;
  running: number;
  queued: number;
  inFlight: number;
  shed: number;
  busy: number;
  loopMs: number;
}

async function gauges(origin: string): Promise<Gauges | null> {
  try {
    const m = await scrapeMetrics(origin, 2000);
    return {
      limit: m.value('urlkit_admission_limit'),
      running: m.value('urlkit_admission_running'),
      queued: m.value('urlkit_admission_queue_length'),
      inFlight: m.value('urlkit_tool_requests_in_flight'),
      shed: m.value('urlkit_admission_shed_total'),
      busy: m.value('urlkit_worker_busy'),
      loopMs: m.value('urlkit_event_loop_own_delay_seconds') * 1000,
    };
  } catch {
    return null;
  }
}

interface Bin {
  ok: number;
  other: number;
  latencies: number[];
  serviceCpuMs: number;
  mainRunMs: number;
  mainWaitMs: number;
  clientCpuMs: number;
  gauges: Gauges | null;
}

/** One autocannon run; when `bins` is given, answers and clocks are binned from `t0`. */
async function run(
  service: ServiceProcess,
  body: string,
  conns: number,
  seconds: number,
  bins?: { list: Bin[]; t0: number },
  amount?: number,
): Promise<{ ok: number; duration: number }> {
  let sampler: NodeJS.Timeout | undefined;
  const binAt = (t: number): Bin => {
    const list = bins!.list;
    const i = Math.max(0, Math.floor((t - bins!.t0) / BIN_MS));
    while (list.length <= i)
      list.push({
        ok: 0,
        other: 0,
        latencies: [],
        serviceCpuMs: 0,
        mainRunMs: 0,
        mainWaitMs: 0,
        clientCpuMs: 0,
        gauges: null,
      });
    return list[i]!;
  };
  if (bins) {
    const pid = service.child.pid;
    let last = { cpu: processCpuMs(pid) ?? 0, main: mainThreadClock(pid), own: process.cpuUsage() };
    // Clocks at each bin's end, charged to the bin that just ended.
    sampler = setInterval(() => {
      const t = performance.now() - BIN_MS / 2;
      const bin = binAt(t);
      const now = { cpu: processCpuMs(pid) ?? 0, main: mainThreadClock(pid), own: process.cpuUsage() };
      bin.serviceCpuMs = now.cpu - last.cpu;
      if (now.main && last.main) {
        bin.mainRunMs = now.main.runMs - last.main.runMs;
        bin.mainWaitMs = now.main.waitMs - last.main.waitMs;
      }
      bin.clientCpuMs = (now.own.user + now.own.system - last.own.user - last.own.system) / 1000;
      last = now;
      void gauges(service.origin).then((g) => (bin.gauges = g));
    }, BIN_MS);
  }
  try {
    const result = await new Promise<autocannon.Result>((done, fail) => {
      const tracker = autocannon(
        {
          url: `${service.origin}${TOOL.path}`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          connections: conns,
          duration: seconds,
          // A number of answers in place of a duration (autocannon's `amount` overrides it).
          ...(amount === undefined ? {} : { amount }),
          timeout: 30,
        },
        (err: Error | null, res) => (err ? fail(err) : done(res)),
      );
      if (bins)
        tracker.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
          const bin = binAt(performance.now());
          if (status >= 200 && status < 300) bin.ok++;
          else bin.other++;
          bin.latencies.push(ms);
        });
    });
    return { ok: result['2xx'], duration: result.duration };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

function printBins(label: string, conns: number, list: Bin[]): void {
  console.log(`\n${label}, ${conns} connections (load ${loadAverages()})`);
  if (BIN_MS < 1000)
    console.log('(limit to loop ms: /metrics, one render a second: up to 1 s old, repeated across bins)');
  const s = BIN_MS / 1000;
  const pct = (ms: number) => ((100 * ms) / BIN_MS).toFixed(0);
  const pick = (b: Bin, f: (g: Gauges) => number | string) => (b.gauges ? String(f(b.gauges)) : '-');
  const columns: Array<[string, (b: Bin, i: number) => string]> = [
    ['t s', (_b, i) => (i * s).toFixed(1)],
    ['2xx/s', (b) => (b.ok / s).toFixed(0)],
    ['other', (b) => String(b.other)],
    ['p50 ms', (b) => at(b.latencies, 0.5)],
    ['p99 ms', (b) => at(b.latencies, 0.99)],
    ['svc CPU %', (b) => pct(b.serviceCpuMs)],
    ['main run %', (b) => pct(b.mainRunMs)],
    ['main wait %', (b) => pct(b.mainWaitMs)],
    ['gen CPU %', (b) => pct(b.clientCpuMs)],
    ['limit', (b) => pick(b, (g) => g.limit)],
    ['running', (b) => pick(b, (g) => g.running)],
    ['queued', (b) => pick(b, (g) => g.queued)],
    ['in flight', (b) => pick(b, (g) => g.inFlight)],
    ['shed', (b) => pick(b, (g) => g.shed)],
    ['busy', (b) => pick(b, (g) => g.busy)],
    ['loop ms', (b) => pick(b, (g) => g.loopMs.toFixed(1))],
  ];
  console.log(columns.map(([h]) => h.padStart(6)).join(' | '));
  for (const [i, b] of list.entries())
    console.log(columns.map(([h, f]) => f(b, i).padStart(Math.max(6, h.length))).join(' | '));
}

/** A latency percentile of one bin's answers, in ms ('-' without answers). */
function at(latencies: number[], q: number): string {
  if (latencies.length === 0) return '-';
  return percentile(
    [...latencies].sort((x, y) => x - y),
    q,
  ).toFixed(0);
}

async function main(): Promise<void> {
  const site = await startNodeService(resolve(REPO_ROOT, 'dist/bench/load-target.js'), {}, '/healthz', '127.0.0.2');
  const body = JSON.stringify({ url: `${site.origin}${TOOL.page}` });
  const against = arg('against');
  const builds = [{ name: 'A', root: serviceRootArg() }];
  if (against) builds.push({ name: 'B', root: resolve(against) });
  console.log(
    `load-timeline: ${arg('tool') ?? 'content'}; ${builds.map((b) => `${b.name} ${b.root}`).join(', ')}; ` +
      `steps ${CONNS.join(', ')}; ` +
      `settle ${SETTLE_S} s, measured ${DURATION_S} s, bins ${BIN_MS} ms; ${os.availableParallelism()} cores; ` +
      `load at start ${loadAverages()}`,
  );
  const services = await Promise.all(builds.map((b) => startService(b.root, { URLKIT_ALLOW_CIDRS: '127.0.0.2/32' })));
  try {
    for (const s of services) for (const c of [...new Set(CONNS)]) await run(s, body, c, TOOL.warmSeconds);
    const summary: string[] = [];
    for (const [k, conns] of CONNS.entries()) {
      const order = k % 2 === 0 ? [...services.keys()] : [...services.keys()].reverse();
      for (const i of order) {
        const service = services[i]!;
        if (SETTLE_S > 0) await run(service, body, conns, SETTLE_S);
        const bins = { list: [] as Bin[], t0: performance.now() };
        const { ok, duration } = await run(service, body, conns, DURATION_S, bins);
        printBins(`step ${k} build ${builds[i]!.name}`, conns, bins.list);
        const rate = (from: number, to: number) => {
          const sel = bins.list.slice(Math.round(from / (BIN_MS / 1000)), Math.round(to / (BIN_MS / 1000)));
          return sel.reduce((n, b) => n + b.ok, 0) / Math.max(1e-9, sel.length * (BIN_MS / 1000));
        };
        const cpu = bins.list.reduce((n, b) => n + b.serviceCpuMs, 0);
        const answered = bins.list.reduce((n, b) => n + b.ok + b.other, 0);
        const parts =
          `first 1 s ${rate(0, 1).toFixed(0)}, 1-2 s ${rate(1, 2).toFixed(0)}, ` +
          `2 s to end ${rate(2, DURATION_S).toFixed(1)}`;
        summary.push(
          `step ${k} ${builds[i]!.name} ${String(conns).padStart(3)} conns: ${(ok / duration).toFixed(1)} 2xx/s ` +
            `(${parts}); ` +
            `service CPU ${(cpu / Math.max(1, answered)).toFixed(2)} ms/answer; load ${loadAverages()}`,
        );
        await sleep(1500);
      }
    }
    console.log('\n' + summary.join('\n'));
  } finally {
    await Promise.all(services.map((s) => s.stop()));
    await site.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
