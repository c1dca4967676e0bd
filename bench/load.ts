// npm run bench:load: the service as a new user runs it (`npm start`: a child process with the
// default settings, plus URLKIT_ALLOW_CIDRS for the loopback target), a loopback target site (a
// ~100 KB news article from the development corpus and a 2 KB page, bench/load-target.ts, in its
// own process), and autocannon load at
// 1 to 800 connections, on clean_web_content (the article) and check_url_status (the page).
// Prints, per step: answered/s, 2xx/s, 429s, 503s (shed), connection errors and timeouts,
// p50/p99 of all answers and p99 of the 2xx answers, the service's peak RSS, its main thread's CPU
// per answer and time waiting for a CPU, the CPU per answer of the whole service, of the load
// generator (autocannon, in this process) and of the target site, and the machine's load. With content, a
// Readability-on-linkedom service (bench/readability-service.ts) takes a 50-connection step in
// every round, next to ours (before them in odd rounds), and the ratio reported is the median of
// the rounds' own ratios: the peer's rate moves with the machine as much as ours does.
//
// Options: --service DIR   run DIR/dist/src/main.js instead of this checkout's (a "before" build)
//          --against DIR   also run DIR's build (B) against this one (A), each step on A then B
//                          (B then A in odd rounds), so both see the same machine minute by minute
//          --env K=V,K=V   settings added to A's environment (e.g. URLKIT_MAX_IN_FLIGHT=100)
//          --env-b K=V     settings added to B's environment; without --against, B is this build
//                          again, so two settings of one build run interleaved
//          --duration S    seconds per step (default 6)
//          --settle S      seconds of the same load before each step, not counted (default 2)
//          --continuous    the settle seconds are the start of the step's own run (the same
//                          connections, kept open), and only answers after them are counted: the
//                          step then leaves out opening its connections and the calls the run
//                          before it abandoned (bench/load-timeline.ts shows both), which by
//                          default it pays for at every step, and more at 400 connections
//          --warm-calls N  answered calls of each tool, not counted, that a fresh service takes
//                          before its first step, split over the connection counts of --conns
//                          (default 5000 for status, about where the main thread's CPU per
//                          answer stopped falling on a fresh service; 500 for content)
//          --conns 1,10,50 connection counts (default 1,10,50,200,400,800)
//          --tools content,status   which rows (default both)
//          --rounds N      run the connection steps N times, every other round in reverse order
//                          (default 1). The 400/50 ratios are read per pair of rounds, one in each
//                          order, and the median of the pairs is reported with its spread
//                          (load-ratios.ts): on a shared machine one step can swing by a third, and
//                          the service gets faster through a run, so a step's place in the order
//                          moves a single round's ratio as much as the connection count does.
//          --profile DIR   write a V8 CPU profile of each service (--cpu-prof) into DIR (the service
//                          then starts as `node dist/src/main.js`, which restarts itself with npm
//                          start's settings: src/cli/start-settings.ts)
import os from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import {
  REPO_ROOT,
  arg,
  loadAverages,
  rssSampler,
  serviceRootArg,
  startNodeService,
  startService,
  type ServiceProcess,
} from './service-process.js';

import { fmt, printHeader, printRow, type Row } from './load-table.js';
import { capacityRatio, formatRatio } from './load-ratios.js';
import { mainThreadClock, processCpuMs } from './thread-cpu.js';
import { scrapeMetrics } from './service-metrics.js';
import { median, percentile } from './stats.js';
const TARGET_HOST = '127.0.0.2';
const serviceRoot = serviceRootArg();
const DURATION_S = Number(arg('duration') ?? 6);
const SETTLE_S = Number(arg('settle') ?? 2);
const CONTINUOUS = process.argv.includes('--continuous');
const CONNS = (arg('conns') ?? '1,10,50,200,400,800').split(',').map(Number);
const TOOLS = (arg('tools') ?? 'content,status').split(',');
const ROUNDS = Math.max(1, Number(arg('rounds') ?? 1));
const PROFILE_DIR = arg('profile');
/**
 * Calls a fresh service answers before a tool's first reported step. A count, not a time: the
 * JIT warms with calls served, and a loaded machine serves fewer per second. On a fresh service
 * the main thread's CPU per status answer fell from 3.6-4.2 ms to 0.6-0.8 over its first ~4,000
 * calls (50 connections, 3 s steps, load average 10-12), so a warm-up of a few seconds left the
 * first reported steps cold.
 */
