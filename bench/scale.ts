// bench:scale: 10,000 get_url_metadata items (100 calls of 100 items, CALLS_IN_FLIGHT at a time)
// against a loopback site, served in process (no Redis) and by 1 API + 1, 2, 4 `urlkit worker`
// processes on a local redis-server: items/s and per-call latency. Every setup raises the
// per-host connection limit so the one fixture host is not what is measured.
// Usage: npm run bench:scale [-- --calls 100 --items 100 --in-flight 4 --workers 1,2,4]
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startChild } from '../test/integration/http/child-server.js';
import { startRedis } from '../test/support/redis-server.js';
import { CLI, post, startCluster, stopChild } from '../test/support/scale-cluster.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const CALLS = Number(arg('calls', '100'));
const ITEMS = Number(arg('items', '100'));
const IN_FLIGHT = Number(arg('in-flight', '4'));
const WORKERS = arg('workers', '1,2,4').split(',').map(Number);

const HOST = '127.0.0.2';
const ENV = { URLKIT_ALLOW_CIDRS: `${HOST}/32`, URLKIT_RATE_LIMIT_MAX: '0', URLKIT_PER_HOST_CONCURRENCY: '64', URLKIT_MAX_IN_FLIGHT: '0' };

function pageHtml(id: string): string {
  return `<!doctype html><html lang="en"><head><title>Page ${id}</title><meta name="description" content="What page ${id} is about"><meta property="og:title" content="OG ${id}"><meta property="og:image" content="/img/${id}.png"><link rel="icon" href="/icon-${id}.png" sizes="32x32"><link rel="alternate" type="application/rss+xml" href="/feed.xml"><script type="application/ld+json">{"@type":"Article","headline":"Page ${id}","author":{"name":"A. Writer"},"datePublished":"2024-03-01"}</script></head><body><nav><a href="/">Home</a></nav><article><h1>Page ${id}</h1>${'<p>A paragraph of an ordinary article page, long enough to look like one.</p>'.repeat(20)}</article></body></html>`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function drive(origin: string, run: string): Promise<{ itemsPerS: number; p50: number; p99: number; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < CALLS) {
        const c = next++;
        const items = Array.from({ length: ITEMS }, (_, i) => `http://${HOST}:${port}/${run}/c${c}/i${i}`);
        const t0 = performance.now();
        const { json } = await post(origin, 'get_url_metadata', { items, timeout: 60 });
        latencies.push(performance.now() - t0);
        errors += (json.data?.results ?? []).filter((r: { meta: { error?: unknown } }) => r.meta.error).length;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { itemsPerS: (CALLS * ITEMS) / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

const site = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(req.url ?? '/'));
});
await new Promise<void>((resolve) => site.listen(0, HOST, resolve));
const port = (site.address() as AddressInfo).port;

const rows: string[] = [];
const row = (setup: string, procs: string, r: Awaited<ReturnType<typeof drive>>) =>
  rows.push(`| ${setup.padEnd(24)} | ${procs.padEnd(20)} | ${r.itemsPerS.toFixed(0).padStart(7)} | ${r.p50.toFixed(0).padStart(7)} | ${r.p99.toFixed(0).padStart(7)} | ${String(r.errors).padStart(6)} |`);

try {
  // Warm-up call per setup (worker threads start, connections open) is not measured.
  const local = await startChild(CLI, ENV, ['serve']);
  try {
    await post(local.origin, 'get_url_metadata', { items: [`http://${HOST}:${port}/warm`] });
    row('in process (no Redis)', '1 (API)', await drive(local.origin, 'local'));
  } finally {
    await stopChild(local);
  }
  for (const n of WORKERS) {
    const redis = await startRedis();
    const cluster = await startCluster(n, { ...ENV, URLKIT_REDIS_URL: redis.url });
    try {
      for (let i = 0; i < n * 2; i++) await post(cluster.api.origin, 'get_url_metadata', { items: Array.from({ length: 20 }, (_, k) => `http://${HOST}:${port}/warm${n}/${i}/${k}`) });
      row(`queue, ${n} worker${n > 1 ? 's' : ''}`, `1 API + ${n} worker${n > 1 ? 's' : ''}`, await drive(cluster.api.origin, `w${n}`));
    } finally {
      await cluster.stop();
      await redis.stop();
    }
  }
} finally {
  site.close();
}

console.log(`get_url_metadata: ${CALLS} calls x ${ITEMS} items, ${IN_FLIGHT} calls in flight, loopback site; ${(await import('node:os')).availableParallelism()} CPUs`);
console.log('| setup                    | processes            | items/s | p50 ms  | p99 ms  | errors |');
console.log('|--------------------------|----------------------|---------|---------|---------|--------|');
for (const r of rows) console.log(r);
process.exit(0);
