// npm run bench:speed: parse + extract + render per page, single-threaded, on the quality
// corpus. Prints median and p95 CPU ms per page and pages/s for the floor (htmlparser2 Parser,
// no callbacks), the bare Tokenizer, urlkit's two profiles, and Readability on linkedom and on
// jsdom (jsdom on a subset: it is slow).
// --quick leaves jsdom out; --urlkit-only runs only the floor and urlkit's rows;
// --rounds N (default 3) sets how often the fast rows are timed (see measure());
// --paired-rounds N (default 5, 0 to skip) sets the rounds of the paired measure (see
// measurePaired()); --pages N times only every Nth page of the corpus (a quick check).
import { Parser, Tokenizer } from 'htmlparser2';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { JSDOM, VirtualConsole } from 'jsdom';
import { loadCorpus, type CorpusPage } from './corpus.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { extractContent } from '../src/extract/content/extract-content.js';
import { extractIndex } from '../src/extract/index-page.js';
import { renderText } from '../src/render/text.js';

type ReadabilityDoc = ConstructorParameters<typeof Readability>[0];

const ignore = (): void => {};
const TOKENIZER_CALLBACKS: ConstructorParameters<typeof Tokenizer>[1] = {
  onattribdata: ignore, onattribentity: ignore, onattribend: ignore, onattribname: ignore, oncdata: ignore,
  onclosetag: ignore, oncomment: ignore, ondeclaration: ignore, onend: ignore, onopentagend: ignore,
  onopentagname: ignore, onprocessinginstruction: ignore, onselfclosingtag: ignore, ontext: ignore, ontextentity: ignore,
};

interface System {
  name: string;
  pages: CorpusPage[];
  run: (p: CorpusPage) => unknown;
}

interface Timing {
  median: number;
  p95: number;
  perSec: number;
  total: number;
  n: number;
}

/** One pass over the system's pages: CPU ms per page. */
function timePass(sys: System): Timing {
  // Start from a settled heap, so that no pass pays for the garbage of the one before it
  // (npm run bench:speed runs node with --expose-gc; without it this is skipped).
  (globalThis as { gc?: () => void }).gc?.();
  const times: number[] = [];
  let total = 0;
  for (const p of sys.pages) {
    // CPU time of this process, not wall time: the benchmark often shares the machine, and
    // CPU time is what one worker spends per page either way (its GC threads included).
    const c0 = process.cpuUsage();
    sys.run(p);
    const c = process.cpuUsage(c0);
    const ms = (c.user + c.system) / 1000;
    times.push(ms);
    total += ms;
  }
  times.sort((a, b) => a - b);
  const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { median: at(0.5), p95: at(0.95), perSec: (1000 * times.length) / total, total, n: times.length };
}

/**
 * Times every system. The fast rows (the floor, the Tokenizer and urlkit's) are timed `rounds`
 * times, in turn (floor, Tokenizer, content, index, floor, ...), and each reports its pass with
 * the median total: on a shared machine one pass swings by 20%, and taking turns spreads a
 * busy spell over all rows instead of one. Readability's rows are timed once: they are slow,
 * and their margin is wide. Every pass is kept (`passes`) for the per-round ratios.
 */
function measure(systems: System[], rounds: number, repeated: (s: System) => boolean): { median: Timing[]; passes: Timing[][] } {
  // Warm up the JIT on a few pages so the first pages do not dominate.
  for (const sys of systems) for (const p of sys.pages.slice(0, 5)) sys.run(p);
  const passes: Timing[][] = systems.map(() => []);
  for (let round = 0; round < rounds; round++) {
    systems.forEach((sys, i) => {
      if (round === 0 || repeated(sys)) passes[i]!.push(timePass(sys));
    });
  }
  return { median: passes.map((list) => medianOf([...list].sort((a, b) => a.total - b.total))), passes };
}

