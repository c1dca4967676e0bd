// npm run bench:status: 2,000 status probes against a loopback server, three ways:
//   bare undici   HEAD with an undici Agent, nothing else (the floor)
//   fetcher       the shared fetcher's fetchPage(HEAD, body none): egress policy, per-host limits
//   tool run()    check_url_status in process: the fetcher plus fallback rules and classification
//   HTTP API      POST /api/v1/tools/check_url_status over a real socket (validation, envelope)
// The target server runs in a child process so it does not share the event loop being measured.
// Prints probes/s and p50/p95 latency per mode and concurrency, and the throughput ratio.
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { defaultConfig, type Config } from '../src/config/config.js';
import { createFetcher } from '../src/fetch/fetch-page.js';
import { buildApp } from '../src/http/build-app.js';
import { checkUrlStatus } from '../src/tools/check-url-status.js';
import { toolContext } from '../test/support/tool-context.js';
import { runLoad } from './lanes.js';
import { percentile } from './stats.js';
import { forkTarget } from './target-process.js';

const PROBES = Number(process.env.BENCH_PROBES ?? 2000);
const WARMUP = 100;
/** Each mode's probes are split into this many rounds, interleaved with the other modes. */
const ROUNDS = 4;
const BARE = 'bare undici HEAD';
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
  const site = await forkTarget<number>(import.meta.url);
  const target = `http://${TARGET_HOST}:${site.ready}/page`;
  const rows: Row[] = [];
  try {
    for (const c of CONCURRENCY) rows.push(...(await benchAt(target, c)));
  } finally {
    site.stop();
  }
  print(rows);
}

interface Mode {
  name: string;
  once: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * All modes at one concurrency, interleaved in rounds, so a load spike on a shared machine
 * hits every mode alike instead of skewing whichever happened to run then.
 */
async function benchAt(target: string, concurrency: number): Promise<Row[]> {
  const modes = [
    bare(target, concurrency),
    fetcherOnly(target, concurrency),
    toolRun(target, concurrency),
    await httpApi(target, concurrency),
  ];
  const perRound = Math.ceil(PROBES / ROUNDS);
  const stats = modes.map(() => ({ latencies: [] as number[], seconds: 0, probes: 0 }));
  try {
    for (const m of modes) await runLoad(WARMUP, concurrency, m.once, []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, m] of modes.entries()) {
        const st = stats[i]!;
        const started = performance.now();
        await runLoad(perRound, concurrency, m.once, st.latencies);
        st.seconds += (performance.now() - started) / 1000;
        st.probes += perRound;
      }
    }
  } finally {
    for (const m of modes) await m.close();
  }
  return modes.map((m, i) => {
    const st = stats[i]!;
    st.latencies.sort((a, b) => a - b);
    return {
      mode: m.name,
      concurrency,
      probes: st.probes,
      perSecond: st.probes / st.seconds,
      p50: percentile(st.latencies, 0.5),
      p95: percentile(st.latencies, 0.95),
    };
  });
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

function bare(target: string, concurrency: number): Mode {
  const agent = new Agent({ connections: concurrency });
  return {
    name: BARE,
    once: async () => {
      const res = await request(target, { method: 'HEAD', dispatcher: agent });
      await res.body.dump();
      if (res.statusCode !== 200) throw new Error(`bare HEAD got ${res.statusCode}`);
    },
    close: () => agent.close(),
  };
}

function fetcherOnly(target: string, concurrency: number): Mode {
  const fetcher = createFetcher(benchConfig(concurrency));
  return {
    name: 'shared fetcher HEAD',
    once: async () => {
      const r = await fetcher.fetchPage(target, {
        method: 'HEAD',
        body: 'none',
        timeoutMs: 15_000,
        retryStatuses: false,
      });
      if (r.status !== 200) throw new Error(`fetcher got ${r.status}`);
    },
    close: () => fetcher.close(),
  };
}

function toolRun(target: string, concurrency: number): Mode {
  const config = benchConfig(concurrency);
  const ctx = toolContext(config);
  const { services } = ctx;
  return {
    name: 'check_url_status run()',
    once: async () => {
      const [item] = await checkUrlStatus.run({ url: target, follow_redirects: true, timeout: 15 }, ctx);
      if (item?.data?.status_code !== 200) throw new Error(`tool run() got ${JSON.stringify(item)}`);
    },
    close: () => services.close(),
  };
}

async function httpApi(target: string, concurrency: number): Promise<Mode> {
  const app = await buildApp(benchConfig(concurrency), { logStream: { write() {} } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/tools/check_url_status`;
  const agent = new Agent({ connections: concurrency });
  const payload = JSON.stringify({ url: target });
  return {
    name: 'HTTP API POST',
    once: async () => {
      const res = await request(api, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json' },
        body: payload,
      });
      const json = (await res.body.json()) as { data?: { results?: Array<{ data?: { status_code?: number } }> } };
      if (json.data?.results?.[0]?.data?.status_code !== 200) throw new Error(`HTTP API got ${JSON.stringify(json)}`);
    },
    close: async () => {
      await agent.close();
      await app.close();
    },
  };
}

function print(rows: Row[]): void {
  const lines = [
    `status probes: ${PROBES} per row (${ROUNDS} interleaved rounds) against a loopback server (HEAD 200 text/html), ` +
      `node ${process.version}, ${os.availableParallelism()} CPUs, ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} at the end`,
    '',
    '| mode | concurrency | probes/s | p50 ms | p95 ms | throughput vs bare |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const floor = rows.find((b) => b.mode === BARE && b.concurrency === r.concurrency)!;
    lines.push(
      `| ${r.mode} | ${r.concurrency} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ` +
        `${(r.perSecond / floor.perSecond).toFixed(2)}x |`,
    );
  }
  console.log(lines.join('\n'));
}
