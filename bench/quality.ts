// npm run bench:quality: urlkit's content cleaner beside Mozilla Readability (on linkedom), same
// process, same pages, on both development sets:
//  - ../shared/bench/wcxb-dev (1,358 pages, seven page types): the set's token-bag F1, mean per
//    page type and overall (bench/wcxb.ts);
//  - ../shared/bench/trafilatura-eval (990 articles): snippet precision/recall/F1
//    (../shared/bench/README.md).
// Every figure is given for the whole set and for its tune and check splits (quality-split.ts).
// Flags: --set=wcxb | --set=articles (default both), --urlkit-only, --limit=N (first N pages).
// --gate: the quality gate (quality-gate.ts): urlkit only (add --readability for its rows), the
// pinned figures checked against bench/quality-floors.json, exit code 1 when one is below its
// floor; --raise="reason" then appends raised floors for the figures above theirs. Otherwise
// writes bench/out/tail-wcxb.md and bench/out/tail-articles.md (the 30 worst pages with
// precision, recall and the container the content profile chose), bench/out/worst.md (worst
// article pages with missed and leaked snippets) and predictions JSON for cross-checking with
// score_snippets.py.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpus, type CorpusPage } from './corpus.js';
import { readabilityText, urlkitApiText, urlkitText, urlkitTrace } from './quality-systems.js';
import { loadWcxb, scoreTokens, type PageScore, type WcxbPage } from './wcxb.js';
import { siteOf, splitOf, SPLITS, type Split } from './quality-split.js';
import { add, metrics, norm, scorePage, type Counts } from './quality-snippets.js';
import { checkGate, raiseFloors, readFloors, type Figure } from './quality-gate.js';

const TAIL = 30;
const row = (cells: Array<string | number>): string => `| ${cells.join(' | ')} |`;
const benchDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench');
const outDir = resolve(benchDir, 'out');
const FLOORS = resolve(benchDir, 'quality-floors.json');

interface RunOptions {
  onlyUrlkit: boolean;
  limit: number;
  /** Gate mode: the official rows only, no files written. */
  gate: boolean;
  figures: Map<string, Figure>;
}

/** The whole set, then each split. */
const PARTS: ReadonlyArray<'all' | Split> = ['all', ...SPLITS];
const inPart = (part: 'all' | Split, split: Split): boolean => part === 'all' || part === split;
const suffix = (part: 'all' | Split): string => (part === 'all' ? '' : ` (${part})`);

function traceLine(page: { html: string; finalUrl: string }): string {
  const t = urlkitTrace(page);
  return `${t.pageType ?? '?'} / ${t.strategy ?? '?'}: ${t.container ?? '(none)'}`;
}

function runArticles(opts: RunOptions): string[] {
  const pages = loadCorpus(opts.limit);
  const splitOfPage = new Map(pages.map((p) => [p, splitOf(siteOf(p.url))]));
  // The text format writes links as [text](url). The README assumes snippets never span a
  // link, but some do on this corpus, so the same output is also scored with links read as
  // their text (how Readability's textContent reads them). The gate pins the text row.
  const systems: Array<{ name: string; run: (p: CorpusPage) => string }> = [
    { name: 'urlkit content (text)', run: urlkitText },
  ];
  if (!opts.gate) systems.push({ name: 'urlkit content (links as text)', run: (p) => urlkitText(p, true) });
  if (!opts.onlyUrlkit) systems.push({ name: 'Readability (linkedom)', run: readabilityText });

  const rows: string[] = [];
  for (const sys of systems) {
    const totals = new Map(PARTS.map((part) => [part, { tp: 0, fp: 0, fn: 0, tn: 0, empty: 0 }]));
    const perPage: Array<{ page: CorpusPage; f1: number; missed: string[]; leaked: string[]; counts: Counts }> = [];
    const predictions: Record<string, { articleBody: string }> = {};
    for (const page of pages) {
      const text = sys.run(page);
      predictions[page.url] = { articleBody: text };
      const s = scorePage(page, text);
      for (const part of PARTS) if (inPart(part, splitOfPage.get(page)!)) add(totals.get(part)!, s.counts);
      perPage.push({ page, f1: metrics(s.counts).f1, ...s });
    }
    for (const part of PARTS) {
      const total = totals.get(part)!;
      const m = metrics(total);
      const n = pages.filter((p) => inPart(part, splitOfPage.get(p)!)).length;
      rows.push(
        row([
          sys.name.padEnd(30),
          part.padEnd(5),
          n,
          ...[m.p, m.r, m.f1, m.acc].map((x) => x.toFixed(3)),
          `${total.tp}/${total.fp}/${total.fn}/${total.tn}`,
          total.empty,
        ]),
      );
      if (sys.name === 'urlkit content (text)' && part !== 'tune') {
        opts.figures.set(`articles F1${suffix(part)}`, { value: m.f1, pages: n });
      }
    }
    if (opts.gate) continue;
    const slug = sys.name.startsWith('urlkit content (text)')
      ? 'urlkit'
      : sys.name.startsWith('urlkit')
        ? 'urlkit-plain'
        : 'readability-linkedom';
    writeFileSync(resolve(outDir, `predictions-${slug}.json`), JSON.stringify(predictions));
    if (slug === 'urlkit-plain') writeArticleTail(perPage);
  }
  const out = [`${pages.length} pages from ../shared/bench/trafilatura-eval (snippet metric, micro-averaged)`];
  out.push('| system                         | split | pages | P     | R     | F1    | Acc   | tp/fp/fn/tn | empty |');
  out.push('|--------------------------------|-------|-------|-------|-------|-------|-------|-------------|-------|');
  out.push(...rows);
  return out;
}

