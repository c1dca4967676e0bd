// npm run bench:quality: urlkit's content cleaner beside Mozilla Readability (on linkedom), same
// process, same pages, on both development sets:
//  - ../shared/bench/wcxb-dev (1,358 pages, seven page types): the set's token-bag F1, mean per
//    page type and overall (bench/wcxb.ts);
//  - ../shared/bench/trafilatura-eval (990 articles): snippet precision/recall/F1
//    (../shared/bench/README.md).
// Flags: --set=wcxb | --set=articles (default both), --urlkit-only, --limit=N (first N pages).
// Writes bench/out/tail-wcxb.md and bench/out/tail-articles.md (the 30 worst pages with
// precision, recall and the container the content profile chose), bench/out/worst.md (worst
// article pages with missed and leaked snippets) and predictions JSON for cross-checking with
// score_snippets.py.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpus, type CorpusPage } from './corpus.js';
import { readabilityText, urlkitApiText, urlkitText, urlkitTrace } from './quality-systems.js';
import { loadWcxb, scoreTokens, type PageScore, type WcxbPage } from './wcxb.js';

interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  empty: number;
}

const TAIL = 30;
const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();
const outDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench', 'out');

function scorePage(page: CorpusPage, output: string): { counts: Counts; missed: string[]; leaked: string[] } {
  const counts: Counts = { tp: 0, fp: 0, fn: 0, tn: 0, empty: 0 };
  const missed: string[] = [];
  const leaked: string[] = [];
  const out = norm(output);
  if (out === '') counts.empty = 1;
  for (const w of page.with) {
    if (out !== '' && out.includes(norm(w))) counts.tp++;
    else {
      counts.fn++;
      missed.push(w);
    }
  }
  for (const w of page.without) {
    if (out !== '' && out.includes(norm(w))) {
      counts.fp++;
      leaked.push(w);
    } else counts.tn++;
  }
  return { counts, missed, leaked };
}

function add(a: Counts, b: Counts): void {
  a.tp += b.tp;
  a.fp += b.fp;
  a.fn += b.fn;
  a.tn += b.tn;
  a.empty += b.empty;
}

function metrics(c: Counts): { p: number; r: number; f1: number; acc: number } {
  const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0;
  const r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0;
  const f1 = c.tp ? (2 * c.tp) / (2 * c.tp + c.fp + c.fn) : 0;
  const acc = (c.tp + c.tn) / (c.tp + c.fp + c.fn + c.tn);
  return { p, r, f1, acc };
}

function traceLine(page: { html: string; finalUrl: string }): string {
  const t = urlkitTrace(page);
  return `${t.pageType ?? '?'} / ${t.strategy ?? '?'}: ${t.container ?? '(none)'}`;
}

