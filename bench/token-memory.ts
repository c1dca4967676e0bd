// node dist/bench/token-memory.js [--root DIR] [--pages 600] [--threads 2]: what the token encoding
// and the counting tables hold in a worker pool as the service builds it. Starts a WorkerPool
// (of this build, or of DIR's dist/ with --root), waits for its workers to load the encoding,
// then cleans corpus pages (content profile, text, meta.tokens counted) one after the other
// on `threads` workers, and prints the process RSS and each worker's heap (its own report after
// its last task) at three points: workers started, after half the pages, after all of them.
// Run it once per build to compare (e.g. a build of main against this one).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../src/config/config.js';
import type { WorkerPool as Pool } from '../src/workers/pool.js';
import { loadCorpus } from './corpus.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const root = resolve(arg('root') ?? resolve(import.meta.dirname, '..', '..'));
const total = Number(arg('pages') ?? 600);
const threads = Number(arg('threads') ?? 2);
const { WorkerPool } = (await import(pathToFileURL(resolve(root, 'dist/src/workers/pool.js')).href)) as {
  WorkerPool: typeof Pool;
};
const config = { ...loadConfig({}), workerThreads: threads, workerTaskTimeoutMs: 60_000 };
const pool = new WorkerPool(config);
const pages = loadCorpus(total);

const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
const mib = (b: number) => (b / 2 ** 20).toFixed(1);

function show(label: string): void {
  const heaps = pool
    .workerHeaps()
    .map((w) => `${mib(w.usedBytes)} (${w.tasks} tasks)`)
    .join(', ');
  console.log(`| ${label} | ${rssMiB().toFixed(0)} | ${heaps || '-'} | ${pool.recycled} |`);
}

async function clean(html: string, finalUrl: string): Promise<void> {
  await pool.run({
    kind: 'clean',
    input: {
      body: html,
      bodyKind: 'html',
      finalUrl,
      profile: 'content',
      format: 'text',
      includeTitle: true,
      maxChars: 200_000,
    },
  });
}

console.log(
  `${root}: ${threads} workers, ${pages.length} corpus pages cleaned (text, meta.tokens), Node ${process.version}`,
);
console.log('| point | process RSS MiB | worker heaps MiB after their last task | workers recycled |');
console.log('|---|---|---|---|');
// Every worker takes a first small task: each has started and loaded the encoding.
await Promise.all(Array.from({ length: threads }, () => clean('<title>x</title><p>Warm up.</p>', 'http://x/')));
await sleep(500);
show('workers started');
let next = 0;
const lane = async (upTo: number) => {
  while (next < upTo) {
    const p = pages[next++]!;
    await clean(p.html, p.finalUrl);
  }
};
await Promise.all(Array.from({ length: threads }, () => lane(Math.floor(pages.length / 2))));
show(`after ${Math.floor(pages.length / 2)} pages`);
await Promise.all(Array.from({ length: threads }, () => lane(pages.length)));
show(`after ${pages.length} pages`);
await pool.close();
