// Card grids: the main content of a listing, a category page or a collection is its run of
// repeated cards (products, jobs, events, results), each a short block with a link. Scoring
// reads each card as a line or two of link text and passes them over for one short block of
// prose (a newsletter box, a category blurb); here the grid is found from its structure: an
// element whose children repeat one shape (same tag and first class), most of them linking
// somewhere, together holding most of the element's text.
import type { Element, ParentNode } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { isElement, isInside, textContent } from '../dom/walk.js';
import { BOILERPLATE_ROLES, someTokenWords } from '../dom/patterns.js';
import { ElementStats } from './element-stats.js';
import { classOrIdMatches, type Exclusions } from './exclusions.js';
import { CHROME_TAGS } from './whole-page.js';

/** A grid has at least this many cards of one shape. */
const MIN_CARDS = 4;
/** Cards of one shape hold at least this share of their parent's text. */
const MIN_SHARE = 0.6;
/** This share of the cards link somewhere (a card leads to its item). */
const MIN_LINKED = 0.7;
/** A card carries more than a menu entry, and less than an article section. */
const MIN_CARD_CHARS = 20;
const MAX_CARD_CHARS = 1500;

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
  for (const el of stats.order) {
    const info = stats.get(el)!;
    if (info.chars < MIN_CARDS * MIN_CARD_CHARS || (best && info.chars <= best.chars)) continue;
    const grid = gridOf(el, stats);
    if (grid && (!best || grid.chars > best.chars) && !forScreenReaders(el) && !inFacets(el)) best = grid;
  }
  if (best) best.more = sameShape(best, stats);
  return best;
}

/** A run of look-alike cards elsewhere has at least this many. */
const MIN_MORE_CARDS = 2;
/** The runs together hold at most this share of the grid's card text. */
const MORE_SHARE = 1;

/** Runs of cards of the best grid's shape outside it (not inside each other): one pass over the
 *  measured elements, comparing the tag first. */
function sameShape(best: CardGrid, stats: ElementStats): Element[] {
  const tag = best.shape.split('.', 1)[0]!;
  const counts = new Map<Element, number>();
  for (const el of stats.order) {
    if (el.name !== tag || !isElement(el.parent as Element) || isInside(el, best.root)) continue;
    const info = stats.get(el)!;
    if (info.chars < MIN_CARD_CHARS || (info.links === 0 && el.name !== 'a') || shapeOf(el) !== best.shape) continue;
    const parent = el.parent as Element;
    counts.set(parent, (counts.get(parent) ?? 0) + 1);
  }
  const out: Element[] = [];
  let chars = 0;
  for (const [parent, n] of counts) {
    const info = stats.get(parent);
    if (
      !info ||
      n < MIN_MORE_CARDS ||
      out.some((o) => isInside(parent, o) || isInside(o, parent)) ||
      forScreenReaders(parent)
    )
      continue;
    out.push(parent);
    chars += info.chars;
  }
  // The grid is the listing and the runs are its remainder: runs outweighing it are the
  // page's other lists (menus, link blocks) that happen to share the cards' shape.
  return chars <= MORE_SHARE * best.chars ? out : [];
}

/** A listing's filter panel: its options (categories, sizes, colours, each a link or a
 *  checkbox with a count) repeat one shape, but they are the search form, not the results. */
const FACET_NAME =
  /(?:^|[\s_-])(?:facets?|facet-?(?:filters?|list|group|container|panel|nav)s?|refinements?|search-?filters?|product-?filters?|filter-?(?:panel|sidebar|options|list|group|container)s?)(?:$|[\s_-])/i;

/** The element is a filter panel or inside one. */
export function inFacets(el: Element): boolean {
  for (let p: Element | null = el; p && isElement(p); p = p.parent as Element | null) {
    if (p.name === 'body' || p.name === 'main') return false;
    if (isFacetPanel(p)) return true;
  }
  return false;
}

/** A filter panel beside the results, left out of a grid's reading. */
export function isFacetPanel(el: Element): boolean {
  return (
    (classOrIdMatches(el, FACET_NAME) || facetNamed(attribute(el, 'class')) || facetNamed(attribute(el, 'id'))) &&
    !namesResults(attribute(el, 'class'))
  );
}

