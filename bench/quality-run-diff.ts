// Two saved per-page runs (quality-runs.ts) compared: each group's figure in both and the change,
// with how many of its pages answered differently, and the pages whose F1 moved most.
import { figures, groupKey, type Group, type PageResult, type SavedRun } from './quality-runs.js';

export interface GroupChange {
  group: Group;
  pages: number;
  a: number;
  b: number;
  /** Pages of the group whose answer's text differs between the runs. */
  textChanged: number;
}

export interface PageChange {
  a: PageResult;
  b: PageResult;
  delta: number;
}

export interface RunDiff {
  groups: GroupChange[];
  /** Pages whose F1 differs, the largest move first. */
  pages: PageChange[];
  /** Pages whose text differs while their F1 does not. */
  sameScore: number;
}

const pageKey = (p: PageResult): string => `${p.set}:${p.id}`;

/** Compares two runs over the same pages; runs over different pages are refused, since their
 *  figures would not say what changed. */
export function diffRuns(a: SavedRun, b: SavedRun): RunDiff {
  const byKey = new Map(b.pages.map((p) => [pageKey(p), p]));
  const onlyA = a.pages.filter((p) => !byKey.has(pageKey(p)));
  const keysA = new Set(a.pages.map(pageKey));
  const onlyB = b.pages.filter((p) => !keysA.has(pageKey(p)));
  if (onlyA.length || onlyB.length) {
    const names = [...onlyA, ...onlyB].slice(0, 5).map(pageKey).join(', ');
    throw new Error(
      `the runs score different pages (${onlyA.length} only in the first, ${onlyB.length} only in the second: ` +
        `${names}); score the same sets with the same --limit`,
    );
  }
  const figuresB = new Map(figures(b.pages).map((f) => [groupKey(f.group), f.value]));
  const changedText = new Set<string>();
  const pages: PageChange[] = [];
  let sameScore = 0;
  for (const pa of a.pages) {
    const pb = byKey.get(pageKey(pa))!;
    if (pa.text !== pb.text) changedText.add(pageKey(pa));
    if (pa.f1 !== pb.f1) pages.push({ a: pa, b: pb, delta: pb.f1 - pa.f1 });
    else if (pa.text !== pb.text) sameScore++;
  }
  pages.sort((x, y) => Math.abs(y.delta) - Math.abs(x.delta) || pageKey(x.a).localeCompare(pageKey(y.a), 'en'));
  const members = (g: Group): PageResult[] =>
    a.pages.filter(
      (p) =>
        p.set === g.set && (g.type === 'overall' || p.type === g.type) && (g.split === 'all' || p.split === g.split),
    );
  const groups = figures(a.pages).map((f) => ({
    group: f.group,
    pages: f.pages,
    a: f.value,
    b: figuresB.get(groupKey(f.group)) ?? 0,
    textChanged: members(f.group).filter((p) => changedText.has(pageKey(p))).length,
  }));
  return { groups, pages, sameScore };
}

const signed = (x: number): string => (x > 0 ? '+' : x < 0 ? '-' : ' ') + Math.abs(x).toFixed(6);
const row = (cells: Array<string | number>): string => `| ${cells.join(' | ')} |`;

/** The diff as Markdown tables: the groups, then the `top` pages that moved most. */
export function formatDiff(diff: RunDiff, top: number, names: { a: string; b: string }): string[] {
  const out = [
    `a: ${names.a}`,
    `b: ${names.b}`,
    '',
    'Figures as bench:quality prints them: wcxb-dev, mean page F1 (word-token bags); articles, F1 of the',
    'snippet counts summed over the pages. "answers changed": pages whose text differs.',
    '',
    '| set | type | split | pages | a | b | change | answers changed |',
    '|---|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const g of diff.groups) {
    const { set, type, split } = g.group;
    out.push(row([set, type, split, g.pages, g.a.toFixed(6), g.b.toFixed(6), signed(g.b - g.a), g.textChanged]));
  }
  out.push(
    '',
    `${diff.pages.length} page(s) scored differently; ${diff.sameScore} more answered differently ` +
      'with the same F1.',
  );
  if (diff.pages.length === 0) return out;
  const shown = diff.pages.slice(0, top);
  out.push(
    '',
    `The ${shown.length} page(s) whose F1 moved most:`,
    '',
    '| set | id | site | type | split | F1 a -> b | change |',
    '|---|---|---|---|---|---|---:|',
  );
  for (const p of shown) {
    const { set, id, site, type, split } = p.a;
    out.push(row([set, id, site, type, split, `${p.a.f1.toFixed(3)} -> ${p.b.f1.toFixed(3)}`, signed(p.delta)]));
  }
  return out;
}
