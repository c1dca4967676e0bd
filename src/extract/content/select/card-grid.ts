// Card grids: the main content of a listing, a category page or a collection is its run of
// repeated cards (products, jobs, events, results), each a short block with a link. Scoring
// reads each card as a line or two of link text and passes them over for one short block of
// prose (a newsletter box, a category blurb); here the grid is found from its structure: an
// element whose children repeat one shape (same tag and first class), most of them linking
// somewhere, together holding most of the element's text.
import type { Element, ParentNode } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { isElement } from '../../dom/walk.js';
import type { ElementStats } from './element-stats.js';
import { inFacets } from '../exclude/facets.js';
import { forScreenReaders } from '../exclude/screen-reader.js';
import {
  GRID_MIN_CARDS,
  GRID_MIN_SHARE,
  MAX_CARD_CHARS,
  MIN_CARD_CHARS,
  MIN_LINKED,
  MIN_MORE_CARDS,
  MORE_SHARE,
  WIDE_OVER,
} from '../thresholds/select.js';

export interface CardGrid {
  root: Element;
  /** Text of the cards (the grid's shape), not of the whole root. */
  chars: number;
  cards: number;
  /** The cards' shape (tag and first class). */
  shape: string;
  /** Other grids of cards of the same shape elsewhere on the page (a listing split in runs:
   *  "latest" above "older", one run per day or category), in document order. */
  more: Element[];
}

/** The grid holding the most card text among the elements `stats` measures, or null. */
export function findCardGrid(stats: ElementStats): CardGrid | null {
  let best: CardGrid | null = null;
  // By index: these loops over every measured element run a few times a page, so a large page
  // meets them unoptimised, where `for...of` made a step object per element (0.9 MiB of the
  // row-7 page's garbage).
  const order = stats.order;
  for (let i = 0; i < order.length; i++) {
    const el = order[i]!;
    const info = stats.get(el)!;
    if (info.chars < GRID_MIN_CARDS * MIN_CARD_CHARS || (best && info.chars <= best.chars)) continue;
    const grid = gridOf(el, stats);
    if (grid && (!best || grid.chars > best.chars) && !forScreenReaders(el) && !inFacets(el)) best = grid;
  }
  if (best) best.more = sameShape(best, stats);
  return best;
}

/** Runs of cards of the best grid's shape outside it (not inside each other): one pass over the
 *  measured elements, comparing the tag first. */
function sameShape(best: CardGrid, stats: ElementStats): Element[] {
  const tag = best.shape.split('.', 1)[0]!;
  const counts = new Map<Element, number>();
  const order = stats.order;
  // The grid's own elements follow it in `order` (pre-order) up to its subtree's end: asking
  // each element of the tag whether it lies inside by climbing cost elements x depth.
  const gridAt = stats.position(best.root);
  const gridEnd = subtreeEnd(stats, gridAt);
  for (let i = 0; i < order.length; i++) {
    const el = order[i]!;
    if (el.name !== tag || !isElement(el.parent as Element) || (i > gridAt && i < gridEnd)) continue;
    const info = stats.get(el)!;
    if (info.chars < MIN_CARD_CHARS || (info.links === 0 && el.name !== 'a') || shapeOf(el) !== best.shape) continue;
    const parent = el.parent as Element;
    counts.set(parent, (counts.get(parent) ?? 0) + 1);
  }
  const out: Element[] = [];
  // What lies inside a run taken (by position: the runs taken do not nest, so each position is
  // marked at most once) and around one (each ancestor once): comparing each run with each run
  // taken cost runs x runs x depth on a page of nested runs.
  let within: Uint8Array | null = null;
  const around = new Set<ParentNode>();
  let chars = 0;
  for (const [parent, n] of counts) {
    const info = stats.get(parent);
    if (!info || n < MIN_MORE_CARDS || around.has(parent)) continue;
    const at = stats.position(parent);
    if (within?.[at] === 1 || forScreenReaders(parent)) continue;
    out.push(parent);
    within ??= new Uint8Array(order.length);
    within.fill(1, at + 1, subtreeEnd(stats, at));
    for (let p = parent.parent; p && !around.has(p); p = p.parent) around.add(p);
    chars += info.chars;
  }
  // The grid is the listing and the runs are its remainder: runs outweighing it are the
  // page's other lists (menus, link blocks) that happen to share the cards' shape.
  return chars <= MORE_SHARE * best.chars ? out : [];
}

