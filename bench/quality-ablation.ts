// npm run bench:quality-ablation: what each row of the content pipeline's tables is worth, on the
// tune and on the check split of both development sets. Every reading (readings/readings.ts) and
// every block pass (passes/passes.ts) is switched off in turn, and the sets are scored again; a
// row's gain is the figure with it minus the figure without it. A gain on tune that check does
// not share marks a row fitted to the pages it was written on; a row that costs on check is a
// defect (docs/quality-gate.md).
//
// Rows are switched off from here, on the tables' own objects (a reading's `applies` answers
// false, a pass returns its blocks unchanged), and put back after: production code has no switch.
// A row that changed nothing on a page (a reading that did not apply, a pass that returned its
// blocks as they were, in every reading of the page) cannot change that page's answer, so only
// the pages a row touched in the first run are scored again (--full scores every page, to check).
// Flags: --limit=N (first N pages of each set), --only=<row name>, --full, --min-pages=N (rows
// touching fewer pages are not listed; default 0: every row, so that a row no page of the sets
// reaches shows, with its gains 0). The table's head and row names are exported
// for the docs test that checks the table docs/quality-gate.md prints.
import { loadCorpus, type CorpusPage } from './corpus.js';
import { loadWcxb, scoreTokens, type WcxbPage } from './wcxb.js';
import { siteOf, splitOf, SPLITS, type Split } from './quality-split.js';
import { urlkitApiText, urlkitText } from './quality-systems.js';
import { scorePage } from './quality-snippets.js';
import { READINGS } from '../src/extract/content/readings/readings.js';
import { PASSES } from '../src/extract/content/passes/passes.js';
import type { Block } from '../src/extract/blocks.js';

const TYPES = ['article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product'];

/** One page's score: a wcxb page's token F1, an article page's snippet counts. */
interface PageResult {
  f1: number;
  tp: number;
  fp: number;
  fn: number;
}

type Item =
  | { set: 'wcxb'; split: Split; type: string; page: WcxbPage }
  | { set: 'articles'; split: Split; type: 'article'; page: CorpusPage };

function score(item: Item): PageResult {
  if (item.set === 'wcxb')
    return { f1: scoreTokens(urlkitApiText(item.page), item.page.truth).f1, tp: 0, fp: 0, fn: 0 };
  const { counts } = scorePage(item.page, urlkitText(item.page));
  return { f1: 0, tp: counts.tp, fp: counts.fp, fn: counts.fn };
}

/** The figures bench:quality prints: wcxb mean F1 overall and per type, articles micro F1; each
 *  on one split. Kept as sums, so that one page's change is a subtraction and an addition. */
class Totals {
  readonly sums = new Map<string, { n: number; f1: number; tp: number; fp: number; fn: number }>();

  add(item: Item, r: PageResult, sign = 1): void {
    const keys =
      item.set === 'wcxb'
        ? [`wcxb|${item.split}|overall`, `wcxb|${item.split}|${item.type}`]
        : [`articles|${item.split}`];
    for (const k of keys) {
      const s = this.sums.get(k) ?? { n: 0, f1: 0, tp: 0, fp: 0, fn: 0 };
      s.n += sign;
      s.f1 += sign * r.f1;
      s.tp += sign * r.tp;
      s.fp += sign * r.fp;
      s.fn += sign * r.fn;
      this.sums.set(k, s);
    }
  }

  figure(key: string): number {
    const s = this.sums.get(key);
    if (!s || s.n === 0) return NaN;
    if (key.startsWith('articles')) return s.tp ? (2 * s.tp) / (2 * s.tp + s.fp + s.fn) : 0;
    return s.f1 / s.n;
  }

  clone(): Totals {
    const t = new Totals();
    for (const [k, s] of this.sums) t.sums.set(k, { ...s });
    return t;
  }
}

/** A table row that can be switched off, and the pages it touched in the first run. */
interface Row {
  name: string;
  off(): void;
  on(): void;
  touched: Set<number>;
}

/** The page being scored in the first run (-1 after it: later runs record nothing). */
let current = -1;

function changed(before: Block[], after: Block[]): boolean {
  return after !== before && (after.length !== before.length || after.some((b, i) => b !== before[i]));
}

