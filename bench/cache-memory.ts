// npm run bench:cache-memory: does the in-memory fetch cache hold what its bound says?
// In process (node --expose-gc): real fetches through urlkit's fetcher from a loopback site are
// stored into a cache bounded at --bound MiB until three times the bound has gone in, then the
// heap and array buffers are measured after a full collection and compared with the bound.
// Shapes: the issue-31 row-4 chain with the longest Locations followed (10 redirects with 8 KB
// Locations, then a 200 with 14 KB of headers and a 2-byte body), a small page (a few headers,
// a 2-byte body: the fixed overhead dominates), and a 256 KiB page.
//   --service DIR   measure that build's cache (its dist/src/cache/memory-cache.js) instead
//   --bound MiB     the cache bound (16)
// `--whole` runs the reproduction on the service instead (`node dist/src/main.js` of
// DIR): get_url_metadata batches of 100 distinct chains, --calls N (120), printing RSS as it goes.
import http from 'node:http';
import { resolve } from 'node:path';
import { Agent, fetch } from 'undici';
import { createFetcher } from '../src/fetch/fetch-page.js';
import type { FetchResult } from '../src/fetch/types.js';
import type { FetchCache } from '../src/cache/cache.js';
import { testConfig } from '../test/support/loopback-server.js';
import { followedFatChainUrl, serveFatChain } from '../test/support/hostile-pages.js';
import { arg, rssMiB, serviceRootArg, startService } from './service-process.js';

const serviceRoot = serviceRootArg();
const BOUND_MIB = Number(arg('bound') ?? 16);
const HOST = '127.0.0.2';

const gc = (globalThis as { gc?: () => void }).gc;

async function startSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const quarter = Buffer.alloc(256 * 1024, 0x61);
  const server = http.createServer((req, res) => {
    if (serveFatChain(req, res)) return;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/small/')) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': '2' });
      return res.end('ok');
    }
    if (path.startsWith('/quarter/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(quarter.length) });
      return res.end(quarter);
    }
    res.writeHead(404).end();
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((r) => server.listen(0, HOST, r));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://${HOST}:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function heldMiB(): number {
  gc!();
  gc!();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 2 ** 20;
}

interface Row {
  shape: string;
  stored: number;
  held: number;
  entryKiB: number;
  measuredMiB: number;
}

async function fill(
  shape: string,
  urlOf: (i: number) => string,
  storedMiB: number,
  fetchOne: (url: string) => Promise<FetchResult>,
  createMemoryCache: (maxBytes: number) => FetchCache,
  copies = 1,
): Promise<Row> {
  const cache = createMemoryCache(BOUND_MIB * 2 ** 20);
  // In a function of its own, so that nothing but the cache keeps the fetches once it returns.
  const { stored, bytesIn } = await (async () => {
    let n = 0;
    let bytes = 0;
    let first: FetchResult | null = null;
    for (let i = 0; bytes < storedMiB * 2 ** 20; i++) {
      // A fresh fetch for each entry, or (for shapes where the fixed overhead is the point and a
      // fetch costs more than the entry) a deep copy of one fetch with its own URL.
      let result: FetchResult;
      if (copies > 1 && first && i % copies !== 0) {
        result = structuredClone({ ...first, body: null });
        result.url = result.finalUrl = urlOf(i);
        result.body = { ...first.body!, bytes: Buffer.from(first.body!.bytes) };
      } else result = first = await fetchOne(urlOf(i));
      await cache.set(keyOf(i), { fetchedAt: new Date().toISOString(), result });
      n++;
      bytes += approxBytes(result);
    }
    return { stored: n, bytesIn: bytes };
  })();
  const full = heldMiB();
  let held = 0;
  for (let i = 0; i < stored; i++) if (await cache.get(keyOf(i))) held++;
  // What the cache holds: the difference its emptying makes (the fetcher keeps connections,
  // parsers and buffers of its own, which are not the cache's).
  await cache.close();
  const measured = full - heldMiB();
  return { shape, stored, held, entryKiB: bytesIn / stored / 1024, measuredMiB: measured };
}

/** A key as long as the real ones (a SHA-256 in hex). */
const keyOf = (i: number) => `k${i}`.padEnd(64, '0');