/** A class token naming the results ("t-collection__grid", "product-grid", "search-results"). */
const RESULTS_NAME = /(?:^|[_-])(?:grid|results?|products?|collection)(?:$|[_-])/i;
const FILTER_WORD = /facet|filter|refine/i;

/** The class names the results too, in a token of its own: the layout around the filters and
 *  the grid ("t-collection__grid facets-vertical", the facets word a layout modifier), not the
 *  panel. */
function namesResults(cls: string | undefined): boolean {
  if (cls === undefined) return false;
  for (const token of cls.split(/\s+/)) if (RESULTS_NAME.test(token) && !FILTER_WORD.test(token)) return true;
  return false;
}

/** Words that, beside "filter" or "facet" in one camelCase or underscored name, make it the
 *  panel, its parts or its place ("leftFilterCol", "filterAccordion", "FilterBar-styled__x",
 *  "HorizontalFilters_y", "FacetFiltersForm", "filtersPanel-filterOption-L"). */
const FACET_PART_WORDS = new Set([
  'panel',
  'panels',
  'bar',
  'container',
  'accordion',
  'col',
  'column',
  'section',
  'sidebar',
  'wrapper',
  'form',
  'group',
  'groups',
  'list',
  'option',
  'options',
  'item',
  'items',
  'pill',
  'pills',
  'menu',
  'box',
  'block',
  'horizontal',
  'vertical',
  'left',
  'side',
  'refine',
  'selected',
  'applied',
]);
const FACET_WORDS = new Set(['filter', 'filters', 'facet', 'facets']);
/** A class or id that may name a filter panel in camelCase: it holds a capitalised word. */
const MAYBE_FACET = /[Ff]ilter|[Ff]acet/;

/** The class or id names a filter panel in camelCase (see FACET_PART_WORDS). */
function facetNamed(name: string | undefined): boolean {
  return someTokenWords(
    name,
    MAYBE_FACET,
    (words) => words.some((w) => FACET_WORDS.has(w)) && words.some((w) => FACET_PART_WORDS.has(w)),
  );
}

/** The element itself is shown to screen readers only (a shop's "Regular price" label, a
 *  second copy of a card's price or rating for assistive technology). */
export function isScreenReaderOnly(el: Element): boolean {
  // Screen-reader text holding a figure (a price, a rating, a date) may be the only copy of it.
  const cls = attribute(el, 'class');
  return cls !== undefined && cls.length > 0 && SCREEN_READER_ONLY.test(cls) && !/\d/.test(textContent(el));
}

/** The element or one of its ancestors is shown to screen readers only (a second copy of the
 *  menus): its lists are no grid of the page. */
function forScreenReaders(el: Element): boolean {
  for (let p: Element | null = el; p && isElement(p); p = p.parent as Element | null) {
    const cls = attribute(p, 'class');
    if (cls && SCREEN_READER_ONLY.test(cls)) return true;
  }
  return false;
}

export function gridOf(el: Element, stats: ElementStats): CardGrid | null {
  // Most elements have one or two children: no grid, and no map to build.
  let tags = 0;
  for (const c of el.children) if (isElement(c)) tags++;
  if (tags < MIN_CARDS) return null;
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
  if (kids < MIN_CARDS) return null;
  let best: CardGrid | null = null;
  for (const members of groups.values()) {
    if (members.length < MIN_CARDS) continue;
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
    if (withText < MIN_CARDS || mean < MIN_CARD_CHARS || mean > MAX_CARD_CHARS) continue;
    if (linked < MIN_LINKED * members.length) continue;
    if (chars < MIN_SHARE * stats.get(el)!.chars) continue;
    if (!best || chars > best.chars)
      best = { root: el, chars, cards: members.length, shape: members[0] ? shapeOf(members[0]) : '', more: [] };
  }
  return best;
}

