// npm run bench:quality: snippet precision/recall/F1 (../shared/bench/README.md) for urlkit's
// content cleaner and for Mozilla Readability on linkedom, same process, same pages.
// Writes bench/out/worst.md (worst 20 pages by F1 with missed and leaked snippets) and
// predictions JSON files for cross-checking with score_snippets.py.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpus, type CorpusPage } from './corpus.js';
import { readabilityText, urlkitText } from './quality-systems.js';

interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  empty: number;
}

const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();

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

function main(): void {
  const onlyUrlkit = process.argv.includes('--urlkit-only');
  const pages = loadCorpus();
  const outDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench', 'out');
  mkdirSync(outDir, { recursive: true });

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
    const slug = sys.name.startsWith('urlkit content (text)') ? 'urlkit' : sys.name.startsWith('urlkit') ? 'urlkit-plain' : 'readability-linkedom';
    writeFileSync(resolve(outDir, `predictions-${slug}.json`), JSON.stringify(predictions));
    if (slug === 'urlkit-plain') {
      const worst = perPage
        .filter((x) => x.missed.length + x.leaked.length > 0)
        .sort((a, b) => a.f1 - b.f1 || b.missed.length + b.leaked.length - (a.missed.length + a.leaked.length))
        .slice(0, 20);
      const md = ['# Worst 20 pages (urlkit content, by page F1)', ''];
      for (const w of worst) {
        md.push(`## ${w.page.file}  F1 ${w.f1.toFixed(2)}  tp/fp/fn/tn ${w.counts.tp}/${w.counts.fp}/${w.counts.fn}/${w.counts.tn}`, w.page.url, '');
        for (const s of w.missed) md.push(`- missed: ${norm(s).slice(0, 160)}`);
        for (const s of w.leaked) md.push(`- leaked: ${norm(s).slice(0, 160)}`);
        md.push('');
      }
      writeFileSync(resolve(outDir, 'worst.md'), md.join('\n'));
    }
  }
  console.log(`${pages.length} pages from ../shared/bench/trafilatura-eval`);
  console.log('| system                         | P     | R     | F1    | Acc   | tp/fp/fn/tn | empty |');
  console.log('|--------------------------------|-------|-------|-------|-------|-------------|-------|');
  for (const r of rows) console.log(r);
}

main();