function writeArticleTail(
  perPage: Array<{ page: CorpusPage; f1: number; missed: string[]; leaked: string[]; counts: Counts }>,
): void {
  const worst = perPage
    .filter((x) => x.missed.length + x.leaked.length > 0)
    .sort((a, b) => a.f1 - b.f1 || b.missed.length + b.leaked.length - (a.missed.length + a.leaked.length))
    .slice(0, TAIL);
  const md = [`# Article set: worst ${TAIL} pages (urlkit content, links as text, by page snippet F1)`, ''];
  md.push(
    '| page | F1 | P | R | tp/fp/fn/tn | chosen (page type / strategy: container) |',
    '|---|---|---|---|---|---|',
  );
  for (const w of worst) {
    const c = w.counts;
    const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0;
    const r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0;
    md.push(
      row([
        w.page.file,
        ...[w.f1, p, r].map((x) => x.toFixed(2)),
        `${c.tp}/${c.fp}/${c.fn}/${c.tn}`,
        traceLine(w.page).replace(/\|/g, '/'),
      ]),
    );
  }
  md.push('');
  for (const w of worst) {
    md.push(`## ${w.page.file}  F1 ${w.f1.toFixed(2)}`, w.page.url, '');
    for (const s of w.missed) md.push(`- missed: ${norm(s).slice(0, 160)}`);
    for (const s of w.leaked) md.push(`- leaked: ${norm(s).slice(0, 160)}`);
    md.push('');
  }
  writeFileSync(resolve(outDir, 'tail-articles.md'), md.join('\n'));
  writeFileSync(resolve(outDir, 'worst.md'), md.join('\n'));
}

const TYPE_ORDER = ['article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product'];