const WARM_CALLS: Record<string, number> = {
  clean_web_content: Number(arg('warm-calls') ?? 500),
  check_url_status: Number(arg('warm-calls') ?? 5000),
};
/** Connections of the peer's step, and of ours it is compared with. */
const PEER_CONNS = 50;
const PEER_LABEL = 'Readability+linkedom service';

/** CPU time of the service, this process and the target site so far, in ms. */
function cpuClocks(service: ServiceProcess): { service: number | null; client: number; target: number | null } {
  const own = process.cpuUsage();
  return {
    service: processCpuMs(service.child.pid),
    client: (own.user + own.system) / 1000,
    target: targetPid === undefined ? null : processCpuMs(targetPid),
  };
}

/** The target site's process id, once it is started (main()). */
let targetPid: number | undefined;

/** Admission limit, shed count and worker utilisation as the service reports them. */
async function serviceView(origin: string): Promise<string> {
  try {
    const m = await scrapeMetrics(origin, 5000);
    const limit = m.value('urlkit_admission_limit');
    if (Number.isNaN(limit)) return '-';
    const shed = m.value('urlkit_admission_shed_total');
    const busy = (m.value('urlkit_worker_utilisation') * 100).toFixed(0);
    const own = m.value('urlkit_event_loop_own_delay_seconds');
    const loop = Number.isNaN(own) ? '' : `, own loop delay ${(own * 1000).toFixed(1)} ms`;
    return `limit ${limit}, shed ${shed}, workers ${busy}% busy${loop}`;
  } catch {
    return '-';
  }
}

async function step(
  label: string,
  service: ServiceProcess,
  path: string,
  body: unknown,
  conns: number,
  durationS = DURATION_S,
  round = -1,
  amount?: number,
  /** Seconds at the start of the run not counted (--continuous). */
  uncountedS = 0,
): Promise<Row> {
  const okLatencies: number[] = [];
  const all: number[] = [];
  const codes = new Map<number, number>();
  const rss = rssSampler(() => service.rssMiB());
  let clock0 = mainThreadClock(service.child.pid);
  let cpu0 = cpuClocks(service);
  let t0 = performance.now();
  const countFrom = t0 + uncountedS * 1000;
  const counting =
    uncountedS > 0
      ? setTimeout(() => {
          clock0 = mainThreadClock(service.child.pid);
          cpu0 = cpuClocks(service);
          t0 = performance.now();
        }, uncountedS * 1000)
      : undefined;
  const result = await new Promise<autocannon.Result>((resolveRun, reject) => {
    const tracker = autocannon(
      {
        url: service.origin + path,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        connections: conns,
        duration: durationS + uncountedS,
        // A number of answers in place of a duration (autocannon's `amount` overrides it).
        ...(amount === undefined ? {} : { amount }),
        // Long enough that a call waiting its whole queueing budget (10 s) plus its work is an
        // answer, not a client-side timeout.
        timeout: 30,
      },
      (err: Error | null, res) => (err ? reject(err) : resolveRun(res)),
    );
    tracker.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (performance.now() < countFrom) return;
      all.push(ms);
      codes.set(status, (codes.get(status) ?? 0) + 1);
      if (status >= 200 && status < 300) okLatencies.push(ms);
    });
  });
  clearTimeout(counting);
  const peakRss = rss.stop();
  const clock1 = mainThreadClock(service.child.pid);
  const cpu1 = cpuClocks(service);
  const wallMs = performance.now() - t0;
  const admission = await serviceView(service.origin);
  okLatencies.sort((a, b) => a - b);
  all.sort((a, b) => a - b);
  const count = (c: number) => codes.get(c) ?? 0;
  const answered = all.length;
  const ok = okLatencies.length;
  // The counted seconds: autocannon's own duration, less the uncounted start.
  const seconds = result.duration - uncountedS;
  return {
    label,
    conns,
    round,
    answeredPerS: answered / seconds,
    okPerS: ok / seconds,
    r429: count(429),
    r503: count(503),
    otherNon2xx: answered - ok - count(429) - count(503),
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    p50: percentile(all, 0.5),
    p99: percentile(all, 0.99),
    p99ok: percentile(okLatencies, 0.99),
    peakRss,
    main:
      clock0 && clock1
        ? {
            cpuPerAnswerMs: (clock1.runMs - clock0.runMs) / Math.max(1, answered),
            runPct: (100 * (clock1.runMs - clock0.runMs)) / wallMs,
            waitPct: (100 * (clock1.waitMs - clock0.waitMs)) / wallMs,
          }
        : null,
    cpu:
      cpu0.service !== null && cpu1.service !== null && cpu0.target !== null && cpu1.target !== null
        ? {
            serviceMs: (cpu1.service - cpu0.service) / Math.max(1, answered),
            clientMs: (cpu1.client - cpu0.client) / Math.max(1, answered),
            targetMs: (cpu1.target - cpu0.target) / Math.max(1, answered),
          }
        : null,
    load1: os.loadavg()[0]!,
    admission,
  };
}

