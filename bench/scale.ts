// bench:scale: 10,000 get_url_metadata items (100 calls of 100 items, CALLS_IN_FLIGHT at a time)
// against a loopback site, served in process (no Redis) and by 1 API + 1, 2, 4 `urlkit worker`
// processes on a local redis-server: items/s and per-call latency. Every setup raises the
// per-host connection limit so the one fixture host is not what is measured.
// Usage: npm run bench:scale [-- --calls 100 --items 100 --in-flight 4 --workers 1,2,4 --rounds 5]
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startChild } from '../test/integration/http/child-server.js';
import { startRedis } from '../test/support/redis-server.js';
import { post } from '../test/support/post-tool.js';
import { CLI, startCluster, stopChild } from '../test/support/scale-cluster.js';
import { nearestRank } from './stats.js';

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
const ENV = {
  URLKIT_ALLOW_CIDRS: `${HOST}/32`,
  URLKIT_RATE_LIMIT_MAX: '0',
  URLKIT_PER_HOST_CONCURRENCY: '64',
  URLKIT_MAX_IN_FLIGHT: '0',
};

function pageHtml(id: string): string {
  return (
    `<!doctype html><html lang="en"><head><title>Page ${id}</title>` +
    `<meta name="description" content="What page ${id} is about"><meta property="og:title" content="OG ${id}">` +
    `<meta property="og:image" content="/img/${id}.png"><link rel="icon" href="/icon-${id}.png" sizes="32x32">` +
    `<link rel="alternate" type="application/rss+xml" href="/feed.xml"><script type="application/ld+json">` +
    `{"@type":"Article","headline":"Page ${id}","author":{"name":"A. Writer"},"datePublished":"2024-03-01"}` +
    `</script></head><body><nav><a href="/">Home</a></nav><article><h1>Page ${id}</h1>` +
    `${'<p>A paragraph of an ordinary article page, long enough to look like one.</p>'.repeat(20)}</article>` +
    `</body></html>`
  );
}

interface Tally {
  latencies: number[];
  seconds: number;
  items: number;
  errors: number;
}

/** Runs `calls` calls (call numbers from `first`) on one setup, IN_FLIGHT at a time, into its tally. */
async function drive(origin: string, run: string, first: number, calls: number, tally: Tally): Promise<void> {
  let next = first;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < first + calls) {
        const c = next++;
        const items = Array.from({ length: ITEMS }, (_, i) => `http://${HOST}:${port}/${run}/c${c}/i${i}`);
        const t0 = performance.now();
        const { json } = await post(origin, 'get_url_metadata', { items, timeout: 60 });
        tally.latencies.push(performance.now() - t0);
        tally.errors += (json.data?.results ?? []).filter((r) => r.meta.error).length;
        tally.items += items.length;
      }
    }),
  );
  tally.seconds += (performance.now() - started) / 1000;
}

const site = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(req.url ?? '/'));
});
await new Promise<void>((resolve) => site.listen(0, HOST, resolve));
const port = (site.address() as AddressInfo).port;

interface Setup {
  name: string;
  procs: string;
  origin: string;
  stop(): Promise<void>;
  tally: Tally;
}

const setups: Setup[] = [];
const ROUNDS = Number(arg('rounds', '5'));
try {
  // Every setup is started (and warmed up: worker threads, connections) before any is measured;
  // then the calls are run in ROUNDS interleaved rounds, so a shared machine's changing load
  // falls on every setup alike.
  const local = await startChild(CLI, ENV, ['serve']);
  setups.push({
    name: 'in process (no Redis)',
    procs: '1 (API)',
    origin: local.origin,
    stop: () => stopChild(local),
    tally: { latencies: [], seconds: 0, items: 0, errors: 0 },
  });
  for (const n of WORKERS) {
    const redis = await startRedis();
    const cluster = await startCluster(n, { ...ENV, URLKIT_REDIS_URL: redis.url });
    const plural = n > 1 ? 's' : '';
    setups.push({
      name: `queue, ${n} worker${plural}`,
      procs: `1 API + ${n} worker${plural}`,
      origin: cluster.api.origin,
      stop: async () => {
        await cluster.stop();
        await redis.stop();
      },
      tally: { latencies: [], seconds: 0, items: 0, errors: 0 },
    });
  }
  for (const [i, s] of setups.entries()) {
    for (let w = 0; w < 4; w++)
      await post(s.origin, 'get_url_metadata', {
        items: Array.from({ length: 40 }, (_, k) => `http://${HOST}:${port}/warm${i}/${w}/${k}`),
      });
  }
  const perRound = Math.ceil(CALLS / ROUNDS);
  for (let r = 0; r < ROUNDS; r++) {
    const first = r * perRound;
    const calls = Math.min(perRound, CALLS - first);
    for (const [i, s] of setups.entries()) await drive(s.origin, `s${i}`, first, calls, s.tally);
  }
} finally {
  await Promise.allSettled(setups.map((s) => s.stop()));
  site.close();
}

console.log(
  `get_url_metadata: ${CALLS} calls x ${ITEMS} items per setup, ${IN_FLIGHT} calls in flight, ${ROUNDS} interleaved ` +
    `rounds, loopback site; ${(await import('node:os')).availableParallelism()} CPUs`,
);
console.log('| setup                    | processes            | items/s | p50 ms  | p99 ms  | errors |');
console.log('|--------------------------|----------------------|---------|---------|---------|--------|');
for (const s of setups) {
  const l = s.tally.latencies.sort((a, b) => a - b);
  console.log(
    `| ${s.name.padEnd(24)} | ${s.procs.padEnd(20)} | ${(s.tally.items / s.tally.seconds).toFixed(0).padStart(7)} | ` +
      `${nearestRank(l, 0.5).toFixed(0).padStart(7)} | ${nearestRank(l, 0.99).toFixed(0).padStart(7)} | ` +
      `${String(s.tally.errors).padStart(6)} |`,
  );
}
process.exit(0);