/** The bytes of a fetch's strings and body (what it carries, not what a cache counts). */
function approxBytes(r: FetchResult): number {
  let n = r.url.length + r.finalUrl.length + (r.body?.bytes.length ?? 0);
  for (const [k, v] of Object.entries(r.headers)) n += k.length + v.length;
  for (const h of r.hops) n += h.url.length + (h.location?.length ?? 0);
  return n;
}

async function inProcess(): Promise<void> {
  if (!gc) throw new Error('run with node --expose-gc (npm run bench:cache-memory does)');
  const { createMemoryCache } = (await import(resolve(serviceRoot, 'dist/src/cache/memory-cache.js'))) as {
    createMemoryCache: (maxBytes: number) => FetchCache;
  };
  const site = await startSite();
  const fetcher = createFetcher(testConfig({ maxRedirects: 20 }));
  const fetchOne = (url: string) => fetcher.fetchPage(url, { timeoutMs: 15_000 });
  const rows: Row[] = [];
  try {
    const third = 3 * BOUND_MIB;
    rows.push(
      await fill(
        '10 redirects (8 KB Location) + 14 KB headers, 2 B body',
        (i) => followedFatChainUrl(site.origin, i),
        third,
        fetchOne,
        createMemoryCache,
      ),
    );
    rows.push(
      await fill(
        'small page (2 B body)',
        (i) => `${site.origin}/small/${i}`,
        third / 4,
        fetchOne,
        createMemoryCache,
        50,
      ),
    );
    rows.push(await fill('256 KiB page', (i) => `${site.origin}/quarter/${i}`, third, fetchOne, createMemoryCache));
  } finally {
    await fetcher.close();
    await site.close();
  }
  console.log(`bench:cache-memory: in-memory fetch cache bounded at ${BOUND_MIB} MiB, node ${process.version}`);
  console.log(`cache of ${serviceRoot}`);
  console.log(
    'memory held = heap used + array buffers after a full collection, minus the same once the cache is emptied\n',
  );
  console.log('| entry shape | entry (strings + body) | entries stored | entries kept | memory held | held / bound |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const held = `${r.measuredMiB.toFixed(1)} MiB | ${(r.measuredMiB / BOUND_MIB).toFixed(2)}`;
    console.log(`| ${r.shape} | ${r.entryKiB.toFixed(1)} KiB | ${r.stored} | ${r.held} | ${held} |`);
  }
}

async function wholeService(): Promise<void> {
  const calls = Number(arg('calls') ?? 120);
  const site = await startSite();
  const service = await startService(serviceRoot, {
    URLKIT_ALLOW_CIDRS: `${HOST}/32`,
    URLKIT_LOG_LEVEL: 'warn',
  });
  const dispatcher = new Agent({ headersTimeout: 300_000, bodyTimeout: 300_000 });
  console.log(
    `bench:cache-memory --whole: ${serviceRoot}, default settings, get_url_metadata batches of 100 distinct chains`,
  );
  console.log('| calls | entries fetched | service RSS MiB | outcome of the last call |\n|---:|---:|---:|---|');
  console.log(`| 0 | 0 | ${service.rssMiB().toFixed(0)} | |`);
  let peak = 0;
  try {
    for (let c = 1; c <= calls; c++) {
      const items = Array.from({ length: 100 }, (_, i) => followedFatChainUrl(site.origin, `${c}-${i}`));
      let outcome: string;
      try {
        const res = await fetch(`${service.origin}/api/v1/tools/get_url_metadata`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ items }),
          dispatcher,
        });
        const body = (await res.json()) as { data?: { results?: Array<{ meta?: { error?: { code: string } } }> } };
        const errors = (body.data?.results ?? []).filter((r) => r.meta?.error).length;
        outcome = `${res.status}, ${errors} item errors`;
      } catch (err) {
        outcome = `failed: ${(err as Error).message}`;
      }
      const rss = rssMiB(service.child.pid);
      peak = Math.max(peak, rss);
      const died = service.child.exitCode !== null || service.child.signalCode !== null;
      if (c % 10 === 0 || died || c === calls) console.log(`| ${c} | ${c * 100} | ${rss.toFixed(0)} | ${outcome} |`);
      if (died) {
        console.log(`\nthe service died (exit ${service.child.exitCode}, signal ${service.child.signalCode})`);
        break;
      }
    }
    console.log(`\npeak RSS sampled after each call: ${peak.toFixed(0)} MiB`);
  } finally {
    await dispatcher.close();
    await service.stop();
    await site.close();
  }
}

(process.argv.includes('--whole') ? wholeService() : inProcess()).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
