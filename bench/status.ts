// npm run bench:status: 2,000 status probes against a loopback server, three ways:
//   bare undici   HEAD with an undici Agent, nothing else (the floor)
//   fetcher       the shared fetcher's fetchPage(HEAD, body none): egress policy, per-host limits
//   tool run()    check_url_status in process: the fetcher plus fallback rules and classification
//   HTTP API      POST /api/v1/tools/check_url_status over a real socket (validation, envelope)
// The target server runs in a child process so it does not share the event loop being measured.
// Prints probes/s and p50/p95 latency per mode and concurrency, and the throughput ratio.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { Agent, request } from 'undici';
import { defaultConfig, type Config } from '../src/config/config.js';
import { createFetcher } from '../src/fetch/fetch-page.js';
import { buildApp } from '../src/http/build-app.js';
import { checkUrlStatus } from '../src/tools/check-url-status.js';
import { createServices } from '../src/tools/services.js';

const PROBES = Number(process.env.BENCH_PROBES ?? 2000);
const WARMUP = 100;
const CONCURRENCY = [1, 4, 16];
const TARGET_HOST = '127.0.0.2';

if (process.argv[2] === '--serve') {
  const body = Buffer.from('<!doctype html><title>bench</title><p>ok</p>');
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, TARGET_HOST, () => process.send!((server.address() as AddressInfo).port));
  process.on('disconnect', () => process.exit(0));
} else {
  await main();
}

interface Row {
  mode: string;
  concurrency: number;
  probes: number;
  perSecond: number;
  p50: number;
  p95: number;
}

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: 'inherit' });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(m as number)));
  const target = `http://${TARGET_HOST}:${port}/page`;
  const rows: Row[] = [];
  try {
    for (const c of CONCURRENCY) {
      rows.push(await benchBare(target, c));
      rows.push(await benchFetcher(target, c));
      rows.push(await benchTool(target, c));
      rows.push(await benchHttp(target, c));
    }
  } finally {
    stop(child);
  }
  print(rows);
}

function benchConfig(concurrency: number): Config {
  return defaultConfig({
    logLevel: 'silent',
    allowCidrs: [`${TARGET_HOST}/32`],
    perHostConcurrency: concurrency,
    rateLimitMax: 0,
    maxInFlight: 0,
    maxEventLoopDelayMs: 0,
    workerThreads: 1,
  });
}

async function benchBare(target: string, concurrency: number): Promise<Row> {
  const agent = new Agent({ connections: concurrency });
  const once = async () => {
    const res = await request(target, { method: 'HEAD', dispatcher: agent });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`bare HEAD got ${res.statusCode}`);
  };
  try {
    return await measure('bare undici HEAD', concurrency, once);
  } finally {
    await agent.close();
  }
}

async function benchFetcher(target: string, concurrency: number): Promise<Row> {
  const fetcher = createFetcher(benchConfig(concurrency));
  const once = async () => {
    const r = await fetcher.fetchPage(target, { method: 'HEAD', body: 'none', timeoutMs: 15_000, retryStatuses: false });
    if (r.status !== 200) throw new Error(`fetcher got ${r.status}`);
  };
  try {
    return await measure('shared fetcher HEAD', concurrency, once);
  } finally {
    await fetcher.close();
  }
}

async function benchTool(target: string, concurrency: number): Promise<Row> {
  const config = benchConfig(concurrency);
  const services = createServices(config);
  const ctx = { config, services, logger: pino({ level: 'silent' }), signal: new AbortController().signal, correlationId: 'bench' };
  const once = async () => {
    const [item] = await checkUrlStatus.run({ url: target, follow_redirects: true, timeout: 15 }, ctx);
    if (item?.data?.status_code !== 200) throw new Error(`tool run() got ${JSON.stringify(item)}`);
  };
  try {
    return await measure('check_url_status run()', concurrency, once);
  } finally {
    await services.close();
  }
}

async function benchHttp(target: string, concurrency: number): Promise<Row> {
  const config = benchConfig(concurrency);
  const app = await buildApp(config, { logStream: { write() {} } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/tools/check_url_status`;
  const agent = new Agent({ connections: concurrency });
  const payload = JSON.stringify({ url: target });
  const once = async () => {
    const res = await request(api, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/json' }, body: payload });
    const json = (await res.body.json()) as { data?: { results?: Array<{ data?: { status_code?: number } }> } };
    if (json.data?.results?.[0]?.data?.status_code !== 200) throw new Error(`HTTP API got ${JSON.stringify(json)}`);
  };
  try {
    return await measure('HTTP API POST', concurrency, once);
  } finally {
    await agent.close();
    await app.close();
  }
}

async function measure(mode: string, concurrency: number, once: () => Promise<void>): Promise<Row> {
  await runLoad(WARMUP, concurrency, once, []);
  const latencies: number[] = [];
  const started = performance.now();
  await runLoad(PROBES, concurrency, once, latencies);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { mode, concurrency, probes: PROBES, perSecond: PROBES / seconds, p50: pct(latencies, 0.5), p95: pct(latencies, 0.95) };
}

async function runLoad(total: number, concurrency: number, once: () => Promise<void>, latencies: number[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < total) {
      next++;
      const t = performance.now();
      await once();
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

function pct(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function print(rows: Row[]): void {
  const lines = [
    `status probes: ${PROBES} per row against a loopback server (HEAD 200 text/html), node ${process.version}`,
    '',
    '| mode | concurrency | probes/s | p50 ms | p95 ms | throughput vs bare |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const bare = rows.find((b) => b.mode === 'bare undici HEAD' && b.concurrency === r.concurrency)!;
    lines.push(
      `| ${r.mode} | ${r.concurrency} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${(r.perSecond / bare.perSecond).toFixed(2)}x |`,
    );
  }
  console.log(lines.join('\n'));
}

function stop(child: ChildProcess): void {
  if (child.connected) child.disconnect();
  child.kill();
}
