// npm run bench:load: the service as a new user runs it (`npm start`: a child process with the
// default settings, plus URLKIT_ALLOW_CIDRS for the loopback target), a loopback target site (a
// ~100 KB news article from the development corpus and a 2 KB page, bench/load-target.ts, in its
// own process), and autocannon load at
// 1 to 800 connections, on clean_web_content (the article) and check_url_status (the page).
// Prints, per step: answered/s, 2xx/s, 429s, 503s (shed), connection errors and timeouts,
// p50/p99 of all answers and p99 of the 2xx answers, and the service's peak RSS. Then one line for
// a Readability-on-linkedom service (bench/readability-service.ts) started the same way, so the
// ratio is measured in the same run.
//
// Options: --service DIR   run DIR/dist/src/main.js instead of this checkout's (a "before" build)
//          --against DIR   also run DIR's build (B) against this one (A), each step on A then B
//                          (B then A in odd rounds), so both see the same machine minute by minute
//          --duration S    seconds per step (default 6)
//          --conns 1,10,50 connection counts (default 1,10,50,200,400,800)
//          --tools content,status   which rows (default both)
//          --rounds N      run the connection steps N times, every other round in reverse order,
//                          and take the ratios from each step's median 2xx/s (default 1). On a
//                          shared machine one step can swing by a third; the median of several
//                          interleaved rounds is what the ratios should rest on.
//          --profile DIR   write a V8 CPU profile of each service (--cpu-prof) into DIR (the service
//                          then starts as `node dist/src/main.js`, without npm start's settings)
import os from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import {
  REPO_ROOT,
  arg,
  rssSampler,
  serviceRootArg,
  startNodeService,
  startService,
  type ServiceProcess,
} from './service-process.js';

const TARGET_HOST = '127.0.0.2';
const serviceRoot = serviceRootArg();
const DURATION_S = Number(arg('duration') ?? 6);
const CONNS = (arg('conns') ?? '1,10,50,200,400,800').split(',').map(Number);
const TOOLS = (arg('tools') ?? 'content,status').split(',');
const ROUNDS = Math.max(1, Number(arg('rounds') ?? 1));
const PROFILE_DIR = arg('profile');

interface Row {
  label: string;
  conns: number;
  answeredPerS: number;
  okPerS: number;
  r429: number;
  r503: number;
  otherNon2xx: number;
  errors: number;
  timeouts: number;
  p50: number;
  p99: number;
  p99ok: number;
  peakRss: number;
  /** The service's own view after the step (from /metrics; '-' for a build without them). */
  admission: string;
}