/** `K=V,K=V` as an environment. */
function envArg(name: string): Record<string, string> {
  const pairs = (arg(name) ?? '').split(',').filter((p) => p.includes('='));
  return Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
}

/**
 * The builds under test: this one (or --service), and with --against or --env-b another (or the
 * same build with other settings), step by step in turn.
 */
function builds(): Array<{ name: string; root: string; env: Record<string, string> }> {
  const against = arg('against');
  const second = against !== undefined || arg('env-b') !== undefined;
  const list = [{ name: second ? 'A' : '', root: serviceRoot, env: envArg('env') }];
  if (second) list.push({ name: 'B', root: resolve(against ?? serviceRoot), env: envArg('env-b') });
  return list;
}

async function main(): Promise<void> {
  const site = await startNodeService(resolve(REPO_ROOT, 'dist/bench/load-target.js'), {}, '/healthz', TARGET_HOST);
  const target = { origin: site.origin, close: () => site.stop() };
  targetPid = site.child.pid;
  const articleKB = (await (await fetch(`${target.origin}/article`)).arrayBuffer()).byteLength / 1024;
  const rows: Row[] = [];
  const under = builds();
  for (const b of under)
    console.log(
      `bench:load: ${b.name ? `build ${b.name}: ` : ''}service ${b.root}/dist/src/main.js, default settings + ` +
        `URLKIT_ALLOW_CIDRS=${TARGET_HOST}/32` +
        Object.entries(b.env)
          .map(([k, v]) => ` ${k}=${v}`)
          .join(''),
    );
  if (under.length > 1) console.log('builds A and B run each step in turn (B first in odd rounds), one at a time');
  console.log(
    `article ${articleKB.toFixed(0)} KB, page 2 KB (target site in its own process), ${DURATION_S} s per step, ` +
      `node ${process.version}`,
  );
  console.log(
    `warm-up before each tool's first step, not reported: ` +
      Object.entries(WARM_CALLS)
        .filter(([tool]) => TOOLS.includes(tool === 'check_url_status' ? 'status' : 'content'))
        .map(([tool, calls]) => `${tool} ${calls} calls`)
        .join(', ') +
      ` over connection counts ${[...new Set(CONNS)].join(', ')}`,
  );
  console.log(`machine: ${os.availableParallelism()} cores, load average at start ${loadAverages()}\n`);
  printHeader();
  try {
    const services = await Promise.all(
      under.map((b) => {
        const env = { ...b.env, URLKIT_ALLOW_CIDRS: `${TARGET_HOST}/32` };
        // node refuses --cpu-prof in NODE_OPTIONS (how startService passes node options), so a
        // profiled service is started as plain `node dist/src/main.js`.
        if (!PROFILE_DIR) return startService(b.root, env);
        const prof = ['--cpu-prof', '--cpu-prof-dir', resolve(PROFILE_DIR)];
        return startNodeService(resolve(b.root, 'dist/src/main.js'), env, '/healthz', '127.0.0.1', prof);
      }),
    );
    const peer = TOOLS.includes('content')
      ? await startNodeService(resolve(REPO_ROOT, 'dist/bench/readability-service.js'), {}, '/')
      : null;
    try {
      const idle = services.map((s) => s.rssMiB());
      const plan: Array<[string, string, unknown]> = [];
      if (TOOLS.includes('content'))
        plan.push(['clean_web_content', '/api/v1/tools/clean_web_content', { url: `${target.origin}/article` }]);
      if (TOOLS.includes('status'))
        plan.push(['check_url_status', '/api/v1/tools/check_url_status', { url: `${target.origin}/page` }]);
      const labelOf = (tool: string, i: number) => (under[i]!.name ? `${tool} (${under[i]!.name})` : tool);
      for (const [tool, path, body] of plan) {
        // Warm-up (not reported): worker threads start, JIT compiles, sockets open. A fixed number
        // of answers, at each connection count of the run, so the first reported step is not the
        // only one that paid for compiling the tool's path.
        const distinct = [...new Set(CONNS)];
        const perConns = Math.ceil(WARM_CALLS[tool]! / distinct.length);
        for (const [i, service] of services.entries())
          for (const conns of distinct)
            if (perConns > 0)
              // autocannon wants at least one answer per connection.
              await step(labelOf(tool, i), service, path, body, conns, DURATION_S, -1, Math.max(perConns, conns));
        const withPeer = tool === 'clean_web_content' ? peer : null;
        const peerBody = { url: `${target.origin}/article` };
        if (withPeer) await step('warm-up', withPeer, '/clean', peerBody, 4, 3);
        await sleep(500);
        const run = async (label: string, svc: ServiceProcess, p: string, b: unknown, conns: number, round: number) => {
          // The same load first, not counted: a service idle while the others took their steps has
          // let its worker threads go (idle recycling) and starts cold; the step measures the rate
          // a caller who keeps calling gets. The scrape after it also restarts the service's
          // worker-utilisation window, so the step's "workers busy" is the step's own.
          if (SETTLE_S > 0 && !CONTINUOUS) await step(label, svc, p, b, conns, SETTLE_S);
          const row = await step(label, svc, p, b, conns, DURATION_S, round, undefined, CONTINUOUS ? SETTLE_S : 0);
          rows.push(row);
          printRow(row);
          await sleep(1500); // let closed connections and any leftover queue settle
        };
        for (let round = 0; round < ROUNDS; round++) {
          const steps = round % 2 === 0 ? CONNS : [...CONNS].reverse();
          for (const conns of steps) {
            // The peer's step sits beside ours at its connection count (or ends the round).
            const peerHere =
              withPeer && (conns === PEER_CONNS || (!CONNS.includes(PEER_CONNS) && conns === steps.at(-1)));
            const units: Array<() => Promise<void>> = [...services.keys()].map(
              (i) => () => run(labelOf(tool, i), services[i]!, path, body, conns, round),
            );
            if (peerHere) units.push(() => run(PEER_LABEL, withPeer, '/clean', peerBody, PEER_CONNS, round));
            for (const unit of round % 2 === 0 ? units : units.reverse()) await unit();
          }
        }
      }
      for (const [i, service] of services.entries())
        console.log(
          `\n${under[i]!.name ? `build ${under[i]!.name}: ` : ''}service idle RSS at start ${fmt(idle[i]!)} MiB, ` +
            `after the steps ${fmt(service.rssMiB())} MiB`,
        );
    } finally {
      await Promise.all([...services, ...(peer ? [peer] : [])].map((s) => s.stop()));
    }
  } finally {
    await target.close();
  }

  console.log('');
  for (const b of under) {
    const name = (tool: string) => (b.name ? `${tool} (${b.name})` : tool);
    // Each round's ratio from that round's own steps, then their median.
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const at = (label: string, conns: number) =>
        rows.find((r) => r.label === label && r.conns === conns && r.round === round);
      const ours = at(name('clean_web_content'), PEER_CONNS);
      const theirs = at(PEER_LABEL, PEER_CONNS);
      if (ours && theirs && theirs.okPerS > 0) ratios.push(ours.okPerS / theirs.okPerS);
    }
    const ratio = median(ratios);
    if (!Number.isNaN(ratio))
      console.log(
        `${b.name ? `${b.name}: ` : ''}content 2xx/s at ${PEER_CONNS} conns / Readability service's: ` +
          `${fmt(ratio, 2)}x (goal >= 5x)` +
          (ratios.length > 1 ? ` (median of the rounds' ratios ${ratios.map((x) => fmt(x, 2)).join(', ')})` : ''),
      );
    for (const tool of ['clean_web_content', 'check_url_status'])
      for (const conns of [200, 400, 800]) {
        const ratio = capacityRatio(rows, name(tool), conns, 50, ROUNDS);
        if (ratio) console.log(formatRatio(name(tool), conns, 50, ratio));
      }
  }
  const errs = rows.filter((r) => r.label !== PEER_LABEL).reduce((n, r) => n + r.errors + r.timeouts, 0);
  console.log(`connection errors + timeouts over all service steps: ${errs} (goal 0)`);
  console.log(
    `load average at the end ${loadAverages()} ` +
      '(other work on the machine skews absolute numbers; the ratios are from one run)',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
