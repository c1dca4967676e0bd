// node --expose-gc dist/bench/speed-large-page.js [--rounds N] [--build <dist>] [--worker [--young MB]]:
// bench:hostile's row-7 page (5 MiB of paragraphs) read as a metadata task with include_content reads it, stage
// by stage: CPU ms (the whole process, so V8's background threads count) and wall ms, the
// median of N rounds (default 5) after one untimed round, against the parse floor (htmlparser2's
// Parser with no callbacks), and the collections each stage paused for (minor and major, their
// count and pause ms: the stage's garbage). The heap is collected before each stage but metadata
// and content, which read the tree the parse stage before them made.
// --build <dist> times another build's modules (its dist directory, e.g. main's, for an A/B in
// one sitting); without it, this build's. --worker runs the stages in a worker thread with the
// pool's young-generation cap (WORKER_YOUNG_GENERATION_MB), as a service reads the page: a
// smaller young generation collects more often, so each MiB of garbage costs more there.
// --young MB sets that cap instead (with --worker), to weigh another one.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import { Worker, isMainThread } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { Document } from 'domhandler';
import { WORKER_YOUNG_GENERATION_MB } from '../src/workers/pool.js';
import { lowerMedian } from './stats.js';

const MiB = 1024 * 1024;
const PARA = '<p>' + 'Words of a long page that goes on and on, paragraph after paragraph. '.repeat(6) + '</p>\n';
const HTML = `<!doctype html><title>Heavy</title><article>${PARA.repeat((5 * MiB) / PARA.length)}</article>`;
const URL = 'http://127.0.0.2:8080/heavy?call=0&item=0';
const HEADERS = { 'content-type': 'text/html; charset=utf-8' };
const CONTENT = { profile: 'content', format: 'text', includeTitle: false, maxChars: 200_000, start: 0 } as const;

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

async function main(): Promise<void> {
  const rounds = Math.max(1, Number(arg('--rounds') ?? 5) || 5);
  const dist = resolve(arg('--build') ?? resolve(import.meta.dirname, '..'));
  // Another build's modules have this build's types (the functions timed keep their signatures).
  const load = <T>(rel: string): Promise<T> => import(pathToFileURL(resolve(dist, rel)).href) as Promise<T>;
  const { Parser } = createRequire(resolve(dist, '..', 'package.json'))('htmlparser2') as typeof import('htmlparser2');
  const { default: runTask } = await load<typeof import('../src/workers/worker.js')>('src/workers/worker.js');
  const { loadEncoding } = await load<typeof import('../src/render/token-count.js')>('src/render/token-count.js');
  const { parseHtml } = await load<typeof import('../src/parse/parse-html.js')>('src/parse/parse-html.js');
  const { extractMetadata } = await load<typeof import('../src/extract/metadata/index.js')>(
    'src/extract/metadata/index.js',
  );
  const { cleanDocument } = await load<typeof import('../src/workers/clean-document.js')>(
    'src/workers/clean-document.js',
  );
  loadEncoding();
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  const bytes = Buffer.from(HTML);
  let doc: Document = parseHtml('');
  const stages: Record<string, () => void> = {
    'parse floor (htmlparser2 Parser)': () => new Parser({}).end(HTML),
    parseHtml: () => (doc = parseHtml(HTML)),
    extractMetadata: () => extractMetadata(doc, URL, HEADERS),
    'cleanDocument (content)': () => cleanDocument(doc, { ...CONTENT, finalUrl: URL, reparse: () => parseHtml(HTML) }),
    'whole task (decode, parse, metadata, content)': () =>
      runTask({
        kind: 'metadata',
        input: {
          body: { bytes, charset: 'utf-8' },
          bodyKind: 'html',
          finalUrl: URL,
          headers: HEADERS,
          includeContent: true,
          maxTokens: null,
        },
      }),
  };
  const readsTree = new Set(['extractMetadata', 'cleanDocument (content)']);
  // Collections are reported after they happen: each is given to the stage whose span holds it.
  const collections: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => collections.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const spans: Array<{ name: string; from: number; to: number }> = [];
  const times = new Map(Object.keys(stages).map((k) => [k, { cpu: [] as number[], wall: [] as number[] }]));
  for (let r = -1; r < rounds; r++) {
    for (const [name, run] of Object.entries(stages)) {
      if (!readsTree.has(name)) gc();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      run();
      const c = process.cpuUsage(c0);
      const t1 = performance.now();
      if (r < 0) continue;
      times.get(name)!.cpu.push((c.user + c.system) / 1000);
      times.get(name)!.wall.push(t1 - t0);
      spans.push({ name, from: t0, to: t1 });
    }
  }
  await new Promise((done) => setTimeout(done, 50));
  observer.disconnect();
  const paused = new Map(Object.keys(stages).map((k) => [k, { minor: 0, major: 0, minorMs: 0, majorMs: 0 }]));
  for (const e of collections) {
    const span = spans.find((s) => e.startTime >= s.from && e.startTime <= s.to);
    if (!span) continue;
    const p = paused.get(span.name)!;
    const minor =
      (e as PerformanceEntry & { detail: { kind: number } }).detail.kind === constants.NODE_PERFORMANCE_GC_MINOR;
    if (minor) {
      p.minor++;
      p.minorMs += e.duration;
    } else {
      p.major++;
      p.majorMs += e.duration;
    }
  }
  const mib = HTML.length / MiB;
  const floor = lowerMedian(times.get('parse floor (htmlparser2 Parser)')!.cpu);
  const where = isMainThread ? 'main thread' : `worker, young generation ${youngMb} MiB`;
  console.log(`${dist}: page ${mib.toFixed(2)} MiB, ${rounds} rounds, medians; ${where}; Node ${process.version}`);
  console.log(
    '| stage | CPU ms | wall ms | CPU ms per MiB | CPU x floor | minor GCs (ms) per round |' +
      ' major GCs (ms) per round |\n|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const [name, t] of times) {
    const cpu = lowerMedian(t.cpu);
    const p = paused.get(name)!;
    const per = (n: number, ms: number) => `${(n / rounds).toFixed(1)} (${(ms / rounds).toFixed(0)})`;
    const cells = [cpu.toFixed(0), lowerMedian(t.wall).toFixed(0), (cpu / mib).toFixed(0), (cpu / floor).toFixed(2)];
    cells.push(per(p.minor, p.minorMs), per(p.major, p.majorMs));
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
}

const youngMb = Number(arg('--young') ?? WORKER_YOUNG_GENERATION_MB);
if (isMainThread && process.argv.includes('--worker')) {
  const worker = new Worker(import.meta.filename, {
    argv: process.argv.slice(2),
    resourceLimits: { maxYoungGenerationSizeMb: youngMb },
  });
  await new Promise((done, fail) => worker.on('exit', done).on('error', fail));
} else await main();
