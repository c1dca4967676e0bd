// What the service layer costs per call: an instant in-process tool behind the full HTTP stack
// (parse, validation, correlation id, metrics, rate limit, shedding, logging, envelope), driven
// over real sockets by undici. Each row switches one layer off to show its share.
// Usage: npm run bench:http   (BENCH_CALLS, BENCH_CONCURRENCY to change the load)
import os from 'node:os';
import { Writable } from 'node:stream';
import { Pool } from 'undici';
import { defaultConfig, type Config } from '../src/config/config.js';
import { buildApp } from '../src/http/build-app.js';
import type { Services } from '../src/app/services.js';
import type { Tool } from '../src/tools/types.js';
import { percentile } from './stats.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const instant: Tool = {
  name: 'check_url_status',
  command: 'status',
  summary: 'instant',
  description: 'Answers at once, so the table measures the service layer alone.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['url'],
    properties: {
      url: { type: 'string', maxLength: 8192 },
      follow_redirects: { type: 'boolean', default: true },
      timeout: { type: 'number', maximum: 60, default: 15 },
    },
  },
  itemDataSchema: { type: 'object' },
  itemMetaSchema: { type: 'object' },
  example: { url: 'https://example.com/' },
  run(input) {
    return Promise.resolve([
      {
        data: { url: input.url, ok: true, status_code: 200 },
        meta: { url: String(input.url), via_proxy: false, retries: 0 },
      },
    ]);
  },
};

// The instant tool never uses fetcher, pool or dispatcher.
const services = { close: async () => {} } as unknown as Services;
// Log lines are produced and serialised but thrown away, so the terminal is not the bottleneck.
const sink = new Writable({ write: (_c, _e, cb) => cb() });

async function measure(overrides: Partial<Config>): Promise<{ rps: number; p50: number; p95: number }> {
  const app = await buildApp(defaultConfig({ rateLimitMax: 1_000_000_000, ...overrides }), {
    tools: [instant],
    services,
    logStream: sink,
  });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const pool = new Pool(origin, { connections: CONCURRENCY });
  const body = JSON.stringify({ url: 'https://example.com/some/page?x=1' });
  const latencies: number[] = [];
  let started = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (started < CALLS) {
        started++;
        const t = performance.now();
        const res = await pool.request({
          path: '/api/v1/tools/check_url_status',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await res.body.text();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  await pool.close();
  await app.close();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95) };
}

const rows: Array<[string, Partial<Config>]> = [
  ['everything on (info logs)', {}],
  ['logs off', { logLevel: 'silent' }],
  ['logs and rate limit off', { logLevel: 'silent', rateLimitMax: 0 }],
  [
    'logs, rate limit and shedding off',
    { logLevel: 'silent', rateLimitMax: 0, maxEventLoopDelayMs: 0, maxInFlight: 0 },
  ],
];

// Warm-up so JIT and module loading do not land on the first row.
await measure({ logLevel: 'silent' });
const results = [];
for (const [label, overrides] of rows) results.push({ label, ...(await measure(overrides)) });

console.log(
  `service layer: ${CALLS} calls per row, ${CONCURRENCY} in flight, instant tool, node ${process.version}, ` +
    `${os.availableParallelism()} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log('');
console.log('| configuration | calls/s | p50 ms | p95 ms |');
console.log('|---|---:|---:|---:|');
for (const r of results)
  console.log(`| ${r.label} | ${Math.round(r.rps)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} |`);