/** The position in `stats.order` just past the subtree of the element at `at`: the included
 *  elements after it whose parent lies inside (a measure skips an element with its subtree, so
 *  every included element's parent is included or is the measure's root). */
function subtreeEnd(stats: ElementStats, at: number): number {
  const order = stats.order;
  let end = at + 1;
  while (end < order.length && stats.position(order[end]!.parent as Element) >= at) end++;
  return end;
}

export function gridOf(el: Element, stats: ElementStats): CardGrid | null {
  // Most elements have one or two children: no grid, and no map to build.
  let tags = 0;
  for (const c of el.children) if (isElement(c)) tags++;
  if (tags < GRID_MIN_CARDS) return null;
  const groups = new Map<string, Element[]>();
  let kids = 0;
  for (const c of el.children) {
    if (!isElement(c) || !stats.get(c)) continue;
    kids++;
    const key = shapeOf(c);
    const g = groups.get(key);
    if (g) g.push(c);
    else groups.set(key, [c]);
  }
  if (kids < GRID_MIN_CARDS) return null;
  let best: CardGrid | null = null;
  for (const members of groups.values()) {
    if (members.length < GRID_MIN_CARDS) continue;
    let chars = 0;
    let linked = 0;
    let withText = 0;
    for (const m of members) {
      const i = stats.get(m)!;
      chars += i.chars;
      if (i.links > 0 || m.name === 'a') linked++;
      if (i.chars >= MIN_CARD_CHARS) withText++;
    }
    const mean = chars / members.length;
    if (withText < GRID_MIN_CARDS || mean < MIN_CARD_CHARS || mean > MAX_CARD_CHARS) continue;
    if (linked < MIN_LINKED * members.length) continue;
    if (chars < GRID_MIN_SHARE * stats.get(el)!.chars) continue;
    if (!best || chars > best.chars)
      best = { root: el, chars, cards: members.length, shape: members[0] ? shapeOf(members[0]) : '', more: [] };
  }
  return best;
}

/** Tag and first class token: cards share them; modifiers ("--sale", "is-new") come later. */
export function shapeOf(el: Element): string {
  const cls = attribute(el, 'class');
  if (!cls) return el.name;
  const t = cls.trim();
  const end = t.search(/\s/);
  return `${el.name}.${end === -1 ? t : t.slice(0, end)}`;
}

/** What bounds a wide grid's use: the page's whole text, and what a grid must hold to replace
 *  the content found (a strict grid is used in place with less). */
export interface GridBound {
  pageChars: number;
  mustExceed: number;
}

/**
 * The page's card grid: on the strict measure (`stats`), or on a wide one that keeps what the
 * strict pass left out by its class words ("widget", "banner", "promo"), where shops put their
 * product grids, but not the page's chrome. The wide grid wins when it holds clearly more.
 * `gridOfMeasure`: findCardGrid, or a caller's copy that remembers its answers.
 */
export function findPageGrid(
  stats: ElementStats,
  wideMeasure: (() => ElementStats) | null,
  bound: GridBound,
  gridOfMeasure: (stats: ElementStats) => CardGrid | null = findCardGrid,
): { grid: CardGrid; stats: ElementStats } | null {
  const strict = gridOfMeasure(stats);
  // The wide measure is a second walk of the whole page: taken only where its grid could still
  // change the answer, since no grid holds more text than the page.
  const mayMatter =
    bound.pageChars > bound.mustExceed || (strict !== null && bound.pageChars > WIDE_OVER * strict.chars);
  const wideStats = wideMeasure && mayMatter ? wideMeasure() : null;
  const wide = wideStats ? gridOfMeasure(wideStats) : null;
  if (wide && wideStats && (!strict || wide.chars > WIDE_OVER * strict.chars)) return { grid: wide, stats: wideStats };
  return strict ? { grid: strict, stats } : null;
}