function tableRows(): Row[] {
  const rows: Row[] = [];
  for (const r of READINGS) {
    const applies = r.applies.bind(r);
    const row: Row = {
      name: `reading: ${r.name}`,
      touched: new Set(),
      off: () => (r.applies = () => false),
      on: () => (r.applies = watched),
    };
    const watched: typeof r.applies = (ctx, found) => {
      const given = applies(ctx, found);
      if (given !== false && current >= 0) row.touched.add(current);
      return given;
    };
    row.on();
    rows.push(row);
  }
  for (const p of PASSES) {
    const run = p.run.bind(p);
    const row: Row = {
      name: `pass: ${p.name}`,
      touched: new Set(),
      off: () => (p.run = (blocks) => blocks),
      on: () => (p.run = watched),
    };
    const watched: typeof p.run = (blocks, input) => {
      const out = run(blocks, input);
      if (current >= 0 && changed(blocks, out)) row.touched.add(current);
      return out;
    };
    row.on();
    rows.push(row);
  }
  return rows;
}

function loadItems(limit: number): Item[] {
  const items: Item[] = [];
  for (const page of loadWcxb(limit)) items.push({ set: 'wcxb', split: splitOf(page.site), type: page.type, page });
  for (const page of loadCorpus(limit))
    items.push({ set: 'articles', split: splitOf(siteOf(page.url)), type: 'article', page });
  return items;
}

/** The first row: every row on, so its cells are the figures themselves, not gains. */
export const ALL_ON = '(all rows on: the figures)';

const COLUMNS: Array<{ head: string; key: (split: Split) => string }> = [
  { head: 'wcxb', key: (s) => `wcxb|${s}|overall` },
  { head: 'articles', key: (s) => `articles|${s}` },
  ...TYPES.map((t) => ({ head: t, key: (s: Split) => `wcxb|${s}|${t}` })),
];

/** The table's column heads, as the bench prints them. */
export const HEADS = ['row', 'pages T / C', ...COLUMNS.flatMap((c) => [`${c.head} T`, `${c.head} C`])];

/** The rows' names, in the order the bench switches them off (and prints them). */
export function rowNames(): string[] {
  return [...READINGS.map((r) => `reading: ${r.name}`), ...PASSES.map((p) => `pass: ${p.name}`)];
}

const fixed = (x: number): string => (Number.isNaN(x) ? '' : x.toFixed(4));
const signed = (x: number): string => (Number.isNaN(x) ? '' : `${x >= 0 ? '+' : ''}${x.toFixed(4)}`);

function main(): void {
  const arg = (name: string): string | undefined =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const limit = Number(arg('limit') ?? Infinity);
  const only = arg('only');
  const minPages = Number(arg('min-pages') ?? 0);
  const full = process.argv.includes('--full');
  const started = process.hrtime.bigint();
  const items = loadItems(limit);
  const rows = tableRows();
  const base = new Totals();
  const results: PageResult[] = [];
  items.forEach((item, i) => {
    current = i;
    results.push(score(item));
    base.add(item, results[i]!);
  });
  current = -1;
  /** Pages on each split, as "tune / check". */
  const perSplit = (pages: number[]): string =>
    SPLITS.map((split) => pages.filter((i) => items[i]!.split === split).length).join(' / ');
  const lines: string[] = [];
  const wcxbN = items.filter((x) => x.set === 'wcxb').length;
  lines.push(
    `${wcxbN} wcxb-dev pages (mean token F1), ${items.length - wcxbN} article-set pages (snippet F1, micro);` +
      ' gain = figure with the row minus figure without it; T = tune, C = check; pages: those the row touched',
    '',
    `| ${HEADS.join(' | ')} |`,
    `|---|---:|${COLUMNS.map(() => '---:|---:').join('|')}|`,
  );
  lines.push(
    `| ${ALL_ON} | ${perSplit(items.map((_, i) => i))} | ${COLUMNS.map((c) =>
      SPLITS.map((s) => fixed(base.figure(c.key(s)))).join(' | '),
    ).join(' | ')} |`,
  );
  for (const row of rows) {
    if (only !== undefined && !row.name.endsWith(only)) continue;
    if (row.touched.size < minPages) continue;
    const pages = full ? items.map((_, i) => i) : [...row.touched];
    const without = base.clone();
    row.off();
    for (const i of pages) {
      without.add(items[i]!, results[i]!, -1);
      without.add(items[i]!, score(items[i]!));
    }
    row.on();
    const cells = COLUMNS.map((c) =>
      SPLITS.map((s) => signed(base.figure(c.key(s)) - without.figure(c.key(s)))).join(' | '),
    );
    lines.push(`| ${row.name} | ${perSplit([...row.touched])} | ${cells.join(' | ')} |`);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  lines.push('', `${rows.length} rows, ${seconds.toFixed(0)} s`);
  console.log(lines.join('\n'));
}

if (process.argv[1]?.endsWith('quality-ablation.js')) main();
