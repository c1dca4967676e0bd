// Diagnostic (session 26): one worker pool as the service builds it, fed 5 MiB pages, spaces
// (a bomb's decoded body) and small pages; prints process RSS (sampled every 10 ms) and each
// worker's heap after its task.
import { Piscina } from 'piscina';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadCorpus } from './corpus.js';
import { isHeapReport } from '../src/workers/heap-report.js';

const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
const arg = (n: string) => {
  const i = process.argv.indexOf(`--${n}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const threads = Number(arg('threads') ?? 2);
const young = Number(arg('young') ?? 8);
const old = Number(arg('old') ?? 512);
const kinds = (arg('kinds') ?? 'big,bomb,big,bomb,small').split(',');
const concurrent = Number(arg('concurrent') ?? 2);

const pages = loadCorpus(40);
const article = pages.reduce((a, p) => (p.html.length > a.length && p.html.length < 200_000 ? p.html : a), '');
let big = '';
while (big.length < 5 * 1024 * 1024) big += article;
big = big.slice(0, 5 * 1024 * 1024);
const bomb = ' '.repeat(5 * 1024 * 1024);
const bodies: Record<string, string> = { big, bomb, small: article };

const piscina = new Piscina({
  filename: new URL('../src/workers/worker-entry.cjs', import.meta.url).href,
  minThreads: 1,
  maxThreads: threads,
  idleTimeout: 10_000,
  resourceLimits: { maxOldGenerationSizeMb: old, maxYoungGenerationSizeMb: young },
});
const heaps = new Map<number, number>();
piscina.on('message', (m: unknown) => {
  if (isHeapReport(m)) heaps.set(m.threadId, m.heapBytes);
});
let peak = rssMiB();
const t = setInterval(() => {
  peak = Math.max(peak, rssMiB());
}, 10);
await sleep(500);
console.log(`start RSS ${rssMiB().toFixed(0)} MiB`);
const tool = arg('tool') ?? 'clean';
for (const kind of kinds) {
  peak = rssMiB();
  const before = peak;
  const t0 = performance.now();
  const body = bodies[kind]!;
  const task =
    tool === 'clean'
      ? {
          kind: 'clean',
          input: {
            body: { bytes: new Uint8Array(Buffer.from(body)), charset: 'utf-8' },
            bodyKind: 'html',
            finalUrl: 'http://127.0.0.2/big',
            profile: 'content',
            format: 'text',
            includeTitle: false,
            maxChars: 200_000,
          },
        }
      : {
          kind: 'metadata',
          input: {
            body: { bytes: new Uint8Array(Buffer.from(body)), charset: 'utf-8' },
            bodyKind: 'html',
            finalUrl: 'http://127.0.0.2/big',
            headers: {},
            includeContent: true,
          },
        };
  await Promise.all(
    Array.from({ length: concurrent }, () =>
      piscina.run({ task, startId: 0 }).catch((e: Error) => console.log('err', e.message)),
    ),
  );
  await sleep(50);
  const heapList = [...heaps.values()].map((b) => (b / 2 ** 20).toFixed(0)).join(',');
  console.log(
    `${kind} x${concurrent}: ${(performance.now() - t0).toFixed(0)} ms, RSS before ${before.toFixed(0)} peak ` +
      `${peak.toFixed(0)} after ${rssMiB().toFixed(0)}; heaps ${heapList} MiB; threads ${piscina.threads.length}`,
  );
}
clearInterval(t);
if (!process.argv.includes('--recycle')) await piscina.destroy();
if (process.argv.includes('--recycle')) {
  await sleep(1000);
  console.log(`before replacing the workers: RSS ${rssMiB().toFixed(0)} MiB`);
  const p2 = new Piscina({
    filename: new URL('../src/workers/worker-entry.cjs', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 10_000,
    resourceLimits: { maxOldGenerationSizeMb: old, maxYoungGenerationSizeMb: young },
  });
  await Promise.all(
    Array.from({ length: threads }, () =>
      p2.run({
        kind: 'clean',
        input: {
          body: article,
          bodyKind: 'html',
          finalUrl: 'http://x/',
          profile: 'content',
          format: 'text',
          includeTitle: false,
          maxChars: 200_000,
        },
      }),
    ),
  );
  await sleep(1000);
  console.log(`both pools alive (fresh pool did one small page each): RSS ${rssMiB().toFixed(0)} MiB`);
  await piscina.destroy();
  await sleep(1000);
  console.log(`old pool destroyed: RSS ${rssMiB().toFixed(0)} MiB`);
  await p2.destroy();
}
