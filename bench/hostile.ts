// npm run bench:hostile: do honest callers keep their service while a hostile caller attacks?
// The service runs as `npm start` runs it (default settings, browser off, plus
// URLKIT_ALLOW_CIDRS for the two loopback sites). Honest callers (4 client addresses, 2 calls a
// second each, sent on schedule whatever the answers, as independent users do) take turns of
// clean_web_content on a 100 KB article and get_url_metadata on a 2 KB page of an honest site
// (127.0.0.3), and check_url_status on a small page of the attacked site (127.0.0.2). For each
// hostile page of issue 31 that applies with the browser off, the bench measures the honest
// callers alone (quiet), then while one hostile caller (its own client address) sends that
// page at full concurrency (64 calls in flight), and prints per attack: honest p95 and p99 quiet
// and under attack (ratios against the quiet phases pooled), honest errors (any non-200 or item
// error), and the service's peak RSS summed over its process tree (PDF readers run in child
// processes). Goals (issue 31): p99 under attack within 2x quiet, no honest error, peak RSS
// within 400 MiB. Rows 3 and 13 need the browser and row 8 Redis mode: their regression tests
// cover them.
//
// Options: --service DIR (another build), --attacks 2,4,5,6,7,10 (rows to run), --seconds S
// (measuring time per phase, 20), --hostile N (hostile calls in flight, 64), --honest-rate N
// (calls a second per honest caller, 2), --trace (the service's own figures every second under
// attack, on stderr), --profile DIR (CPU profiles of the service's threads, written when it stops),
// --node-flags A,B (node or V8 flags for the service, e.g. --single-threaded-gc),
// --apart (the hostile caller calls a second service of the same build instead, with the worker
// threads it would hold in a shared one: the machine does the same work, but nothing of the
// attack shares the honest callers' service, so what remains of the honest p99's rise is what
// the attack's load on the machine's CPUs costs alone), --bytes-only R (rows 2, 5 and 7: no
// hostile caller at all, only a client that fetches the row's page from the attacked site R times
// a second and discards the bytes: what serving and moving the attack's bytes costs the machine
// by itself; take R from the "attacked site" column of a run without it).
// Also printed, as they move less than latencies when other work shares the machine: the CPU
// seconds of the service's main thread, its worker threads, its other threads (V8's platform
// threads, which collect every thread's garbage, and libuv's) and its child processes (PDF and
// large-page processes, those that ended in the phase included) over the measured phase under
// attack, the longest event-loop delay the service itself saw in it, and what the attacked site
// served meanwhile (the row's pages a second, and body MiB a second), and the worker threads that
// ended under attack by reason (the service's urlkit_worker_ends_total). With --trace, each quiet
// phase's figures too: per tool, the CPU of each kind of thread and of the child processes, and
// the worker threads started in it.
import { setMaxListeners } from 'node:events';
import os from 'node:os';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { fairReserve } from '../src/admission/fair-slots.js';
import { fatChainUrl } from '../test/support/hostile-pages.js';
import {
  BREAKDOWN_HEADER,
  BREAKDOWN_RULE,
  breakdownRow,
  breakdownSampler,
  memoryBreakdown,
  withMetrics,
} from './memory-breakdown.js';
import {
  REPO_ROOT,
  arg,
  loadAverages,
  serviceRootArg,
  startNodeService,
  startService,
  type ServiceProcess,
} from './service-process.js';
import { TICK_MS, childTicks, childTicksSpent, threadSplit, threadTicks, threadWatcher } from './thread-cpu.js';

const HOSTILE_HOST = '127.0.0.2';
const HONEST_HOST = '127.0.0.3';
const serviceRoot = serviceRootArg();
const SECONDS = Number(arg('seconds') ?? 20);
const HOSTILE_CALLS = Number(arg('hostile') ?? 64);
const HONEST_CALLERS = 4;
/** Calls each honest caller sends per second. */
const HONEST_RATE = Number(arg('honest-rate') ?? 2);
/** Time the attack runs before the honest callers are measured under it. */
const RAMP_S = 5;
const MAX_RSS_MIB = 400;

