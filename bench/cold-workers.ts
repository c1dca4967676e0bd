// npm run bench:cold-workers: what a pause costs the calls that follow it, and what keeping
// worker threads started costs in memory. Worker threads above URLKIT_WORKER_WARM_THREADS stop
// after 10 s idle; the next call that needs one waits for a thread to start and load its
// modules. Per build, in its own service (npm start, default settings plus --env): a warm-up,
// then bursts of --burst concurrent clean_web_content calls of the loopback target's ~100 KB
// article while warm, then --pauses times: --idle seconds of nothing, the service's resident
// memory at rest (process tree RSS and PSS, threads), and the same burst. Prints per build the
// median and worst burst (the slowest call of each burst) warm and after a pause, and resting
// memory. Builds A and B (--against DIR, or --env-b for the same build with other settings)
// take turns, B first in odd rounds.
//
// Options: --service DIR  --against DIR  --env K=V,K=V  --env-b K=V  --rounds N (default 2)
//          --pauses N (default 3)  --idle S (default 15)  --burst N (default 2)
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { memoryBreakdown } from './memory-breakdown.js';
import {
  REPO_ROOT,
  arg,
  loadAverages,
  serviceRootArg,
  startNodeService,
  startService,
  type ServiceProcess,
} from './service-process.js';
import { median } from './stats.js';

const TARGET_HOST = '127.0.0.2';
const ROUNDS = Math.max(1, Number(arg('rounds') ?? 2));
const PAUSES = Math.max(1, Number(arg('pauses') ?? 3));
const IDLE_S = Number(arg('idle') ?? 15);
const BURST = Math.max(1, Number(arg('burst') ?? 2));
const WARM_BURSTS = 8;

interface Build {
  name: string;
  root: string;
  env: Record<string, string>;
}

interface Sample {
  warm: number[];
  cold: number[];
  restRss: number[];
  restPss: number[];
  restThreads: number[];
  errors: number;
}

function envArg(name: string): Record<string, string> {
  const pairs = (arg(name) ?? '').split(',').filter((p) => p.includes('='));
  return Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
}

function builds(): Build[] {
  const against = arg('against');
  const list = [{ name: 'A', root: serviceRootArg(), env: envArg('env') }];
  if (against !== undefined || arg('env-b') !== undefined)
    list.push({ name: 'B', root: resolve(against ?? serviceRootArg()), env: envArg('env-b') });
  return list;
}

/** Threads of the service process now (the main thread, V8's and libuv's helpers, the workers). */
function threadCount(pid: number): number {
  try {
    return Number(/^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** One call; its wall time in ms, or NaN when it was not a 200 with text. */
async function call(service: ServiceProcess, url: string): Promise<number> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${service.origin}/api/v1/tools/clean_web_content`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json()) as { data?: { results?: Array<{ data?: { content?: unknown } | null }> } };
    return res.ok && typeof body.data?.results?.[0]?.data?.content === 'string' ? performance.now() - t0 : NaN;
  } catch {
    return NaN;
  }
}

/** BURST calls at once; the slowest one's time (NaN if any failed). */
async function burst(service: ServiceProcess, url: string): Promise<number> {
  const times = await Promise.all(Array.from({ length: BURST }, () => call(service, url)));
  return Math.max(...times);
}

async function measure(build: Build, url: string, into: Sample): Promise<void> {
  const service = await startService(build.root, { ...build.env, URLKIT_ALLOW_CIDRS: `${TARGET_HOST}/32` });
  try {
    const record = (ms: number, list: number[]) => (Number.isNaN(ms) ? into.errors++ : list.push(ms));
    for (let i = 0; i < 2 * WARM_BURSTS; i++) await burst(service, url);
    for (let i = 0; i < WARM_BURSTS; i++) record(await burst(service, url), into.warm);
    for (let p = 0; p < PAUSES; p++) {
      await sleep(IDLE_S * 1000);
      const pid = service.child.pid!;
      const rest = memoryBreakdown(pid);
      into.restRss.push(rest.tree);
      into.restPss.push(rest.treePss);
      into.restThreads.push(threadCount(pid));
      record(await burst(service, url), into.cold);
    }
  } finally {
    await service.stop();
  }
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

async function main(): Promise<void> {
  const site = await startNodeService(resolve(REPO_ROOT, 'dist/bench/load-target.js'), {}, '/healthz', TARGET_HOST);
  const url = `${site.origin}/article`;
  const list = builds();
  for (const b of list)
    console.log(
      `bench:cold-workers: build ${b.name}: ${b.root}, default settings` +
        Object.entries(b.env)
          .map(([k, v]) => ` ${k}=${v}`)
          .join(''),
    );
  console.log(
    `bursts of ${BURST} concurrent clean_web_content calls (~100 KB article); ${WARM_BURSTS} warm bursts, then ` +
      `${PAUSES} pauses of ${IDLE_S} s each followed by one burst; ${ROUNDS} rounds; ` +
      `${os.availableParallelism()} cores, node ${process.version}; load at start ${loadAverages()}\n`,
  );
  const samples = new Map<string, Sample>(
    list.map((b) => [b.name, { warm: [], cold: [], restRss: [], restPss: [], restThreads: [], errors: 0 }]),
  );
  try {
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 1 ? [...list].reverse() : list;
      for (const b of order) await measure(b, url, samples.get(b.name)!);
      console.log(`round ${r + 1} done, load ${loadAverages()}`);
    }
  } finally {
    await site.stop();
  }
  console.log(
    '\n| build | warm burst ms, median / worst | after a pause ms, median / worst | after / warm (median) | ' +
      'resting tree RSS MiB, median | resting tree PSS MiB | threads at rest | failed calls |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const b of list) {
    const s = samples.get(b.name)!;
    console.log(
      `| ${b.name} | ${fmt(median(s.warm))} / ${fmt(Math.max(...s.warm))} | ${fmt(median(s.cold))} / ` +
        `${fmt(Math.max(...s.cold))} | ${fmt(median(s.cold) / median(s.warm), 1)}x | ${fmt(median(s.restRss))} | ` +
        `${fmt(median(s.restPss))} | ${fmt(median(s.restThreads))} | ${s.errors} |`,
    );
  }
  console.log(`\nload at end ${loadAverages()}`);
}

await main();