/** Admission limit, shed count and worker utilisation as the service reports them. */
async function serviceView(origin: string): Promise<string> {
  try {
    const text = await (await fetch(`${origin}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
    const value = (name: string) =>
      text
        .split('\n')
        .find((l) => l.startsWith(name + ' '))
        ?.split(' ')[1];
    const shed = text
      .split('\n')
      .filter((l) => l.startsWith('urlkit_admission_shed_total{'))
      .reduce((n, l) => n + Number(l.split(' ')[1]), 0);
    const limit = value('urlkit_admission_limit');
    if (limit === undefined) return '-';
    const busy = (Number(value('urlkit_worker_utilisation')) * 100).toFixed(0);
    return `limit ${limit}, shed ${shed}, workers ${busy}% busy`;
  } catch {
    return '-';
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function step(
  label: string,
  service: ServiceProcess,
  path: string,
  body: unknown,
  conns: number,
  durationS = DURATION_S,
): Promise<Row> {
  const okLatencies: number[] = [];
  const all: number[] = [];
  const rss = rssSampler(() => service.rssMiB());
  const result = await new Promise<autocannon.Result>((resolveRun, reject) => {
    const tracker = autocannon(
      {
        url: service.origin + path,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        connections: conns,
        duration: durationS,
        // Long enough that a call waiting its whole queueing budget (10 s) plus its work is an
        // answer, not a client-side timeout.
        timeout: 30,
      },
      (err: Error | null, res) => (err ? reject(err) : resolveRun(res)),
    );
    tracker.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      all.push(ms);
      if (status >= 200 && status < 300) okLatencies.push(ms);
    });
  });
  const peakRss = rss.stop();
  const admission = await serviceView(service.origin);
  okLatencies.sort((a, b) => a - b);
  all.sort((a, b) => a - b);
  const codes = (result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats ?? {};
  const count = (c: string) => codes[c]?.count ?? 0;
  const answered = all.length;
  const ok = result['2xx'];
  return {
    label,
    conns,
    answeredPerS: answered / result.duration,
    okPerS: ok / result.duration,
    r429: count('429'),
    r503: count('503'),
    otherNon2xx: result.non2xx - count('429') - count('503'),
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    p99ok: percentile(okLatencies, 99),
    peakRss,
    admission,
  };
}

function fmt(n: number, digits = 0): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}

function printHeader(): void {
  console.log(
    '| tool | conns | answered/s | 2xx/s | 429 | 503 shed | other non-2xx | conn errors | timeouts | p50 ms | ' +
      'p99 ms | p99 2xx ms | peak RSS MiB | service after the step |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
}

function printRow(r: Row): void {
  console.log(
    `| ${r.label} | ${r.conns} | ${fmt(r.answeredPerS)} | ${fmt(r.okPerS)} | ${r.r429} | ${r.r503} | ` +
      `${r.otherNon2xx} | ${r.errors} | ${r.timeouts} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.p99ok)} | ` +
      `${fmt(r.peakRss)} | ${r.admission} |`,
  );
}

/** The builds under test: this one (or --service), and with --against another, step by step in turn. */
function builds(): Array<{ name: string; root: string }> {
  const against = arg('against');
  const list = [{ name: against ? 'A' : '', root: serviceRoot }];
  if (against) list.push({ name: 'B', root: resolve(against) });
  return list;
}

function median(xs: number[]): number | undefined {
  if (xs.length === 0) return undefined;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  const site = await startNodeService(resolve(REPO_ROOT, 'dist/bench/load-target.js'), {}, '/healthz', TARGET_HOST);
  const target = { origin: site.origin, close: () => site.stop() };
  const articleKB = (await (await fetch(`${target.origin}/article`)).arrayBuffer()).byteLength / 1024;
  const rows: Row[] = [];
  const under = builds();
  for (const b of under)
    console.log(
      `bench:load: ${b.name ? `build ${b.name}: ` : ''}service ${b.root}/dist/src/main.js, default settings + ` +
        `URLKIT_ALLOW_CIDRS=${TARGET_HOST}/32`,
    );
  if (under.length > 1) console.log('builds A and B run each step in turn (B first in odd rounds), one at a time');
  console.log(
    `article ${articleKB.toFixed(0)} KB, page 2 KB (target site in its own process), ${DURATION_S} s per step, ` +
      `node ${process.version}`,
  );
  console.log(
    `machine: ${os.availableParallelism()} cores, load average at start ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}\n`,
  );
  printHeader();
  try {
    const services = await Promise.all(
      under.map((b) => {
        const env = { URLKIT_ALLOW_CIDRS: `${TARGET_HOST}/32` };
        // node refuses --cpu-prof in NODE_OPTIONS (how startService passes node options), so a
        // profiled service is started as plain `node dist/src/main.js`.
        if (!PROFILE_DIR) return startService(b.root, env);
        const prof = ['--cpu-prof', '--cpu-prof-dir', resolve(PROFILE_DIR)];
        return startNodeService(resolve(b.root, 'dist/src/main.js'), env, '/healthz', '127.0.0.1', prof);
      }),
    );
    try {
      const idle = services.map((s) => s.rssMiB());
      const plan: Array<[string, string, unknown]> = [];
      if (TOOLS.includes('content'))
        plan.push(['clean_web_content', '/api/v1/tools/clean_web_content', { url: `${target.origin}/article` }]);
      if (TOOLS.includes('status'))
        plan.push(['check_url_status', '/api/v1/tools/check_url_status', { url: `${target.origin}/page` }]);
      const labelOf = (tool: string, i: number) => (under[i]!.name ? `${tool} (${under[i]!.name})` : tool);
      for (const [tool, path, body] of plan) {
        // Warm-up (not reported): worker threads start, JIT compiles, sockets open.
        for (const [i, service] of services.entries()) await step(labelOf(tool, i), service, path, body, 4, 3);
        await sleep(500);
        for (let round = 0; round < ROUNDS; round++) {
          for (const conns of round % 2 === 0 ? CONNS : [...CONNS].reverse()) {
            const order = round % 2 === 0 ? [...services.keys()] : [...services.keys()].reverse();
            for (const i of order) {
              const row = await step(labelOf(tool, i), services[i]!, path, body, conns);
              rows.push(row);
              printRow(row);
              await sleep(1500); // let closed connections and any leftover queue settle
            }
          }
        }
      }
      for (const [i, service] of services.entries())
        console.log(
          `\n${under[i]!.name ? `build ${under[i]!.name}: ` : ''}service idle RSS at start ${fmt(idle[i]!)} MiB, ` +
            `after the steps ${fmt(service.rssMiB())} MiB`,
        );
    } finally {
      await Promise.all(services.map((s) => s.stop()));
    }

    const peer = await startNodeService(resolve(REPO_ROOT, 'dist/bench/readability-service.js'), {}, '/');
    try {
      await step('warm-up', peer, '/clean', { url: `${target.origin}/article` }, 4, 3);
      await sleep(500);
      const row = await step('Readability+linkedom service', peer, '/clean', { url: `${target.origin}/article` }, 50);
      rows.push(row);
      printHeader();
      printRow(row);
    } finally {
      await peer.stop();
    }
  } finally {
    await target.close();
  }

  // With several rounds, each step's median 2xx/s (one round: its only figure).
  const okAt = (label: string, conns: number) =>
    median(rows.filter((r) => r.label === label && r.conns === conns).map((r) => r.okPerS));
  const peer = rows.find((r) => r.label.startsWith('Readability'));
  const of = ROUNDS > 1 ? ` (medians of ${ROUNDS} rounds)` : '';
  console.log('');
  for (const b of under) {
    const name = (tool: string) => (b.name ? `${tool} (${b.name})` : tool);
    const c50 = okAt(name('clean_web_content'), 50);
    if (c50 !== undefined && peer)
      console.log(
        `${b.name ? `${b.name}: ` : ''}content 2xx/s at 50 conns / Readability service's: ` +
          `${fmt(c50 / peer.okPerS, 2)}x (goal >= 5x)${of}`,
      );
    for (const tool of ['clean_web_content', 'check_url_status']) {
      const base = okAt(name(tool), 50);
      if (base === undefined) continue;
      for (const conns of [200, 400, 800]) {
        const rate = okAt(name(tool), conns);
        if (rate !== undefined)
          console.log(`${name(tool)} 2xx/s at ${conns} conns / at 50: ${fmt(rate / base, 2)} (goal >= 0.9)${of}`);
      }
    }
  }
  const errs = rows.filter((r) => !r.label.startsWith('Readability')).reduce((n, r) => n + r.errors + r.timeouts, 0);
  console.log(`connection errors + timeouts over all service steps: ${errs} (goal 0)`);
  console.log(
    `load average at the end ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} (other work on the machine skews absolute numbers; the ratios are from one run)`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