interface Attack {
  row: string;
  what: string;
  tool: string;
  body(origin: string, call: number): unknown;
  /** The attacked site's page this row fetches (for --bytes-only and the site's figures). */
  page?: string;
}

const ATTACKS: Attack[] = [
  {
    row: '2',
    what: 'a 96 KiB page of "<a" (main-thread scan)',
    tool: 'clean_web_content',
    body: (o) => ({ url: `${o}/scan-bomb` }),
    page: '/scan-bomb',
  },
  {
    row: '4',
    what: '100-item metadata batches of distinct 10-hop redirect chains with 15 KB Locations',
    tool: 'get_url_metadata',
    body: (o, i) => ({ items: Array.from({ length: 100 }, (_, k) => fatChainUrl(o, `${i}-${k}`)) }),
  },
  {
    row: '5',
    what: 'a 2.5 KB PDF that inflates to 1 GiB',
    tool: 'clean_web_content',
    body: (o, i) => ({ url: `${o}/pdf-bomb?call=${i}` }),
    page: '/pdf-bomb',
  },
  {
    row: '6',
    what: 'about 5 MiB, then a byte every 5 s',
    tool: 'clean_web_content',
    body: (o, i) => ({ url: `${o}/slow-tail?call=${i}`, timeout: 60 }),
  },
  {
    row: '7',
    what: '40-item metadata batches (include_content) of 5 MiB pages',
    tool: 'get_url_metadata',
    body: (o, i) => ({
      items: Array.from({ length: 40 }, (_, k) => `${o}/heavy?call=${i}&item=${k}`),
      include_content: true,
    }),
    page: '/heavy',
  },
  {
    row: '10',
    what: '100-item batches to a host that answers in 14 s',
    tool: 'get_url_metadata',
    body: (o, i) => ({ items: Array.from({ length: 100 }, (_, k) => `${o}/slow?call=${i}&item=${k}`), timeout: 15 }),
  },
];

/** A client address of its own, so the service sees a caller of its own. */
function callerAgent(address: string, connections: number): Agent {
  return new Agent({ connections, localAddress: address, headersTimeout: 300_000, bodyTimeout: 300_000 });
}

interface CallOutcome {
  ms: number;
  /** null: a 200 whose every item has no error. */
  error: string | null;
}

