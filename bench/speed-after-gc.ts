// node dist/bench/speed-after-gc.js [--rounds N] [--window W]: what a worker pays for content
// extraction on the pages after a full collection, against the same pages warm.
//
// A worker collects its garbage after every task whose input is 1 MiB or more
// (src/workers/worker-entry.cts), with no page in flight; the pages it reads next pay for what
// that collection threw away (docs/content-extraction.md, "What the content row pays for after
// a full collection"). Each round takes the next `window` pages of the corpus: reads them once
// untimed, times them warm, collects with the worker's own gc (util/engine-gc.ts), and times
// them again. CPU time of the whole process, so the background threads that recompile count.
import { loadCorpus, type CorpusPage } from './corpus.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { extractContent } from '../src/extract/content/extract-content.js';
import { renderText } from '../src/render/text.js';
import { engineGc } from '../src/util/engine-gc.js';
import { lowerMedian } from './stats.js';

function read(p: CorpusPage): string {
  const ex = extractContent(parseHtml(p.html), p.finalUrl);
  return ex ? renderText(ex.blocks, { title: ex.title }) : '';
}

/** CPU ms of reading `pages` once. */
function cpuMs(pages: CorpusPage[]): number {
  const c0 = process.cpuUsage();
  for (const p of pages) read(p);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Math.max(1, Number(process.argv[at + 1]) || fallback);
}

function main(): void {
  const gc = engineGc();
  if (!gc) throw new Error('no gc() to be had (util/engine-gc.ts)');
  const pages = loadCorpus();
  const rounds = arg('--rounds', 20);
  const window = arg('--window', 30);
  // Warm, as a serving worker is: every page once.
  for (const p of pages) read(p);
  const warm: number[] = [];
  const after: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = (r * window) % pages.length;
    const slice = pages.slice(start, start + window);
    cpuMs(slice);
    warm.push(cpuMs(slice));
    gc();
    after.push(cpuMs(slice));
  }
  const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
  const ratios = after.map((a, k) => a / warm[k]!);
  console.log(`${rounds} rounds of ${window} pages, Node ${process.version}; CPU ms per page`);
  console.log('| pages read | ms a page | after collection / warm, median of rounds (min-max) |');
  console.log('|---|---:|---|');
  console.log(`| warm | ${(sum(warm) / (rounds * window)).toFixed(2)} | |`);
  console.log(
    `| right after a full collection | ${(sum(after) / (rounds * window)).toFixed(2)} | ` +
      `${lowerMedian(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}) |`,
  );
}

main();