/** Tag and first class token: cards share them; modifiers ("--sale", "is-new") come later. */
function shapeOf(el: Element): string {
  const cls = attribute(el, 'class');
  if (!cls) return el.name;
  const t = cls.trim();
  const end = t.search(/\s/);
  return `${el.name}.${end === -1 ? t : t.slice(0, end)}`;
}

/** A grid found on the wide measure replaces the strict one when it holds this many times its text. */
const WIDE_OVER = 1.5;

/** Chrome by its plain names: the menus, header, footer and sidebars, and the comments (a
 *  thread of replies repeats one shape too); not the looser words the strict pass leaves out,
 *  "widget", "banner", "promo", which shops put their grids in. */
const CHROME_NAME =
  /(?:^|[\s_-])(?:nav|navbar|navigation|menus?|megamenu|mega-menu|footer|header|sidebar|breadcrumbs?|cookies?|consent|modal|popup|drawer|minicart|mini-cart)(?:$|[\s_-])|comment|replies/i;

/** The wide measure of the page, for grid searches: everything but the chrome. A wrapper
 *  around the page's <main> is no chrome, whatever its name ("flex-wrap-footer" keeping the
 *  footer at the foot of the window): `measured` (the strict measure) tells where <main> is. */
export function wideGridStats(ex: Exclusions, frame: ParentNode, measured?: ElementStats): ElementStats {
  const around = measured ? mainWrappers(measured) : null;
  return new ElementStats(
    frame,
    around ? (el) => !around.has(el) && gridSearchExcluded(ex, el) : (el) => gridSearchExcluded(ex, el),
  );
}

/** The ancestors of the page's first <main>, or null when there is none (a scan of the
 *  measured elements' tags, no walk of the tree). */
function mainWrappers(stats: ElementStats): Set<Element> | null {
  for (const el of stats.order) {
    if (el.name !== 'main') continue;
    const out = new Set<Element>();
    for (let p = el.parent; p && isElement(p); p = p.parent) out.add(p);
    return out;
  }
  return null;
}

/** What the wide grid search leaves out: never-text and hidden elements and the page's chrome. */
export function gridSearchExcluded(ex: Exclusions, el: Element): boolean {
  if (ex.always(el)) return true;
  if (el.name === 'body' || el.name === 'html' || el.name === 'main') return false;
  if (CHROME_TAGS.has(el.name)) return !((el.name === 'header' || el.name === 'footer') && inSection(el));
  const role = attribute(el, 'role');
  if (role !== undefined && BOILERPLATE_ROLES.has(role)) return true;
  return classOrIdMatches(el, CHROME_NAME);
}

/** A header or footer inside an <article> or <section> heads that part (a card's brand and
 *  title, a section's heading), not the page: the page's banner and footer sit outside them. */
function inSection(el: Element): boolean {
  for (let p = el.parent; p && isElement(p); p = p.parent) {
    if (p.name === 'article' || p.name === 'section') return true;
    if (p.name === 'body' || p.name === 'main') return false;
  }
  return false;
}

/** Text shown to screen readers only: a second copy of the menus, not a grid of the page. */
const SCREEN_READER_ONLY =
  /(?:^|\s)(?:visually-hidden|visuallyhidden|sr-only|screen-reader-text|screenreader-only)(?:$|\s)/i;

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
 */
export function findPageGrid(
  stats: ElementStats,
  wideMeasure: (() => ElementStats) | null,
  bound: GridBound,
): { grid: CardGrid; stats: ElementStats } | null {
  const strict = findCardGrid(stats);
  // The wide measure is a second walk of the whole page: taken only where its grid could still
  // change the answer, since no grid holds more text than the page.
  const mayMatter =
    bound.pageChars > bound.mustExceed || (strict !== null && bound.pageChars > WIDE_OVER * strict.chars);
  const wideStats = wideMeasure && mayMatter ? wideMeasure() : null;
  const wide = wideStats ? findCardGrid(wideStats) : null;
  if (wide && wideStats && (!strict || wide.chars > WIDE_OVER * strict.chars)) return { grid: wide, stats: wideStats };
  return strict ? { grid: strict, stats } : null;
}