async function callTool(
  service: ServiceProcess,
  agent: Agent,
  tool: string,
  body: unknown,
  signal?: AbortSignal,
  /** Read the answer and drop it, unparsed (only its status counts). */
  discardAnswer = false,
): Promise<CallOutcome> {
  const started = performance.now();
  try {
    const res = await request(`${service.origin}/api/v1/tools/${tool}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      dispatcher: agent,
      ...(signal ? { signal } : {}),
    });
    if (discardAnswer) {
      // The hostile caller's answer is read and dropped, not parsed: parsing large answers on the
      // event loop that times the honest calls adds the bench's own stalls to their latencies.
      await pipeline(res.body, new Writable({ write: (_chunk, _encoding, done) => done() }));
      return { ms: performance.now() - started, error: res.statusCode === 200 ? null : `HTTP ${res.statusCode}` };
    }
    const json = (await res.body.json()) as {
      data?: { results?: Array<{ meta?: { error?: { code: string } } }> };
      error?: { code: string };
    };
    const ms = performance.now() - started;
    if (res.statusCode !== 200) return { ms, error: `HTTP ${res.statusCode} ${json.error?.code ?? ''}` };
    const failed = json.data?.results?.find((r) => r.meta?.error);
    return { ms, error: failed ? `${tool} ${failed.meta!.error!.code}` : null };
  } catch (err) {
    return { ms: performance.now() - started, error: `connection: ${(err as Error).message}` };
  }
}

interface Sites {
  hostile: string;
  honest: string;
}

/** The honest callers' plan: each call takes the next of these in turn. */
function honestCall(sites: Sites, n: number): { tool: string; body: unknown } {
  switch (n % 3) {
    case 0:
      return { tool: 'clean_web_content', body: { url: `${sites.honest}/article` } };
    case 1:
      return { tool: 'check_url_status', body: { url: `${sites.hostile}/page` } };
    default:
      return { tool: 'get_url_metadata', body: { url: `${sites.honest}/page` } };
  }
}

interface HonestFigures {
  calls: number;
  /** Each honest call: when it was sent (performance.now()), its tool and latency (ms). */
  timeline: Array<{ at: number; tool: string; ms: number }>;
  /** Every honest call's latency (ms), sorted. */
  latencies: number[];
  p50: number;
  p95: number;
  p99: number;
  errors: Map<string, number>;
  /** p99 by tool, for --trace. */
  byTool: string;
}

/**
 * The honest callers for `seconds`: each sends a call every 1/HONEST_RATE s on a fixed
 * schedule (open loop, as independent users do: a slow answer does not hold the next call
 * back), whatever the answers.
 */
async function honestPhase(service: ServiceProcess, agents: Agent[], sites: Sites, seconds: number) {
  const latencies: number[] = [];
  const timeline: HonestFigures['timeline'] = [];
  const perTool = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const calls: Promise<void>[] = [];
  let n = 0;
  const intervalMs = 1000 / HONEST_RATE;
  const started = performance.now();
  for (let k = 0; (k * intervalMs) / 1000 < seconds; k++) {
    const at = started + k * intervalMs;
    await sleep(Math.max(0, at - performance.now()));
    for (const agent of agents) {
      const { tool, body } = honestCall(sites, n++);
      const sentAt = performance.now();
      calls.push(
        callTool(service, agent, tool, body).then((out) => {
          latencies.push(out.ms);
          timeline.push({ at: sentAt, tool, ms: out.ms });
          perTool.set(tool, [...(perTool.get(tool) ?? []), out.ms]);
          if (out.error) errors.set(out.error, (errors.get(out.error) ?? 0) + 1);
        }),
      );
    }
  }
  await Promise.all(calls);
  const byTool = [...perTool]
    .map(([tool, xs]) => `${tool} p50 ${fmt(quantile(xs, 0.5))} p99 ${fmt(quantile(xs, 0.99))}`)
    .join(', ');
  return {
    calls: latencies.length,
    timeline,
    latencies: latencies.sort((a, b) => a - b),
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    errors,
    byTool,
  } satisfies HonestFigures;
}

/** The `p` quantile of `xs` (sorted here). */
function quantile(xs: number[], p: number): number {
  return xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;
}

/** The hostile caller: `calls` requests in flight, each sent again as soon as it is answered. */
function startHostile(service: ServiceProcess, agent: Agent, attack: Attack, sites: Sites) {
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  let sent = 0;
  let answered = 0;
  const loop = async () => {
    while (!stop.signal.aborted) {
      const call = attack.body(sites.hostile, sent++);
      const out = await callTool(service, agent, attack.tool, call, stop.signal, true);
      if (!stop.signal.aborted && !out.error?.startsWith('connection')) answered++;
    }
  };
  const loops = Array.from({ length: HOSTILE_CALLS }, loop);
  return {
    answered: () => answered,
    async stop() {
      stop.abort();
      await Promise.all(loops);
    },
  };
}

/** The service's own view, from /metrics: calls, workers, body memory, event-loop delay and memory. */
async function serviceView(service: ServiceProcess): Promise<string> {
  try {
    const text = await (await fetch(`${service.origin}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
    const v = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    const mib = (name: string) => (v(`urlkit_${name}`) / 2 ** 20).toFixed(0);
    const loopMs = (v('urlkit_nodejs_eventloop_lag_p99_seconds') * 1000).toFixed(0);
    const memory =
      `main RSS ${mib('process_resident_memory_bytes')} (heap ${mib('nodejs_heap_size_used_bytes')}/` +
      `${mib('nodejs_heap_size_total_bytes')}, external ${mib('nodejs_external_memory_bytes')}) MiB, ` +
      `tree RSS ${service.rssMiB().toFixed(0)} MiB`;
    return (
      `calls ${v('urlkit_admission_running')} running/${v('urlkit_admission_queue_length')} queued (limit ` +
      `${v('urlkit_admission_limit')}), workers ${v('urlkit_worker_busy')} busy/${v('urlkit_worker_queue_length')} ` +
      `queued, body memory ${mib('body_memory_bytes')} MiB/${v('urlkit_body_memory_waiting')} waiting, ` +
      `loop delay p99 ${loopMs} ms, ${memory}`
    );
  } catch {
    return 'no answer from /metrics';
  }
}

/**
 * The longest event-loop delay the service saw since the previous read (ms): prom-client resets
 * its delay histogram at every scrape of /metrics.
 */
async function loopDelayMaxMs(service: ServiceProcess): Promise<number> {
  try {
    const text = await (await fetch(`${service.origin}/metrics`, { signal: AbortSignal.timeout(10_000) })).text();
    return Number(/^urlkit_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1] ?? NaN) * 1000;
  } catch {
    return NaN;
  }
}

