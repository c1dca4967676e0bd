// node dist/bench/clean-cpu.js [--root DIR] [--calls 300] [--warmup 100] [--format text|markdown]
// [--page article|corpus] [--young MB]: a worker's share of a content call, in this process: cleanTask (decode,
// parse, extract, render, count tokens) of DIR's build (default this one) on bench:load's article
// (`--page corpus`: the first 200 corpus pages, each once a round), CPU ms per call from
// process.cpuUsage, and the KiB the heap grew by in a call (the median over calls no collection
// fell in: what the call allocated, steadier than time on a shared machine). Compares builds
// in separate processes, which bench:cpu's per-thread figures cannot: one process per build, run
// A B B A. The answer's hash is printed so that two builds can be seen to answer alike.
// --young MB runs the calls in a worker thread with that young-generation cap, as the pool's
// workers run (WORKER_YOUNG_GENERATION_MB): the CPU then includes the collections a cap costs.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { Worker, isMainThread } from 'node:worker_threads';
import type { cleanTask as CleanTask } from '../src/workers/clean-task.js';
import { loadCorpus } from './corpus.js';
import { pickArticle } from './target-pages.js';
import { arg } from './service-process.js';

const young = arg('young');
if (young !== undefined && isMainThread) {
  const worker = new Worker(import.meta.filename, {
    argv: process.argv.slice(2),
    resourceLimits: { maxYoungGenerationSizeMb: Number(young), maxOldGenerationSizeMb: 512 },
  });
  await new Promise((done, fail) => worker.on('exit', done).on('error', fail));
  process.exit(0);
}

const root = resolve(arg('root') ?? resolve(import.meta.dirname, '..', '..'));
const calls = Number(arg('calls') ?? 300);
const warmup = Number(arg('warmup') ?? 100);
const format = (arg('format') ?? 'text') as 'text' | 'markdown';
const pages = arg('page') === 'corpus' ? loadCorpus(200).map((p) => Buffer.from(p.html)) : [Buffer.from(pickArticle())];
const { cleanTask } = (await import(pathToFileURL(resolve(root, 'dist/src/workers/clean-task.js')).href)) as {
  cleanTask: typeof CleanTask;
};

function once(page: Buffer): string {
  const bytes = new Uint8Array(page.length);
  bytes.set(page);
  const r = cleanTask({
    body: { bytes, charset: 'utf-8' },
    bodyKind: 'html',
    finalUrl: 'http://127.0.0.2/article',
    profile: 'content',
    format,
    includeTitle: true,
    maxChars: 200_000,
  });
  return r.ok ? `${r.title}\n${r.content}\n${r.tokens}\n${r.wordCount}` : r.code;
}

for (let i = 0; i < warmup; i++) once(pages[i % pages.length]!);
const hash = createHash('sha256');
for (const p of pages) hash.update(once(p));
const rounds = Math.max(1, Math.round(calls / pages.length));
const t0 = process.cpuUsage();
for (let r = 0; r < rounds; r++) for (const p of pages) once(p);
const t = process.cpuUsage(t0);
const n = rounds * pages.length;
const grown: number[] = [];
for (let r = 0; r < rounds; r++)
  for (const p of pages) {
    const before = v8.getHeapStatistics().used_heap_size;
    once(p);
    const by = v8.getHeapStatistics().used_heap_size - before;
    // A collection inside the call makes the heap shrink or grow by less: such calls are left out.
    if (by > 0) grown.push(by);
  }
grown.sort((a, b) => a - b);
const kib = grown.length ? (grown[grown.length >> 1]! / 1024).toFixed(0) : '-';
console.log('| build | calls | CPU ms per call | KiB grown per call (median) | answer hash |');
console.log('|---|---:|---:|---:|---|');
console.log(
  `| ${root} | ${n} | ${((t.user + t.system) / 1000 / n).toFixed(3)} | ${kib} | ${hash.digest('hex').slice(0, 12)} |`,
);
