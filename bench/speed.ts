// npm run bench:speed: parse + extract + render per page, single-threaded, on the quality
// corpus. Prints median and p95 CPU ms per page and pages/s for the floor (htmlparser2 Parser,
// no callbacks), the bare Tokenizer, urlkit's two profiles, and Readability on linkedom and on
// jsdom (jsdom on a subset: it is slow).
// --quick leaves jsdom out; --urlkit-only runs only the floor and urlkit's rows;
// --rounds N (default 3) sets how often the fast rows are timed (see measure()).
import { Parser, Tokenizer } from 'htmlparser2';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { JSDOM, VirtualConsole } from 'jsdom';
import { loadCorpus, type CorpusPage } from './corpus.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { extractContent, type ContentTrace } from '../src/extract/content/extract-content.js';
import { extractIndex } from '../src/extract/index-page.js';
import { renderText } from '../src/render/text.js';
import { renderBlocks } from '../src/render/render.js';
import { percentile } from './stats.js';

const ignore = (): void => {};
const TOKENIZER_CALLBACKS: ConstructorParameters<typeof Tokenizer>[1] = {
  onattribdata: ignore,
  onattribentity: ignore,
  onattribend: ignore,
  onattribname: ignore,
  oncdata: ignore,
  onclosetag: ignore,
  oncomment: ignore,
  ondeclaration: ignore,
  onend: ignore,
  onopentagend: ignore,
  onopentagname: ignore,
  onprocessinginstruction: ignore,
  onselfclosingtag: ignore,
  ontext: ignore,
  ontextentity: ignore,
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
  return {
    median: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    perSec: (1000 * times.length) / total,
    total,
    n: times.length,
  };
}

/**
 * Times every system. The fast rows (the floor, the Tokenizer and urlkit's) are timed `rounds`
 * times, in turn (floor, Tokenizer, content, index, floor, ...), and each reports its pass with
 * the median total: on a shared machine one pass swings by 20%, and taking turns spreads a
 * busy spell over all rows instead of one. Readability's rows are timed once: they are slow,
 * and their margin is wide. Every pass is kept (`passes`) for the per-round ratios.
 */
function measure(
  systems: System[],
  rounds: number,
  repeated: (s: System) => boolean,
): { median: Timing[]; passes: Timing[][] } {
  // Warm up the JIT. The rows timed in rounds get one untimed pass over all their pages: a
  // service's worker runs warm, and with five pages only, urlkit's first round (its much larger
  // code still being compiled) ran 5.0-5.3x the floor where the later rounds ran 2.4-3.2x, while
  // the floor's small code was warm after five. Readability's rows, timed once, keep five pages.
  for (const sys of systems) for (const p of repeated(sys) ? sys.pages : sys.pages.slice(0, 5)) sys.run(p);
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

function main(): void {
  const pages = loadCorpus();
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
      // The content as clean_web_content answers it: rendered by renderBlocks with its word count
      // and meta.tokens (o200k_base), and with a max_tokens budget of 1,000.
      name: 'urlkit content, answered (meta.tokens)',
      pages,
      run: (p) => {
        const ex = extractContent(parseHtml(p.html), p.finalUrl);
        return ex ? renderBlocks(ex.blocks, { format: 'text', title: ex.title, maxChars: 200_000 }) : null;
      },
    },
    {
      name: 'urlkit content, answered, max_tokens 1000',
      pages,
      run: (p) => {
        const ex = extractContent(parseHtml(p.html), p.finalUrl);
        return ex
          ? renderBlocks(ex.blocks, { format: 'text', title: ex.title, maxChars: 200_000, maxTokens: 1000 })
          : null;
      },
    },
    {
      // The same with the account the cleaners' explain field returns (what it costs when asked).
      name: 'urlkit content, explain',
      pages,
      run: (p) => {
        const trace: ContentTrace = { explain: true };
        const ex = extractContent(parseHtml(p.html), p.finalUrl, trace);
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
          return new Readability(document).parse()?.textContent ?? '';
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
          const text = new Readability(dom.window.document).parse()?.textContent ?? '';
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
  const { median: timings, passes } = measure(chosen, rounds, (s) => !s.name.startsWith('Readability'));
  const results = chosen.map((s, i) => ({ name: s.name, ...timings[i]! }));
  const floor = results[0]!.perSec;
  const linkedom = results.find((r) => r.name.startsWith('Readability + linkedom'))?.perSec;
  const gcNote = (globalThis as { gc?: unknown }).gc
    ? 'heap settled before each pass'
    : 'no --expose-gc: heap not settled between passes';
  console.log(
    `${pages.length} pages from ../shared/bench/trafilatura-eval, single thread, CPU time per page, Node ` +
      `${process.version}`,
  );
  console.log(`Fast rows: median of ${rounds} interleaved passes; Readability rows: one pass; ${gcNote}.`);
  console.log('| system | pages | median ms | p95 ms | pages/s | vs Readability+linkedom | vs floor |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.n} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.perSec.toFixed(0)} | ` +
        `${linkedom ? `${(r.perSec / linkedom).toFixed(2)}x` : '-'} | ${(floor / r.perSec).toFixed(2)}x slower |`,
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
    console.log(
      `| ${r.name} | ${ratios.map((x) => x.toFixed(2)).join(' / ')} | ${medianOf(sorted).toFixed(2)}x | ` +
        `${sorted[0]!.toFixed(2)}x | ${sorted[sorted.length - 1]!.toFixed(2)}x |`,
    );
  });
}

main();
