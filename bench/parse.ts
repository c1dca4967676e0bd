// npm run bench:parse: urlkit's HTML parser beside htmlparser2, same process, same pages.
//  - Speed: CPU ms per page on both development sets, for htmlparser2's Parser with no
//    callbacks (bench:speed's floor: tokenizing and end-tag inference, no tree), htmlparser2's
//    parseDocument (its domhandler tree) and urlkit's parseHtml (its tree, with the caps).
//    Median of --rounds interleaved passes (default 5).
//  - Hostile nesting: a page of N nested <div>s (5 MB at N = 450,000: the parse limit), the
//    CPU time, the heap the tree keeps and the tree's depth. htmlparser2 keeps its open
//    elements with unshift and indexOf, quadratic in the nesting, so it runs at smaller N only.
import { Parser, parseDocument } from 'htmlparser2';
import { isTag, type Document, type Element } from 'domhandler';
import { loadCorpus } from './corpus.js';
import { loadWcxb } from './wcxb.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { lowerMedian } from './stats.js';

interface Row {
  name: string;
  parse: (html: string) => unknown;
}

const ROWS: Row[] = [
  { name: 'htmlparser2 Parser, no callbacks (floor)', parse: (html) => new Parser({}).end(html) },
  { name: 'htmlparser2 parseDocument', parse: (html) => parseDocument(html) },
  { name: 'urlkit parseHtml', parse: (html) => parseHtml(html) },
];

const gc = (globalThis as { gc?: () => void }).gc ?? ((): void => {});

function cpuMs<T>(run: () => T): { ms: number; result: T } {
  const c0 = process.cpuUsage();
  const result = run();
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, result };
}

function speed(rounds: number): string[] {
  const sets = [
    { name: 'articles', pages: loadCorpus().map((p) => p.html) },
    { name: 'wcxb-dev', pages: loadWcxb().map((p) => p.html) },
  ];
  const lines = [
    `| parser | ${sets.map((s) => `${s.name} (${s.pages.length}) ms/page | vs floor`).join(' | ')} |`,
    `|---|${sets.map(() => '---|---').join('|')}|`,
  ];
  const cells = ROWS.map(() => [] as string[]);
  for (const set of sets) {
    for (const row of ROWS) for (const html of set.pages) row.parse(html);
    const totals = ROWS.map(() => [] as number[]);
    for (let round = 0; round < rounds; round++) {
      ROWS.forEach((row, i) => {
        gc();
        totals[i]!.push(cpuMs(() => set.pages.forEach((html) => row.parse(html))).ms);
      });
    }
    const floor = lowerMedian(totals[0]!);
    ROWS.forEach((_, i) => {
      const ms = lowerMedian(totals[i]!);
      cells[i]!.push(`${(ms / set.pages.length).toFixed(2)} | ${(ms / floor).toFixed(2)}x`);
    });
  }
  ROWS.forEach((row, i) => lines.push(`| ${row.name} | ${cells[i]!.join(' | ')} |`));
  return lines;
}

function depthOf(doc: Document): number {
  let max = 0;
  const walk = (nodes: Element[], depth: number): void => {
    for (const node of nodes) {
      max = Math.max(max, depth);
      walk(
        node.children.filter((c): c is Element => isTag(c)),
        depth + 1,
      );
    }
  };
  // Iterative would be safer; the depth here is at most a few hundred for urlkit and the N of
  // htmlparser2's rows, which the stack holds.
  walk(
    doc.children.filter((c): c is Element => isTag(c)),
    1,
  );
  return max;
}

function hostile(): string[] {
  const lines = [
    '| parser | nested divs | page MB | CPU ms | heap kept MB | tree depth |',
    '|---|---|---|---|---|---|',
  ];
  const cases: Array<{ row: Row; n: number; depth: boolean }> = [
    { row: ROWS[1]!, n: 20_000, depth: false },
    { row: ROWS[1]!, n: 40_000, depth: false },
    { row: ROWS[2]!, n: 20_000, depth: true },
    { row: ROWS[2]!, n: 40_000, depth: true },
    { row: ROWS[2]!, n: 450_000, depth: true },
  ];
  /** The tree of the case being measured, kept alive while the heap is read. */
  const alive: unknown[] = [];
  for (const { row, n, depth } of cases) {
    // A flat string, as a decoded body is (a rope would be flattened inside the parse and counted).
    const html = Buffer.from(`${'<div>'.repeat(n)}text${'</div>'.repeat(n)}`, 'latin1').toString('latin1');
    alive.length = 0;
    gc();
    const before = process.memoryUsage().heapUsed;
    const { ms, result } = cpuMs(() => row.parse(html));
    alive.push(result);
    gc();
    const withTree = process.memoryUsage().heapUsed;
    alive.length = 0;
    gc();
    // What the tree holds: the heap with it, less the heap once it is let go.
    const kept = withTree - Math.min(before, process.memoryUsage().heapUsed);
    const d = depth ? String(depthOf(result as Document)) : '-';
    const cells = [
      row.name,
      n.toLocaleString('en'),
      (html.length / 1e6).toFixed(2),
      ms.toFixed(0),
      (kept / 1e6).toFixed(1),
      d,
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines;
}

function main(): void {
  const roundsArg = process.argv.indexOf('--rounds');
  const rounds = roundsArg === -1 ? 5 : Math.max(1, Number(process.argv[roundsArg + 1]) || 1);
  console.log(`Parse speed, CPU time, median of ${rounds} interleaved passes, Node ${process.version}`);
  console.log(speed(rounds).join('\n'));
  console.log('');
  console.log('Hostile nesting (one page each)');
  console.log(hostile().join('\n'));
}

main();
