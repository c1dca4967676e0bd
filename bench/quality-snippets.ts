// The article set's metric (../shared/bench/README.md): a page's snippets that should appear in
// the answer ("with") and that should not ("without"), counted page by page and micro-averaged.
import type { CorpusPage } from './corpus.js';

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  empty: number;
}

export const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();

export function scorePage(
  page: Pick<CorpusPage, 'with' | 'without'>,
  output: string,
): { counts: Counts; missed: string[]; leaked: string[] } {
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

export function add(a: Counts, b: Counts): void {
  a.tp += b.tp;
  a.fp += b.fp;
  a.fn += b.fn;
  a.tn += b.tn;
  a.empty += b.empty;
}

export function metrics(c: Counts): { p: number; r: number; f1: number; acc: number } {
  const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0;
  const r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0;
  const f1 = c.tp ? (2 * c.tp) / (2 * c.tp + c.fp + c.fn) : 0;
  const acc = (c.tp + c.tn) / (c.tp + c.fp + c.fn + c.tn);
  return { p, r, f1, acc };
}