function runWcxb(opts: RunOptions): string[] {
  const pages = loadWcxb(opts.limit);
  const systems: Array<{ name: string; run: (p: WcxbPage) => string }> = [
    { name: 'urlkit clean_web_content', run: urlkitApiText },
  ];
  if (!opts.onlyUrlkit) systems.push({ name: 'Readability (linkedom)', run: readabilityText });
  const types = TYPE_ORDER.filter((t) => pages.some((p) => p.type === t));
  const rows: string[] = [];
  for (const sys of systems) {
    const scores: Array<{ page: WcxbPage; s: PageScore; chars: number; split: Split }> = [];
    const predictions: Record<string, string> = {};
    for (const page of pages) {
      const text = sys.run(page);
      predictions[page.id] = text;
      scores.push({ page, s: scoreTokens(text, page.truth), chars: text.length, split: splitOf(page.site) });
    }
    const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    for (const part of PARTS) {
      const inside = scores.filter((x) => inPart(part, x.split));
      const groups = [inside, ...types.map((t) => inside.filter((x) => x.page.type === t))];
      const cells = groups.map((g) => mean(g.map((x) => x.s.f1)));
      const p = mean(inside.map((x) => x.s.p));
      const r = mean(inside.map((x) => x.s.r));
      rows.push(
        row([sys.name.padEnd(26), part.padEnd(5), inside.length, ...[...cells, p, r].map((c) => c.toFixed(3))]),
      );
      if (sys.name.startsWith('urlkit') && part !== 'tune') {
        opts.figures.set(`wcxb overall${suffix(part)}`, { value: cells[0]!, pages: inside.length });
        if (part === 'all') {
          types.forEach((t, i) =>
            opts.figures.set(`wcxb ${t}`, { value: cells[i + 1]!, pages: groups[i + 1]!.length }),
          );
        }
      }
    }
    if (opts.gate) continue;
    const slug = sys.name.startsWith('urlkit') ? 'urlkit' : 'readability-linkedom';
    writeFileSync(resolve(outDir, `wcxb-predictions-${slug}.json`), JSON.stringify(predictions));
    if (slug === 'urlkit') {
      const worst = [...scores].sort((a, b) => a.s.f1 - b.s.f1).slice(0, TAIL);
      const md = [`# WCXB dev: worst ${TAIL} pages (urlkit clean_web_content, by page token F1)`, ''];
      md.push(
        '| id | type | F1 | P | R | chars | chosen (page type / strategy: container) | url |',
        '|---|---|---|---|---|---|---|---|',
      );
      for (const w of worst) {
        md.push(
          row([
            w.page.id,
            w.page.type,
            ...[w.s.f1, w.s.p, w.s.r].map((x) => x.toFixed(2)),
            w.chars,
            traceLine(w.page).replace(/\|/g, '/'),
            w.page.url,
          ]),
        );
      }
      // Per type, the worst five too: the overall tail is mostly the largest types.
      for (const t of types) {
        md.push('', `## ${t}: worst 5`, '');
        for (const w of scores
          .filter((x) => x.page.type === t)
          .sort((a, b) => a.s.f1 - b.s.f1)
          .slice(0, 5)) {
          md.push(
            `- ${w.page.id} F1 ${w.s.f1.toFixed(2)} P ${w.s.p.toFixed(2)} R ${w.s.r.toFixed(2)} — ` +
              `${traceLine(w.page)} — ${w.page.url}`,
          );
        }
      }
      writeFileSync(resolve(outDir, 'tail-wcxb.md'), md.join('\n') + '\n');
      writeFileSync(
        resolve(outDir, 'wcxb-scores-urlkit.json'),
        JSON.stringify(Object.fromEntries(scores.map((x) => [x.page.id, { type: x.page.type, ...x.s }]))),
      );
    }
  }
  const counts = types.map((t) => `${t} ${pages.filter((p) => p.type === t).length}`).join(', ');
  const out = [`${pages.length} pages from ../shared/bench/wcxb-dev (${counts}); mean page F1 of word-token bags`];
  out.push(`| system                     | split | pages | overall | ${types.join(' | ')} | P | R |`);
  out.push(
    `|----------------------------|${['split', 'pages', 'overall', ...types, 'P', 'R'].map(() => '---').join('|')}|`,
  );
  out.push(...rows);
  return out;
}

function main(): void {
  const gate = process.argv.includes('--gate');
  // In gate mode Readability runs only when asked: it costs more than urlkit's whole run.
  const onlyUrlkit = gate ? !process.argv.includes('--readability') : process.argv.includes('--urlkit-only');
  const setArg = process.argv.find((a) => a.startsWith('--set='))?.slice(6) ?? 'all';
  const limitArg = process.argv.find((a) => a.startsWith('--limit='))?.slice(8);
  const raise = process.argv.find((a) => a.startsWith('--raise='))?.slice(8);
  const opts: RunOptions = { onlyUrlkit, limit: limitArg ? Number(limitArg) : Infinity, gate, figures: new Map() };
  mkdirSync(outDir, { recursive: true });
  const started = process.hrtime.bigint();
  const lines: string[] = [];
  if (setArg === 'all' || setArg === 'wcxb') lines.push(...runWcxb(opts), '');
  if (setArg === 'all' || setArg === 'articles') lines.push(...runArticles(opts));
  console.log(lines.join('\n'));
  if (!gate) return;
  const floors = readFloors(FLOORS);
  const result = checkGate(floors, opts.figures);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`\nQuality gate (bench/quality-floors.json, docs/quality-gate.md), ${seconds.toFixed(0)} s`);
  console.log(result.lines.join('\n'));
  if (raise !== undefined && result.below === 0 && result.raisable.length > 0) {
    raiseFloors(FLOORS, floors, result.raisable, raise);
    console.log(`Raised ${result.raisable.length} floor(s): ${result.raisable.map((r) => r.key).join(', ')}`);
    return;
  }
  if (result.failures.length > 0) {
    console.log(`\nQuality gate FAILED:\n${result.failures.map((f) => `- ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('\nQuality gate passed.');
  }
}

main();
