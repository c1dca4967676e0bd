// npm run bench:soak: 1,000 tool calls against hostile loopback targets, 32 at a time, on the
// service started as `npm start` starts it (default settings + URLKIT_ALLOW_CIDRS). Targets, a
// fifth of the calls each: slow (headers after 2 s, body trickled over 1 s), endless (an HTML
// body that never ends), bomb (64 MiB of gzip-compressed spaces), redirect chain (8 hops), and a
// 5 MiB page; a quarter of the calls go to each tool. Prints the outcome counts, the service's
// peak RSS under load, its RSS at idle before and 30 s after, and /healthz answers throughout.
// Options: --service DIR (another build), --calls N (1000), --concurrency N (32), --settle S (30)
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, fetch } from 'undici';
import { gzipBomb } from '../test/support/hostile-site.js';
import { loadCorpus } from './corpus.js';
import { BREAKDOWN_HEADER, BREAKDOWN_RULE, breakdownRow, breakdownSampler } from './memory-breakdown.js';
import { arg, serviceRootArg, startService } from './service-process.js';
import { scrapeMetrics } from './service-metrics.js';

const TARGET_HOST = '127.0.0.2';
const serviceRoot = serviceRootArg();
const CALLS = Number(arg('calls') ?? 1000);
const CONCURRENCY = Number(arg('concurrency') ?? 32);
const SETTLE_S = Number(arg('settle') ?? 30);

/** The service's own memory figures from /metrics (prom-client's default metrics), in MiB. */
interface MemoryReading {
  rss: number;
  /** Main thread's V8 heap (reserved, and in use). */
  heapTotal: number;
  heapUsed: number;
  /** Memory outside the main thread's heap that V8 knows of: Buffers and other ArrayBuffers. */
  external: number;
  /** Shares of the body-memory budget held (3 bytes a kept body byte: src/admission/body-memory.ts). */
  bodyBudget: number;
}

async function readMemory(origin: string): Promise<MemoryReading | null> {
  try {
    const m = await scrapeMetrics(origin, 2000);
    const value = (name: string) => m.value(`urlkit_${name}`) / 2 ** 20;
    return {
      rss: value('process_resident_memory_bytes'),
      heapTotal: value('nodejs_heap_size_total_bytes'),
      heapUsed: value('nodejs_heap_size_used_bytes'),
      external: value('nodejs_external_memory_bytes'),
      bodyBudget: value('body_memory_bytes'),
    };
  } catch {
    return null;
  }
}

/** A counter of /metrics by reason, as "reason n, ..." (shed calls; worker threads ended). */
async function countsByReason(origin: string, metric: string): Promise<string> {
  try {
    const m = await scrapeMetrics(origin, 5000);
    const counts = [...m.byLabel(`urlkit_${metric}`, 'reason')];
    return counts.map(([reason, n]) => `${reason} ${n}`).join(', ') || 'none';
  } catch {
    return 'unavailable';
  }
}

/** The rest of RSS: worker threads' heaps, malloc's free lists, code. */
function rest(m: MemoryReading): number {
  return m.rss - m.heapTotal - m.external;
}

function memoryRow(label: string, m: MemoryReading | null): string {
  if (!m) return `| ${label} | - | - | - | - | - | - |`;
  return (
    `| ${label} | ${m.rss.toFixed(0)} | ${m.heapTotal.toFixed(0)} | ${m.heapUsed.toFixed(0)} | ` +
    `${m.external.toFixed(0)} | ${m.bodyBudget.toFixed(0)} | ${rest(m).toFixed(0)} |`
  );
}

const TOOLS = ['clean_web_content', 'clean_web_index', 'get_url_metadata', 'check_url_status'];
const TARGETS = ['/slow', '/endless', '/bomb', '/chain/8', '/big'];