/** Worker threads ended since the service started, by reason (urlkit_worker_ends_total; none on a build without it). */
async function workerEnds(service: ServiceProcess): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  try {
    const text = await (await fetch(`${service.origin}/metrics`, { signal: AbortSignal.timeout(10_000) })).text();
    for (const m of text.matchAll(/^urlkit_worker_ends_total\{reason="(\w+)"\} (\d+)$/gm)) out.set(m[1]!, Number(m[2]));
  } catch {
    /* no answer: nothing to count */
  }
  return out;
}

/** The ends from `a` to `b` by reason, as "task_budget 2, crashed 1" ('0' for none, '-' without the metric). */
function endsText(a: Map<string, number>, b: Map<string, number>): string {
  if (b.size === 0) return '-';
  const moved = [...b].map(([k, v]) => [k, v - (a.get(k) ?? 0)] as const).filter(([, d]) => d > 0);
  return moved.map(([k, d]) => `${k} ${d}`).join(', ') || '0';
}

/** With --trace: the service's view every second until stopped. */
function traceService(service: ServiceProcess, label: string): () => void {
  if (!process.argv.includes('--trace')) return () => {};
  let on = true;
  void (async () => {
    while (on) {
      process.stderr.write(`${label}: ${await serviceView(service)}\n`);
      await sleep(1000);
    }
  })();
  return () => {
    on = false;
  };
}

/**
 * --bytes-only: no hostile caller, only a client that fetches `page` from the attacked site
 * `perSecond` times a second (each fetch on its own schedule, whatever the others do) and
 * discards the bytes.
 */
function startBytesOnly(agent: Agent, site: string, page: string, perSecond: number) {
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  const fetches: Promise<void>[] = [];
  let answered = 0;
  const fetchOne = async (i: number) => {
    try {
      const res = await request(`${site}${page}?bytes=${i}`, { dispatcher: agent, signal: stop.signal });
      await pipeline(res.body, new Writable({ write: (_chunk, _encoding, done) => done() }));
      answered++;
    } catch {
      /* stopped */
    }
  };
  void (async () => {
    const started = performance.now();
    for (let i = 0; !stop.signal.aborted; i++) {
      await sleep(Math.max(0, started + (i * 1000) / perSecond - performance.now()));
      if (!stop.signal.aborted) fetches.push(fetchOne(i));
    }
  })();
  return {
    answered: () => answered,
    async stop() {
      stop.abort();
      await Promise.all(fetches);
    },
  };
}

/** What the attacked site has served since it started (bench/hostile-site.ts /stats). */
async function siteServed(site: string): Promise<{ requests: Record<string, number>; bodyBytes: number }> {
  const res = await request(`${site}/stats`);
  return (await res.body.json()) as { requests: Record<string, number>; bodyBytes: number };
}