function runArticles(onlyUrlkit: boolean, limit: number): string[] {
  const pages = loadCorpus(limit);
  // The text format writes links as [text](url). The README assumes snippets never span a
  // link, but some do on this corpus, so the same output is also scored with links read as
  // their text (how Readability's textContent reads them).
  const systems: Array<{ name: string; run: (p: CorpusPage) => string }> = [
    { name: 'urlkit content (text)', run: urlkitText },
    { name: 'urlkit content (links as text)', run: (p) => urlkitText(p, true) },
  ];
  if (!onlyUrlkit) systems.push({ name: 'Readability (linkedom)', run: readabilityText });

  const rows: string[] = [];
  for (const sys of systems) {
    const total: Counts = { tp: 0, fp: 0, fn: 0, tn: 0, empty: 0 };
    const perPage: Array<{ page: CorpusPage; f1: number; missed: string[]; leaked: string[]; counts: Counts }> = [];
    const predictions: Record<string, { articleBody: string }> = {};
    for (const page of pages) {
      const text = sys.run(page);
      predictions[page.url] = { articleBody: text };
      const s = scorePage(page, text);
      add(total, s.counts);
      perPage.push({ page, f1: metrics(s.counts).f1, ...s });
    }
    const m = metrics(total);
    rows.push(
      `| ${sys.name.padEnd(30)} | ${m.p.toFixed(3)} | ${m.r.toFixed(3)} | ${m.f1.toFixed(3)} | ${m.acc.toFixed(3)} | ${total.tp}/${total.fp}/${total.fn}/${total.tn} | ${total.empty} |`,
    );
    const slug = sys.name.startsWith('urlkit content (text)')
      ? 'urlkit'
      : sys.name.startsWith('urlkit')
        ? 'urlkit-plain'
        : 'readability-linkedom';
    writeFileSync(resolve(outDir, `predictions-${slug}.json`), JSON.stringify(predictions));
    if (slug === 'urlkit-plain') {
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
          `| ${w.page.file} | ${w.f1.toFixed(2)} | ${p.toFixed(2)} | ${r.toFixed(2)} | ${c.tp}/${c.fp}/${c.fn}/${c.tn} | ${traceLine(w.page).replace(/\|/g, '/')} |`,
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
  }
  const out = [`${pages.length} pages from ../shared/bench/trafilatura-eval (snippet metric, micro-averaged)`];
  out.push('| system                         | P     | R     | F1    | Acc   | tp/fp/fn/tn | empty |');
  out.push('|--------------------------------|-------|-------|-------|-------|-------------|-------|');
  out.push(...rows);
  return out;
}

const TYPE_ORDER = ['article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product'];

function runWcxb(onlyUrlkit: boolean, limit: number): string[] {
  const pages = loadWcxb(limit);
  const systems: Array<{ name: string; run: (p: WcxbPage) => string }> = [
    { name: 'urlkit clean_web_content', run: urlkitApiText },
  ];
  if (!onlyUrlkit) systems.push({ name: 'Readability (linkedom)', run: readabilityText });
  const types = TYPE_ORDER.filter((t) => pages.some((p) => p.type === t));
  const rows: string[] = [];
  for (const sys of systems) {
    const scores: Array<{ page: WcxbPage; s: PageScore; chars: number }> = [];
    const predictions: Record<string, string> = {};
    for (const page of pages) {
      const text = sys.run(page);
      predictions[page.id] = text;
      scores.push({ page, s: scoreTokens(text, page.truth), chars: text.length });
    }
    const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    const cells = [
      mean(scores.map((x) => x.s.f1)),
      ...types.map((t) => mean(scores.filter((x) => x.page.type === t).map((x) => x.s.f1))),
    ];
    const p = mean(scores.map((x) => x.s.p));
    const r = mean(scores.map((x) => x.s.r));
    rows.push(
      `| ${sys.name.padEnd(26)} | ${cells.map((c) => c.toFixed(3)).join(' | ')} | ${p.toFixed(3)} | ${r.toFixed(3)} |`,
    );
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
          `| ${w.page.id} | ${w.page.type} | ${w.s.f1.toFixed(2)} | ${w.s.p.toFixed(2)} | ${w.s.r.toFixed(2)} | ${w.chars} | ${traceLine(w.page).replace(/\|/g, '/')} | ${w.page.url} |`,
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
            `- ${w.page.id} F1 ${w.s.f1.toFixed(2)} P ${w.s.p.toFixed(2)} R ${w.s.r.toFixed(2)} — ${traceLine(w.page)} — ${w.page.url}`,
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
  out.push(`| system                     | overall | ${types.join(' | ')} | P | R |`);
  out.push(`|----------------------------|${['overall', ...types, 'P', 'R'].map(() => '---').join('|')}|`);
  out.push(...rows);
  return out;
}

function main(): void {
  const onlyUrlkit = process.argv.includes('--urlkit-only');
  const setArg = process.argv.find((a) => a.startsWith('--set='))?.slice(6) ?? 'all';
  const limitArg = process.argv.find((a) => a.startsWith('--limit='))?.slice(8);
  const limit = limitArg ? Number(limitArg) : Infinity;
  mkdirSync(outDir, { recursive: true });
  const lines: string[] = [];
  if (setArg === 'all' || setArg === 'wcxb') lines.push(...runWcxb(onlyUrlkit, limit), '');
  if (setArg === 'all' || setArg === 'articles') lines.push(...runArticles(onlyUrlkit, limit));
  console.log(lines.join('\n'));
}

main();