async function startTargets(): Promise<{ origin: string; close(): Promise<void> }> {
  const pages = loadCorpus(40);
  const article = pages.reduce((a, p) => (p.html.length > a.length && p.html.length < 200_000 ? p.html : a), '');
  const articleBuf = Buffer.from(article);
  let big = '';
  while (big.length < 5 * 1024 * 1024) big += article;
  const bigBuf = Buffer.from(big.slice(0, 5 * 1024 * 1024));
  const bomb = gzipBomb(64);
  const endlessChunk = Buffer.from('<p>' + 'endless text '.repeat(500) + '</p>\n');
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const html = { 'content-type': 'text/html; charset=utf-8' };
    let m: RegExpExecArray | null;
    if (path === '/slow') {
      const t = setTimeout(() => {
        res.writeHead(200, html);
        const parts = 10;
        const size = Math.ceil(articleBuf.length / parts);
        let i = 0;
        const tick = setInterval(() => {
          if (res.destroyed || i >= parts) {
            clearInterval(tick);
            if (!res.destroyed) res.end();
            return;
          }
          res.write(articleBuf.subarray(i * size, ++i * size));
        }, 100);
        res.on('close', () => clearInterval(tick));
      }, 2000);
      res.on('close', () => clearTimeout(t));
      return;
    }
    if (path === '/endless') {
      res.writeHead(200, html);
      // A HEAD response has no body: node discards writes and reports them all as flushed.
      if (req.method === 'HEAD') return res.end();
      const pump = () => {
        while (!res.destroyed && res.write(endlessChunk)) {
          /* until the socket buffer is full */
        }
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      return pump();
    }
    if (path === '/bomb') {
      res.writeHead(200, { ...html, 'content-encoding': 'gzip', 'content-length': bomb.length });
      return res.end(req.method === 'HEAD' ? undefined : bomb);
    }
    if ((m = /^\/chain\/(\d+)$/.exec(path))) {
      const n = Number(m[1]);
      if (n === 0) {
        res.writeHead(200, { ...html, 'content-length': articleBuf.length });
        return res.end(req.method === 'HEAD' ? undefined : articleBuf);
      }
      res.writeHead(302, { location: `/chain/${n - 1}` });
      return res.end();
    }
    if (path === '/big') {
      res.writeHead(200, { ...html, 'content-length': bigBuf.length });
      return res.end(req.method === 'HEAD' ? undefined : bigBuf);
    }
    res.writeHead(404).end();
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((r) => server.listen(0, TARGET_HOST, r));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://${TARGET_HOST}:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function main(): Promise<void> {
  const targets = await startTargets();
  const service = await startService(serviceRoot, {
    URLKIT_ALLOW_CIDRS: `${TARGET_HOST}/32`,
  });
  const dispatcher = new Agent({ connections: CONCURRENCY + 4, headersTimeout: 300_000, bodyTimeout: 300_000 });
  const outcomes = new Map<string, number>();
  const count = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
  try {
    await sleep(2000);
    const idleStart = service.rssMiB();
    const idleMemory = await readMemory(service.origin);
    let peakMemory: MemoryReading | null = null;
    // The part that moves most between runs: its own highest sample, whenever it came.
    let peakExternal: MemoryReading | null = null;
    const health = { ok: 0, failed: 0, maxMs: 0 };
    let loadDone = false;
    const healthLoop = (async () => {
      while (!loadDone) {
        const t = performance.now();
        try {
          const res = await fetch(`${service.origin}/healthz`, { signal: AbortSignal.timeout(5000) });
          await res.arrayBuffer();
          if (res.status === 200) health.ok++;
          else health.failed++;
        } catch {
          health.failed++;
        }
        health.maxMs = Math.max(health.maxMs, performance.now() - t);
        const m = await readMemory(service.origin);
        if (m && (!peakMemory || m.rss > peakMemory.rss)) peakMemory = m;
        if (m && (!peakExternal || m.external > peakExternal.external)) peakExternal = m;
        await sleep(500);
      }
    })();

    const rss = breakdownSampler(service.child.pid!, service.origin, () => service.rssMiB());
    const started = performance.now();
    let next = 0;
    let finished = 0;
    const progress = setInterval(() => {
      process.stderr.write(`soak: ${finished}/${CALLS} answered, service RSS ${service.rssMiB().toFixed(0)} MiB\n`);
    }, 10_000);
    const worker = async () => {
      while (next < CALLS) {
        const i = next++;
        const tool = TOOLS[i % TOOLS.length]!;
        const target = TARGETS[Math.floor(i / TOOLS.length) % TARGETS.length]!;
        try {
          const res = await fetch(`${service.origin}/api/v1/tools/${tool}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ url: targets.origin + target }),
            dispatcher,
          });
          const body = (await res.json()) as {
            data?: { results?: Array<{ meta?: { error?: { code: string } } }> };
            error?: { code: string };
          };
          if (res.status !== 200) count(`HTTP ${res.status} ${body.error?.code ?? ''} (${target})`);
          else count(`200 ${body.data?.results?.[0]?.meta?.error?.code ?? 'ok'} (${target})`);
        } catch (err) {
          count(`connection error: ${(err as Error).message}`);
        }
        finished++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    clearInterval(progress);
    const loadS = (performance.now() - started) / 1000;
    const { peak, at: peakBreakdown } = await rss.stop();
    loadDone = true;
    await healthLoop;
    const afterLoad = service.rssMiB();
    const sheds = await countsByReason(service.origin, 'admission_shed_total');
    const ends = await countsByReason(service.origin, 'worker_ends_total');
    await sleep(SETTLE_S * 1000);
    const settled = service.rssMiB();
    const settledMemory = await readMemory(service.origin);

    console.log(
      `bench:soak: ${CALLS} calls, ${CONCURRENCY} at a time, service ${serviceRoot}, default settings + ` +
        `URLKIT_ALLOW_CIDRS`,
    );
    console.log(`targets ${TARGETS.join(', ')}; tools ${TOOLS.join(', ')}; node ${process.version}\n`);
    console.log('| outcome | calls |\n|---|---:|');
    for (const [k, n] of [...outcomes].sort()) console.log(`| ${k} | ${n} |`);
    console.log(`\nshed by reason (/metrics): ${sheds}`);
    // A worker thread that ended leaves much of its memory in the process (docs/admission.md).
    console.log(`worker threads ended by reason (/metrics): ${ends}`);
    const failures = [...outcomes].filter(([k]) => !k.startsWith('200')).reduce((n, [, v]) => n + v, 0);
    console.log('');
    console.log('| measure | value |\n|---|---:|');
    console.log(`| load duration | ${loadS.toFixed(1)} s |`);
    console.log(`| failures (non-200 or connection errors) | ${failures} |`);
    console.log(`| idle RSS at start | ${idleStart.toFixed(0)} MiB |`);
    console.log(`| peak RSS under load | ${peak.toFixed(0)} MiB |`);
    console.log(`| RSS when the load ended | ${afterLoad.toFixed(0)} MiB |`);
    console.log(
      `| RSS ${SETTLE_S} s after the load | ${settled.toFixed(0)} MiB (${(settled - idleStart).toFixed(0)} MiB over ` +
        `idle start) |`,
    );
    console.log(
      `| /healthz during the load | ${health.ok} ok, ${health.failed} failed, slowest ${health.maxMs.toFixed(0)} ms |`,
    );
    console.log('');
    console.log(
      'Where the memory is (MiB, from /metrics; sampled every 0.5 s under load, so the peak row is the highest ' +
        'sample):',
    );
    console.log(
      '| when | RSS | main heap reserved | main heap used | external (Buffers) | body budget held | ' +
        'rest (workers, malloc, code) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    console.log(memoryRow('idle at start', idleMemory));
    console.log(memoryRow('highest sample under load', peakMemory));
    console.log(memoryRow(`${SETTLE_S} s after the load`, settledMemory));
    console.log(memoryRow('highest external (Buffers) sample under load', peakExternal));
    // The budget holds 3 bytes a kept body byte, so body Buffers it covers are at most a third of
    // it; Buffers beyond that third and the cache's 32 MiB are garbage or bodies it does not count.
    if (peakBreakdown) {
      console.log('\nThe highest sample the breakdown was read at (MiB; bench/memory-breakdown.ts):');
      console.log(BREAKDOWN_HEADER);
      console.log(BREAKDOWN_RULE);
      console.log(breakdownRow('soak', peakBreakdown));
    }
  } finally {
    await dispatcher.close();
    await service.stop();
    await targets.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