function medianOf<T>(sorted: T[]): T {
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * A row's cost against the floor's, round by round: its pass over the floor's pass of the same
 * round (taken seconds apart), then the median. The medians of the two rows come from passes
 * that may lie a minute apart, and the floor's own pass moved by half between runs on the
 * shared VM, so the ratio of the medians followed the machine more than the build.
 */
function perRoundRatios(row: Timing[], floor: Timing[]): number[] {
  return row.slice(0, floor.length).map((t, k) => t.total / floor[k]!.total);
}

/**
 * The paired measure: every page is timed for the floor and for each paired row back to back,
 * in an order that alternates page by page (the floor first on one page, last on the next), and
 * each side's CPU is summed over the set. A round's ratio is a row's sum over the floor's sum of
 * the same round; the rounds give the median and the spread. The two sides of a ratio are then
 * taken milliseconds apart over the same pages, so a busy spell of the machine falls on both
 * alike, where the passes of measure() lie seconds to a minute apart.
 */
function measurePaired(floor: System, rows: System[], rounds: number): { totals: number[][]; floorTotals: number[]; best: Float64Array[] } {
  const all = [floor, ...rows];
  for (const sys of all) for (const p of sys.pages.slice(0, 5)) sys.run(p);
  const floorTotals: number[] = [];
  const totals: number[][] = rows.map(() => []);
  // Each side's least CPU on each page over the rounds: a shared machine only ever adds time.
  const best = all.map(() => new Float64Array(floor.pages.length).fill(Infinity));
  for (let round = 0; round < rounds; round++) {
    (globalThis as { gc?: () => void }).gc?.();
    const sums = new Float64Array(all.length);
    const pages = floor.pages;
    for (let k = 0; k < pages.length; k++) {
      const p = pages[k]!;
      // Forward on one page, backward on the next (and the other way in the next round).
      const forward = ((k + round) & 1) === 0;
      for (let j = 0; j < all.length; j++) {
        const at = forward ? j : all.length - 1 - j;
        const c0 = process.cpuUsage();
        all[at]!.run(p);
        const c = process.cpuUsage(c0);
        const ms = (c.user + c.system) / 1000;
        sums[at] = sums[at]! + ms;
        if (ms < best[at]![k]!) best[at]![k] = ms;
      }
    }
    floorTotals.push(sums[0]!);
    rows.forEach((_, i) => totals[i]!.push(sums[i + 1]!));
  }
  return { totals, floorTotals, best };
}

function main(): void {
  const everyArg = process.argv.indexOf('--pages');
  const every = everyArg === -1 ? 1 : Math.max(1, Number(process.argv[everyArg + 1]) || 1);
  const pages = loadCorpus().filter((_, i) => i % every === 0);
  const jsdomEvery = Number(process.env['URLKIT_BENCH_JSDOM_EVERY'] ?? 5);
  const virtualConsole = new VirtualConsole();
  const systems: System[] = [
    {
      // The floor: htmlparser2's Parser with no callbacks reads every tag, attribute and text
      // and keeps its open-element stack (implied end tags), but builds nothing. This is what
      // parser benchmarks call "htmlparser2"; every HTML reader built on it pays at least this.
      name: 'htmlparser2 Parser, no callbacks (floor)',
      pages,
      run: (p) => {
        const parser = new Parser({});
        parser.end(p.html);
      },
    },
    {
      // For reference: the bare Tokenizer under the Parser (no end-tag inference, no element
      // stack), about two thirds of the floor's cost. Not a usable parse on its own.
      name: 'htmlparser2 Tokenizer alone (reference)',
      pages,
      run: (p) => {
        const tokenizer = new Tokenizer({ decodeEntities: true }, TOKENIZER_CALLBACKS);
        tokenizer.write(p.html);
        tokenizer.end();
      },
    },
    {
      name: 'urlkit content',
      pages,
      run: (p) => {
        const ex = extractContent(parseHtml(p.html), p.finalUrl);
        return ex ? renderText(ex.blocks, { title: ex.title }) : '';
      },
    },
    {
      name: 'urlkit index',
      pages,
      run: (p) => {
        const ex = extractIndex(parseHtml(p.html), p.finalUrl);
        return ex ? renderText(ex.blocks, { title: ex.title }) : '';
      },
    },
    {
      name: 'Readability + linkedom',
      pages,
      run: (p) => {
        try {
          const { document } = parseHTML(p.html);
          return new Readability(document as unknown as ReadabilityDoc).parse()?.textContent ?? '';
        } catch {
          return '';
        }
      },
    },
    {
      name: `Readability + jsdom (every ${jsdomEvery}th page)`,
      pages: pages.filter((_, i) => i % jsdomEvery === 0),
      run: (p) => {
        try {
          const dom = new JSDOM(p.html, { url: p.finalUrl, virtualConsole });
          const text = new Readability(dom.window.document as unknown as ReadabilityDoc).parse()?.textContent ?? '';
          dom.window.close();
          return text;
        } catch {
          return '';
        }
      },
    },
  ];
  const quick = process.argv.includes('--quick');
  // --urlkit-only: the floor and urlkit's rows alone, for iterating on urlkit's own speed.
  const urlkitOnly = process.argv.includes('--urlkit-only');
  const chosen = urlkitOnly
    ? systems.filter((s) => !s.name.startsWith('Readability'))
    : quick
      ? systems.filter((s) => !s.name.includes('jsdom'))
      : systems;
  const roundsArg = process.argv.indexOf('--rounds');
  const rounds = roundsArg === -1 ? 3 : Math.max(1, Number(process.argv[roundsArg + 1]) || 1);
  const pairedArg = process.argv.indexOf('--paired-rounds');
  const pairedRounds = pairedArg === -1 ? 5 : Math.max(0, Number(process.argv[pairedArg + 1]) || 0);
  const { median: timings, passes } = measure(chosen, rounds, (s) => !s.name.startsWith('Readability'));
  const results = chosen.map((s, i) => ({ name: s.name, ...timings[i]! }));
  const floor = results[0]!.perSec;
  const linkedom = results.find((r) => r.name.startsWith('Readability + linkedom'))?.perSec;
  const gcNote = (globalThis as { gc?: unknown }).gc ? 'heap settled before each pass' : 'no --expose-gc: heap not settled between passes';
  console.log(`${pages.length} pages from ../shared/bench/trafilatura-eval, single thread, CPU time per page, Node ${process.version}`);
  console.log(`Fast rows: median of ${rounds} interleaved passes; Readability rows: one pass; ${gcNote}.`);
  console.log('| system | pages | median ms | p95 ms | pages/s | vs Readability+linkedom | vs floor |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.n} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.perSec.toFixed(0)} | ${linkedom ? `${(r.perSec / linkedom).toFixed(2)}x` : '-'} | ${(floor / r.perSec).toFixed(2)}x slower |`,
    );
  }
  // The bar (content within 3x of the floor) is read from these: each round's pass against the
  // floor's pass of the same round.
  console.log('');
  console.log('| row vs floor, per round | rounds | median | min | max |');
  console.log('|---|---|---|---|---|');
  results.forEach((r, i) => {
    if (i === 0 || passes[i]!.length < 2) return;
    const ratios = perRoundRatios(passes[i]!, passes[0]!);
    const sorted = [...ratios].sort((a, b) => a - b);
    console.log(`| ${r.name} | ${ratios.map((x) => x.toFixed(2)).join(' / ')} | ${medianOf(sorted).toFixed(2)}x | ${sorted[0]!.toFixed(2)}x | ${sorted[sorted.length - 1]!.toFixed(2)}x |`);
  });
  if (pairedRounds === 0) return;
  // The paired measure (measurePaired): the floor and the Tokenizer and urlkit rows page by page
  // in alternating order, summed per side; this is the ratio to read against the 3x bar.
  const paired = chosen.slice(1).filter((s) => !s.name.startsWith('Readability'));
  const { totals, floorTotals, best } = measurePaired(chosen[0]!, paired, pairedRounds);
  const floorSorted = [...floorTotals].sort((a, b) => a - b);
  console.log('');
  console.log(`Paired: each page timed for the floor and every row below back to back, order alternating page by page; sums per side over ${pages.length} pages, ${pairedRounds} rounds (floor ${floorTotals.map((t) => t.toFixed(0)).join(' / ')} ms a round, median ${medianOf(floorSorted).toFixed(0)}).`);
  // Read beside the floor's own passes: when the floor costs more paired than alone, the heavier
  // rows' garbage collection (V8's background threads count in process.cpuUsage) and their
  // cache footprint land in the floor's time, and the paired ratios understate them.
  const floorAlone = medianOf(passes[0]!.map((t) => t.total).sort((a, b) => a - b));
  console.log(`The floor paired costs ${(medianOf(floorSorted) / floorAlone).toFixed(2)}x its own passes (${floorAlone.toFixed(0)} ms a pass): above 1, the paired ratios understate the heavier rows.`);
  const sumOf = (a: Float64Array): number => a.reduce((m, x) => m + x, 0);
  const floorBest = sumOf(best[0]!);
  console.log('| row vs floor, paired | rounds | median | min | max | spread (max/min) | median ms a round | per-page best of rounds |');
  console.log('|---|---|---|---|---|---|---|---|');
  paired.forEach((s, i) => {
    const ratios = totals[i]!.map((t, k) => t / floorTotals[k]!);
    const sorted = [...ratios].sort((a, b) => a - b);
    const ms = medianOf([...totals[i]!].sort((a, b) => a - b));
    console.log(`| ${s.name} | ${ratios.map((x) => x.toFixed(2)).join(' / ')} | ${medianOf(sorted).toFixed(2)}x | ${sorted[0]!.toFixed(2)}x | ${sorted[sorted.length - 1]!.toFixed(2)}x | ${(sorted[sorted.length - 1]! / sorted[0]!).toFixed(3)} | ${ms.toFixed(0)} | ${(sumOf(best[i + 1]!) / floorBest).toFixed(2)}x |`);
  });
}

main();
