// npm run bench:metadata: 1,000 get_url_metadata items against a local loopback site,
// through the real HTTP API (listen + undici client), three ways:
//   single          1,000 requests of one URL each, 32 in flight: p50/p95 are per item
//   batch           10 requests of 100 items, 2 in flight: p50/p95 are per request (100 items)
//   batch+content   the same with include_content (metadata + the content cleaner)
// The site (realistic ~40 KB article pages with metadata, JSON-LD, navigation) runs in a child
// process on 8 loopback addresses, so the service's per-host limit is exercised the way a
// batch of many hosts would. Peak RSS is the service process (its worker threads included).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { defaultConfig } from '../src/config/config.js';
import { buildApp } from '../src/http/build-app.js';
import { percentile } from './stats.js';
import { forkTarget } from './target-process.js';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const HOSTS = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`);

function page(n: number): string {
  const paras = Array.from(
    { length: 40 },
    (_, i) =>
      `<p>Paragraph ${i} of story ${n}: ` +
      `${'the quick brown fox jumps over the lazy dog and keeps running through the field '.repeat(5)}</p>`,
  ).join('\n');
  const nav = Array.from({ length: 60 }, (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`).join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Story ${n} | Bench Times</title>
<meta name="description" content="Summary of story ${n}.">
<meta property="og:title" content="Story ${n}"><meta property="og:image" content="/img/${n}.jpg">` +
    `<meta property="og:site_name" content="Bench Times">
<meta name="twitter:card" content="summary_large_image">
<link rel="icon" sizes="32x32" href="/i32.png"><link rel="icon" sizes="192x192" href="/i192.png">` +
    `<link rel="apple-touch-icon" href="/apple.png">
<link rel="alternate" type="application/rss+xml" title="Bench" href="/feed.xml">` +
    `<link rel="canonical" href="/story/${n}">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Story ${n}",` +
    `"datePublished":"2024-05-0${(n % 9) + 1}T10:00:00Z","author":{"@type":"Person","name":"Writer ${n % 7}"}}` +
    `</script>
<style>${'.c{color:red}'.repeat(200)}</style></head>
<body><header><nav><ul>${nav}</ul></nav></header><main><article><h1>Story ${n}</h1>${paras}</article></main>
<aside><h2>Related</h2><ul>${nav}</ul></aside><footer>Copyright Bench Times</footer></body></html>`
  );
}

if (process.argv[2] === '--serve') {
  const ports: number[] = [];
  for (const host of HOSTS) {
    const server = http.createServer((req, res) => {
      const n = Number(/\/story\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      const body = Buffer.from(page(n));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((r) => server.listen(0, host, r));
    ports.push((server.address() as AddressInfo).port);
  }
  process.send!(ports);
  process.on('disconnect', () => process.exit(0));
} else {
  await main();
}

interface Row {
  mode: string;
  items: number;
  requests: number;
  wallS: number;
  itemsPerS: number;
  p50: number;
  p95: number;
  unit: string;
  errors: number;
}

async function main(): Promise<void> {
  const site = await forkTarget<number[]>(import.meta.url);
  const ports = site.ready;
  const urls = Array.from(
    { length: ITEMS },
    (_, i) => `http://${HOSTS[i % HOSTS.length]}:${ports[i % HOSTS.length]}/story/${i}`,
  );

  const config = defaultConfig({
    logLevel: 'silent',
    rateLimitMax: 0,
    maxInFlight: 0,
    maxEventLoopDelayMs: 0,
    allowCidrs: HOSTS.map((h) => `${h}/32`),
    port: 0,
  });
  const app = await buildApp(config, { logStream: { write() {} } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const endpoint = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/tools/get_url_metadata`;
  const client = new Agent({ connections: 64, headersTimeout: 120_000, bodyTimeout: 120_000 });

  const errorCodes = new Map<string, number>();
  const call = async (body: unknown): Promise<{ ms: number; errors: number }> => {
    const t0 = performance.now();
    const res = await request(endpoint, {
      method: 'POST',
      dispatcher: client,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.body.json()) as { data?: { results: Array<{ meta: { error?: { code: string } } }> } };
    const codes =
      res.statusCode !== 200
        ? [`http_${res.statusCode}`]
        : (json.data?.results ?? []).flatMap((r) => (r.meta.error ? [r.meta.error.code] : []));
    for (const c of codes) errorCodes.set(c, (errorCodes.get(c) ?? 0) + 1);
    return { ms: performance.now() - t0, errors: codes.length };
  };

  const run = async (
    mode: string,
    bodies: unknown[],
    concurrency: number,
    itemsPerBody: number,
    unit: string,
  ): Promise<Row> => {
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < bodies.length) {
          const r = await call(bodies[next++]);
          latencies.push(r.ms);
          errors += r.errors;
        }
      }),
    );
    const wallS = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      mode,
      items: bodies.length * itemsPerBody,
      requests: bodies.length,
      wallS,
      itemsPerS: (bodies.length * itemsPerBody) / wallS,
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      unit,
      errors,
    };
  };

  const batches = (include_content: boolean) =>
    Array.from({ length: Math.ceil(ITEMS / 100) }, (_, b) => ({
      items: urls.slice(b * 100, b * 100 + 100),
      include_content,
    }));

  // Warm-up: connection pools, worker threads, JIT.
  await run(
    'warmup',
    urls.slice(0, 50).map((url) => ({ url })),
    8,
    1,
    '',
  );

  const rows: Row[] = [];
  rows.push(
    await run(
      'single',
      urls.map((url) => ({ url })),
      32,
      1,
      'per item',
    ),
  );
  rows.push(await run('batch', batches(false), 2, 100, 'per 100-item request'));
  rows.push(await run('batch+content', batches(true), 2, 100, 'per 100-item request'));
  const peakRssMb = process.resourceUsage().maxRSS / 1024;

  console.log(
    `\nget_url_metadata, ${ITEMS} items, ${HOSTS.length} loopback hosts, ${config.workerThreads} worker threads, ` +
      `chunk ${config.batchChunkSize} x ${config.batchConcurrency}, per-host ${config.perHostConcurrency}, Node ` +
      `${process.versions.node}\n`,
  );
  console.log('| mode | items | requests | wall s | items/s | p50 ms | p95 ms | latency of | item errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.mode} | ${r.items} | ${r.requests} | ${r.wallS.toFixed(2)} | ${r.itemsPerS.toFixed(0)} | ` +
        `${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.unit} | ${r.errors} |`,
    );
  }
  if (errorCodes.size) console.log(`\nitem errors by code: ${[...errorCodes].map(([c, n]) => `${c} ${n}`).join(', ')}`);
  console.log(`\npeak RSS of the service process (incl. worker threads): ${peakRssMb.toFixed(0)} MB`);

  await client.close();
  await app.close();
  site.stop();
}
