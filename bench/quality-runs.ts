// A saved per-page quality run (npm run bench:quality-pages) and the figures it gives. Each
// page keeps its F1 (and, for the article set, its snippet counts) and the answer's text, so two
// runs can be compared page by page (npm run bench:quality-diff) without running either build
// again. The figures are bench:quality's: wcxb-dev's are means of page F1 per page type and split;
// the article set's are micro-averaged over snippet counts, so that its page F1s are not averaged.
import { readFileSync, writeFileSync } from 'node:fs';
import { add, metrics, type Counts } from './quality-snippets.js';
import type { Split } from './quality-split.js';

export const RUN_FORMAT = 'urlkit-quality-pages/1';

export type SetName = 'wcxb' | 'articles';

export interface PageResult {
  set: SetName;
  /** wcxb-dev: the page id; the article set: its file name. */
  id: string;
  /** wcxb-dev: the page type; the article set: 'article'. */
  type: string;
  split: Split;
  /** The page's site (host without "www."), the unit of the split. */
  site: string;
  f1: number;
  /** The article set's snippet counts (what its micro-averaged F1 sums). */
  counts?: Counts;
  /** What the build answered for the page, as it was scored. */
  text: string;
}

export interface SavedRun {
  format: string;
  /** The build that answered (its root directory) and its commit, when git knows it. */
  build: string;
  commit: string | null;
  created: string;
  pages: PageResult[];
}

export function writeRun(path: string, run: SavedRun): void {
  writeFileSync(path, JSON.stringify(run) + '\n');
}

export function readRun(path: string): SavedRun {
  const run = JSON.parse(readFileSync(path, 'utf8')) as SavedRun;
  if (run.format !== RUN_FORMAT) {
    throw new Error(`${path}: not a ${RUN_FORMAT} file (bench:quality-pages writes one)`);
  }
  return run;
}

/** A row of figures: a set, a page type of it ('overall' for all of them) and a split. */
export interface Group {
  set: SetName;
  type: string;
  split: 'all' | Split;
}

export const groupKey = (g: Group): string => `${g.set} ${g.type} ${g.split}`;

const SPLIT_ORDER: ReadonlyArray<'all' | Split> = ['all', 'tune', 'check'];
const TYPE_ORDER = ['overall', 'article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product'];
const SET_ORDER: readonly SetName[] = ['wcxb', 'articles'];

/** The groups a page counts in: its set overall and its type, each whole and in its split. */
export function groupsOf(page: PageResult): Group[] {
  const types = page.set === 'wcxb' ? ['overall', page.type] : ['overall'];
  return types.flatMap((type) => (['all', page.split] as const).map((split) => ({ set: page.set, type, split })));
}

/** Groups in the order bench:quality prints them: set, then type, then all / tune / check. */
export function compareGroups(a: Group, b: Group): number {
  const rank = (order: readonly string[], x: string): number => {
    const i = order.indexOf(x);
    return i === -1 ? order.length : i;
  };
  return (
    rank(SET_ORDER, a.set) - rank(SET_ORDER, b.set) ||
    rank(TYPE_ORDER, a.type) - rank(TYPE_ORDER, b.type) ||
    a.type.localeCompare(b.type) ||
    rank(SPLIT_ORDER, a.split) - rank(SPLIT_ORDER, b.split)
  );
}

export interface Figure {
  group: Group;
  pages: number;
  value: number;
}

/** A group's figure: mean page F1 (wcxb-dev) or F1 of the summed snippet counts (articles). */
function figureOf(group: Group, pages: PageResult[]): number {
  if (group.set === 'articles') {
    const total: Counts = { tp: 0, fp: 0, fn: 0, tn: 0, empty: 0 };
    for (const p of pages) if (p.counts) add(total, p.counts);
    return metrics(total).f1;
  }
  return pages.length ? pages.reduce((s, p) => s + p.f1, 0) / pages.length : 0;
}

/** Every group's figure in a run, in print order. */
export function figures(pages: readonly PageResult[]): Figure[] {
  const members = new Map<string, { group: Group; pages: PageResult[] }>();
  for (const page of pages) {
    for (const group of groupsOf(page)) {
      const key = groupKey(group);
      let m = members.get(key);
      if (!m) members.set(key, (m = { group, pages: [] }));
      m.pages.push(page);
    }
  }
  return [...members.values()]
    .sort((a, b) => compareGroups(a.group, b.group))
    .map(({ group, pages: ps }) => ({ group, pages: ps.length, value: figureOf(group, ps) }));
}