/** Waits until the service has no call running (the hostile calls stopped with their clients), at most 30 s. */
async function settle(service: ServiceProcess): Promise<void> {
  for (let i = 0; i < 60; i++) {
    try {
      const text = await (await fetch(`${service.origin}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
      if (/^urlkit_admission_running 0$/m.test(text)) break;
    } catch {
      /* busy: look again */
    }
    await sleep(500);
  }
  await sleep(2000);
}

const cpuS = (ticks: number) => ((ticks * TICK_MS) / 1000).toFixed(1);
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const errorsText = (e: Map<string, number>) =>
  e.size === 0
    ? '0'
    : [...e]
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')
        .replace(/\|/g, '/');

/** Children started so far: when one fails to start, the others are stopped, not left running. */
const started: ServiceProcess[] = [];
async function launch(starting: Promise<ServiceProcess>): Promise<ServiceProcess> {
  try {
    const child = await starting;
    started.push(child);
    return child;
  } catch (err) {
    await Promise.allSettled(started.map((c) => c.stop()));
    throw err;
  }
}

async function main(): Promise<void> {
  const rows = (arg('attacks') ?? ATTACKS.map((a) => a.row).join(',')).split(',');
  const bytesOnly = arg('bytes-only') === undefined ? null : Number(arg('bytes-only'));
  const attacks = ATTACKS.filter((a) => rows.includes(a.row) && (bytesOnly === null || a.page));
  const hostileSite = await launch(
    startNodeService(resolve(REPO_ROOT, 'dist/bench/hostile-site.js'), {}, '/healthz', HOSTILE_HOST),
  );
  const honestSite = await launch(
    startNodeService(
      resolve(REPO_ROOT, 'dist/bench/load-target.js'),
      { TARGET_HOST: HONEST_HOST },
      '/healthz',
      HONEST_HOST,
    ),
  );
  const sites = { hostile: hostileSite.origin, honest: honestSite.origin };
  const profileDir = arg('profile');
  const serviceEnv = { URLKIT_ALLOW_CIDRS: `${HOSTILE_HOST}/31` };
  // node refuses --cpu-prof and V8's own flags in NODE_OPTIONS (how startService passes node
  // options): a profiled service, or one given --node-flags, starts as `node <flags>
  // dist/src/main.js` with the allocator settings `npm start` gives it.
  const nodeFlags = [
    ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(profileDir)] : []),
    ...(arg('node-flags')?.split(',').filter(Boolean) ?? []),
  ];
  const allocator = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' };
  const service = await launch(
    nodeFlags.length > 0
      ? startNodeService(
          resolve(serviceRoot, 'dist/src/main.js'),
          { ...allocator, ...serviceEnv },
          '/healthz',
          '127.0.0.1',
          nodeFlags,
        )
      : startService(serviceRoot, serviceEnv),
  );
  // The second service gets the worker threads the hostile caller holds in a shared service (all
  // but the reserve kept for other callers), so the machine does the same work in both set-ups.
  const workers = Math.max(1, Math.min(4, os.availableParallelism()));
  const hostileWorkers = workers - fairReserve(workers);
  const apart = process.argv.includes('--apart')
    ? await launch(startService(serviceRoot, { ...serviceEnv, URLKIT_WORKER_THREADS: String(hostileWorkers) }))
    : null;
  const honestAgents = Array.from({ length: HONEST_CALLERS }, (_, i) => callerAgent(`127.0.0.${11 + i}`, 64));
  const hostileAgent = callerAgent('127.0.0.10', HOSTILE_CALLS);
  console.log(
    `bench:hostile: service ${[...nodeFlags, `${serviceRoot}/dist/src/main.js`].join(' ')}, ` +
      'default settings + URLKIT_ALLOW_CIDRS',
  );
  if (bytesOnly !== null)
    console.log(
      `--bytes-only ${bytesOnly}: no hostile caller; a client fetches each row's page from the attacked site ` +
        `${bytesOnly} times a second and discards the bytes`,
    );
  if (apart)
    console.log(
      `--apart: the hostile caller calls a second service of the same build (${hostileWorkers} worker ` +
        `thread(s), its share in a shared service), not the honest callers'`,
    );
  console.log(
    `honest: ${HONEST_CALLERS} callers x ${HONEST_RATE} calls/s (content 100 KB article, metadata 2 KB page, ` +
      `status of a page on the attacked host); hostile: 1 caller, ${HOSTILE_CALLS} calls in flight; ` +
      `${SECONDS} s per phase; node ${process.version}`,
  );
  console.log(`machine: ${os.availableParallelism()} cores, load average at start ${loadAverages()}\n`);
  const results: Array<{ attack: Attack; quiet: HonestFigures; loud: HonestFigures; rest: string; fine: boolean }> = [];
  const breakdowns: string[] = [];
  let overallPeak = 0;
  try {
    await honestPhase(service, honestAgents, sites, 5); // warm-up: workers, JIT, connections
    breakdowns.push(
      breakdownRow('after warm-up', await withMetrics(memoryBreakdown(service.child.pid!), service.origin)),
    );
    for (const attack of attacks) {
      const quietCpu0 = threadTicks(service.child.pid!);
      const quietChildren0 = childTicks(service.child.pid!);
      const quiet = await honestPhase(service, honestAgents, sites, SECONDS);
      if (process.argv.includes('--trace')) {
        // What else ran while the honest callers were alone: a thread id not there before is a
        // worker thread started in the phase (a grown worker replaced, or a new one).
        const quietCpu1 = threadTicks(service.child.pid!);
        const split = threadSplit(quietCpu0, quietCpu1, workers);
        const fresh = [...quietCpu1.keys()].filter((k) => !quietCpu0.has(k)).length;
        const children = childTicksSpent(quietChildren0, childTicks(service.child.pid!));
        process.stderr.write(
          `quiet before row ${attack.row}: ${quiet.byTool}; CPU s main ${cpuS(split.main)}, workers ` +
            `${cpuS(split.workers)}, other ${cpuS(split.other)}, child processes ${cpuS(children)}; ` +
            `${fresh} thread(s) started; ${await serviceView(service)}\n`,
        );
      }
      const rss = breakdownSampler(service.child.pid!, service.origin, () => service.rssMiB());
      const hostile =
        bytesOnly !== null
          ? startBytesOnly(hostileAgent, sites.hostile, attack.page!, bytesOnly)
          : startHostile(apart ?? service, hostileAgent, attack, sites);
      await sleep(RAMP_S * 1000);
      const untrace = traceService(service, `row ${attack.row}`);
      await loopDelayMaxMs(service);
      const cpu0 = threadTicks(service.child.pid!);
      const children0 = childTicks(service.child.pid!);
      const served0 = await siteServed(sites.hostile);
      const ends0 = await workerEnds(service);
      const phaseStart = performance.now();
      const threads = threadWatcher(service.child.pid!, phaseStart);
      const loud = await honestPhase(service, honestAgents, sites, SECONDS);
      const threadEvents = threads.stop();
      const ends = endsText(ends0, await workerEnds(service));
      const served1 = await siteServed(sites.hostile);
      const phaseS = (performance.now() - phaseStart) / 1000;
      const pages = attack.page ? (served1.requests[attack.page] ?? 0) - (served0.requests[attack.page] ?? 0) : NaN;
      const mibS = (served1.bodyBytes - served0.bodyBytes) / 2 ** 20 / phaseS;
      const siteRate = `${(pages / phaseS).toFixed(2)} / ${mibS.toFixed(1)}`;
      const cpu = threadSplit(cpu0, threadTicks(service.child.pid!), workers);
      const childCpu = childTicksSpent(children0, childTicks(service.child.pid!));
      const stallMs = await loopDelayMaxMs(service);
      untrace();
      if (process.argv.includes('--trace')) {
        // When the slow honest calls were sent, beside when worker threads started and ended:
        // does a slow call wait for a thread that is starting (a grown worker's replacement)?
        const slowMs = 2 * quiet.p99;
        const slow = loud.timeline
          .filter((c) => c.ms > slowMs)
          .map((c) => `${((c.at - phaseStart) / 1000).toFixed(1)}s ${c.tool.split('_')[0]} ${fmt(c.ms)}`);
        const secs = (xs: number[]) => xs.map((t) => (t / 1000).toFixed(1)).join(' ') || '-';
        process.stderr.write(
          `row ${attack.row}: ${loud.byTool}\n` +
            `row ${attack.row} under attack: threads started at ${secs(threadEvents.born)} s, ended at ` +
            `${secs(threadEvents.ended)} s; honest calls over ${fmt(slowMs)} ms (2x this row's quiet p99), ` +
            `sent at: ${slow.join(', ') || 'none'}\n`,
        );
      }
      const { peak, at } = await rss.stop();
      if (at) breakdowns.push(breakdownRow(attack.row, at));
      overallPeak = Math.max(overallPeak, peak);
      const hostileAnswered = hostile.answered();
      await hostile.stop();
      await settle(service);
      if (apart) await settle(apart);
      const rest =
        `${loud.calls} | ${errorsText(loud.errors)} | ${hostileAnswered} | ${fmt(peak)} | ` +
        `${threadEvents.born.length} / ${threadEvents.ended.length} | ${ends} | ${cpuS(cpu.main)} | ` +
        `${cpuS(cpu.workers)} | ${cpuS(cpu.other)} | ${cpuS(childCpu)} | ` +
        `${fmt(stallMs)} | ${siteRate} |`;
      results.push({ attack, quiet, loud, rest, fine: loud.errors.size === 0 && peak <= MAX_RSS_MIB });
      process.stderr.write(
        `row ${attack.row}: quiet p95/p99 ${fmt(quiet.p95)}/${fmt(quiet.p99)} ms, ` +
          `under attack ${fmt(loud.p95)}/${fmt(loud.p99)} ms | ${rest}\n`,
      );
    }
  } finally {
    await Promise.all([...honestAgents, hostileAgent].map((a) => a.close()));
    await service.stop();
    await apart?.stop();
    await Promise.all([hostileSite.stop(), honestSite.stop()]);
  }
  // The quiet phases are the same honest load, so their calls are pooled: a phase has only
  // SECONDS x 8 calls, and its own p99 is then its slowest call or two, which one noisy call
  // decides. Each row is measured against the pooled quiet figures, its own beside them.
  const pooled = results.flatMap((r) => r.quiet.latencies);
  const quietP95 = quantile(pooled, 0.95);
  const quietP99 = quantile(pooled, 0.99);
  let verdict = true;
  console.log(
    `honest quiet, all quiet phases pooled (${pooled.length} calls): p50 ${fmt(quantile(pooled, 0.5))} ms, ` +
      `p95 ${fmt(quietP95)} ms, p99 ${fmt(quietP99)} ms\n`,
  );
  console.log(
    '| row | the hostile caller sends | honest p95 / p99 quiet, this phase ms | honest p95 under attack ms | ' +
      'honest p99 under attack ms | ratio p95 | ratio p99 | honest calls | honest errors | ' +
      'hostile calls answered | peak RSS MiB | threads started / ended under attack | ' +
      'worker ends under attack by reason (/metrics) | ' +
      'CPU s under attack: main thread | worker threads | ' +
      'other threads (V8 GC and compilers, libuv) | child processes (PDF, large pages) | ' +
      'longest event-loop delay under attack ms | attacked site under attack: pages of the row/s / body MiB/s |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const ratio = r.loud.p99 / quietP99;
    verdict &&= r.fine && ratio <= 2;
    console.log(
      `| ${r.attack.row} | ${r.attack.what} | ${fmt(r.quiet.p95)} / ${fmt(r.quiet.p99)} | ${fmt(r.loud.p95)} | ` +
        `${fmt(r.loud.p99)} | ${(r.loud.p95 / quietP95).toFixed(2)} | ${ratio.toFixed(2)} | ${r.rest}`,
    );
  }
  console.log(
    '\nWhere the memory was at the highest sample of each row that the breakdown was read at (MiB; ' +
      'smaps of the service process, /metrics for V8; worker heaps are as last reported):',
  );
  console.log(BREAKDOWN_HEADER);
  console.log(BREAKDOWN_RULE);
  for (const line of breakdowns) console.log(line);
  console.log(
    `\ngoals: honest p99 under attack <= 2x the pooled quiet p99, 0 honest errors, peak RSS <= ${MAX_RSS_MIB} MiB: ` +
      `${verdict ? 'met' : 'NOT met'} (peak RSS over all attacks ${fmt(overallPeak)} MiB)`,
  );
  console.log(`load average at the end ${loadAverages()}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
