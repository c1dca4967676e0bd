// npm run bench:fetch: peak RSS of the fetcher while it fetches decompression bombs, endless
// bodies and trickling bodies in parallel. The hostile site runs in a child process so its
// memory is not counted. Prints one row per scenario.
//   BENCH_PARALLEL (default 40) fetches per scenario, all at once; BENCH_BOMB_MIB (default 1024)
//   decoded size of each bomb; the fetcher runs with its default 5 MiB body cap.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createFetcher } from '../src/fetch/fetch-page.js';
import { testConfig } from '../test/support/loopback-server.js';
import { startHostileSite } from '../test/support/hostile-site.js';

const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 40);
const BOMB_MIB = Number(process.env.BENCH_BOMB_MIB ?? 1024);
const MiB = 1024 * 1024;

if (process.argv[2] === '--serve') {
  const site = await startHostileSite({ bombMiB: BOMB_MIB });
  process.send!(site.origin);
  process.on('disconnect', () => void site.close().then(() => process.exit(0)));
} else {
  await main();
}

interface Row {
  scenario: string;
  fetches: number;
  outcomes: string;
  keptMiB: string;
  wallMs: number;
  peakRssMiB: number;
  overBaselineMiB: number;
}

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const origin = await new Promise<string>((resolve) => child.once('message', (m) => resolve(String(m))));
  // Per-host limit lifted so every fetch of a scenario really runs at once against the one site.
  const fetcher = createFetcher(testConfig({ perHostConcurrency: 10_000, maxRetries: 0 }));
  const scenarios: Array<[string, string[], number]> = [
    [`gzip bomb (${BOMB_MIB} MiB decoded)`, ['/gzip-bomb'], 30_000],
    [`brotli bomb (${BOMB_MIB} MiB decoded)`, ['/br-bomb'], 30_000],
    ['endless body', ['/endless'], 30_000],
    ['trickled body (3 s deadline)', ['/trickle-body'], 3000],
    ['all four mixed', ['/gzip-bomb', '/br-bomb', '/endless', '/trickle-body'], 5000],
  ];
  // Warm up code paths so the baseline includes them.
  await fetcher.fetchPage(`${origin}/html`, { timeoutMs: 5000 });
  gc();
  const baseline = process.memoryUsage().rss;
  const rows: Row[] = [];
  for (const [name, paths, timeoutMs] of scenarios) {
    gc();
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const t0 = performance.now();
    const outcomes = new Map<string, number>();
    let kept = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        fetcher.fetchPage(`${origin}${paths[i % paths.length]}`, { timeoutMs }).then(
          (r) => {
            kept += r.body?.bytes.length ?? 0;
            const k = r.truncated ? 'truncated' : 'ok';
            outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
          },
          (e: { code?: string }) => outcomes.set(e.code ?? 'error', (outcomes.get(e.code ?? 'error') ?? 0) + 1),
        ),
      ),
    );
    const wallMs = Math.round(performance.now() - t0);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    rows.push({
      scenario: name,
      fetches: PARALLEL,
      outcomes: [...outcomes].map(([k, v]) => `${v} ${k}`).join(', '),
      keptMiB: (kept / MiB).toFixed(1),
      wallMs,
      peakRssMiB: Math.round(peak / MiB),
      overBaselineMiB: Math.round((peak - baseline) / MiB),
    });
  }
  await fetcher.close();
  child.disconnect();
  console.log(`\nfetch memory: ${PARALLEL} parallel fetches per scenario, body cap 5 MiB, baseline RSS ${Math.round(baseline / MiB)} MiB (node ${process.version})\n`);
  console.log('| scenario | fetches | outcomes | bytes kept (MiB, all fetches) | wall ms | peak RSS MiB | over baseline MiB |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.scenario} | ${r.fetches} | ${r.outcomes} | ${r.keptMiB} | ${r.wallMs} | ${r.peakRssMiB} | ${r.overBaselineMiB} |`);
  }
}

// A full GC before each scenario so its peak is not inflated by the previous one's garbage.
function gc(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}
