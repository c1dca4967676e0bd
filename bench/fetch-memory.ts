// npm run bench:fetch: peak RSS of the fetcher while it fetches decompression bombs, endless
// bodies and trickling bodies in parallel. The hostile site runs in its own child process, and
// each scenario runs in a fresh child process too, so every peak is that scenario's alone.
//   BENCH_PARALLEL (default 40) fetches per scenario, all at once; BENCH_BOMB_MIB (default 1024)
//   decoded size of each bomb; BENCH_CAP_MIB (default 5, the default URLKIT_MAX_BODY_BYTES).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createFetcher } from '../src/fetch/fetch-page.js';
import { testConfig } from '../test/support/loopback-server.js';
import { startHostileSite } from '../test/support/hostile-site.js';

const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 40);
const BOMB_MIB = Number(process.env.BENCH_BOMB_MIB ?? 1024);
const CAP_MIB = Number(process.env.BENCH_CAP_MIB ?? 5);
const MiB = 1024 * 1024;
const SELF = fileURLToPath(import.meta.url);

const SCENARIOS: Array<{ name: string; paths: string[]; timeoutMs: number }> = [
  { name: `gzip bomb (${BOMB_MIB} MiB decoded)`, paths: ['/gzip-bomb'], timeoutMs: 30_000 },
  { name: `brotli bomb (${BOMB_MIB} MiB decoded)`, paths: ['/br-bomb'], timeoutMs: 30_000 },
  { name: `zstd bomb (${BOMB_MIB} MiB decoded, 8 MiB window)`, paths: ['/zstd-bomb'], timeoutMs: 30_000 },
  { name: 'endless body', paths: ['/endless'], timeoutMs: 30_000 },
  { name: 'trickled body (3 s deadline)', paths: ['/trickle-body'], timeoutMs: 3000 },
  { name: 'all four mixed', paths: ['/gzip-bomb', '/br-bomb', '/endless', '/trickle-body'], timeoutMs: 5000 },
];

interface Row {
  scenario: string;
  outcomes: string;
  keptMiB: number;
  wallMs: number;
  baselineMiB: number;
  peakRssMiB: number;
}

if (process.argv[2] === '--serve') {
  const site = await startHostileSite({ bombMiB: BOMB_MIB });
  // Build the bombs before reporting ready, so no scenario waits on their compression.
  await Promise.all(
    ['/gzip-bomb', '/br-bomb', '/zstd-bomb'].map((p) =>
      fetch(`${site.origin}${p}`, { method: 'HEAD' }).catch(() => null),
    ),
  );
  process.send!(site.origin);
  process.on('disconnect', () => void site.close().then(() => process.exit(0)));
} else if (process.argv[2] === '--scenario') {
  process.send!(await runScenario(Number(process.argv[3]), process.argv[4]!));
  process.disconnect();
} else {
  await main();
}

async function runScenario(index: number, origin: string): Promise<Row> {
  const s = SCENARIOS[index]!;
  // Per-host limit lifted so every fetch really runs at once against the one site.
  const fetcher = createFetcher(testConfig({ perHostConcurrency: 10_000, maxRetries: 0, maxBodyBytes: CAP_MIB * MiB }));
  await fetcher.fetchPage(`${origin}/html`, { timeoutMs: 5000 });
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const outcomes = new Map<string, number>();
  const count = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
  let kept = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) =>
      fetcher.fetchPage(`${origin}${s.paths[i % s.paths.length]}`, { timeoutMs: s.timeoutMs }).then(
        (r) => {
          kept += r.body?.bytes.length ?? 0;
          count(r.truncated ? 'truncated' : 'ok');
        },
        (e: { code?: string }) => count(e.code ?? 'error'),
      ),
    ),
  );
  const wallMs = Math.round(performance.now() - t0);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await fetcher.close();
  return {
    scenario: s.name,
    outcomes: [...outcomes].map(([k, v]) => `${v} ${k}`).join(', '),
    keptMiB: kept / MiB,
    wallMs,
    baselineMiB: baseline / MiB,
    peakRssMiB: peak / MiB,
  };
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (let i = 0; i < SCENARIOS.length; i++) {
    // A fresh site per scenario too: one still pushing the last scenario's endless bodies would slow the next.
    const site = fork(SELF, ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const origin = await new Promise<string>((resolve) => site.once('message', (m) => resolve(m as string)));
    const child = fork(SELF, ['--scenario', String(i), origin], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    rows.push(await new Promise<Row>((resolve) => child.once('message', (m) => resolve(m as Row))));
    site.disconnect();
  }
  console.log(
    `\nfetch memory: ${PARALLEL} parallel fetches per scenario, body cap ${CAP_MIB} MiB, each scenario in a fresh ` +
      `process (node ${process.version})\n`,
  );
  console.log(
    '| scenario | outcomes | body bytes kept, all fetches (MiB) | wall ms | RSS before (MiB) | peak RSS (MiB) | ' +
      'peak over before, per fetch (MiB) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const perFetch = (r.peakRssMiB - r.baselineMiB) / PARALLEL;
    console.log(
      `| ${r.scenario} | ${r.outcomes} | ${r.keptMiB.toFixed(0)} | ${r.wallMs} | ${r.baselineMiB.toFixed(0)} | ` +
        `${r.peakRssMiB.toFixed(0)} | ${perFetch.toFixed(1)} |`,
    );
  }
}
