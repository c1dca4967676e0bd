// The whole page as content: for pages whose main content is not one block of prose (service
// pages of many sections, listings and card grids, documentation with its tables and code),
// the scored container is one part of many. When that container holds a small share of the
// page's text, the page itself minus its chrome (navigation, header, footer, asides, overlays)
// is the better answer: the page's <main> when it holds a fair share of the page, else <body>.
import type { ChildNode, Element, ParentNode } from 'domhandler';
import type { Block, Inline } from '../blocks.js';
import { attribute } from '../../parse/nodes.js';
import { isElement } from '../dom/walk.js';
import { blocksTextLength, inlineText as inlinesText } from '../to-blocks.js';
import { classOrIdMatches, isCaption, type Exclusions } from './exclusions.js';
import type { ElementStats } from './element-stats.js';

/** The page's chrome landmarks, by tag (a <form> too, in the whole-page reading, unless it wraps the page). */
export const CHROME_TAGS: ReadonlySet<string> = new Set(['nav', 'aside', 'footer', 'header', 'menu']);
const CHROME_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
]);
/** A <main> under this share of the page's text is a fragment (a hero), not the page body. */
const MAIN_MIN_SHARE = 0.3;

/** What the whole-page reading leaves out: never-text, hidden, and chrome landmarks. */
export function wholePageExcluded(ex: Exclusions, el: Element): boolean {
  if (ex.always(el)) return true;
  if (isCaption(el)) return true;
  if (CHROME_TAGS.has(el.name)) return true;
  if (el.name === 'form') return !holdsMain(el);
  const role = attribute(el, 'role');
  return role !== undefined && CHROME_ROLES.has(role);
}

/** ASP.NET and similar wrap the whole page in one <form>: that one is the page, not chrome. */
function holdsMain(form: Element): boolean {
  return form.parent !== null && (form.parent as Element).name === 'body';
}

/** Measured text of the frame (stats do not measure the root itself). */
export function frameChars(frame: ParentNode, stats: ElementStats): number {
  let n = 0;
  for (const c of frame.children) if (isElement(c)) n += stats.get(c)?.chars ?? 0;
  return n;
}

/**
 * Whether the chosen container (`found` characters) could be a small part of the page, so that
 * the whole page is worth converting (the whole-page reading itself then decides):
 *  - 'strict': under `share` of the page as the strict measure sees it;
 *  - 'wide': under `share` of the wide measure, when the grid search took one (it keeps the
 *    "cta", "promo" and "banner" boxes that service pages build their sections from, and that
 *    the strict measure leaves out);
 *  - 'unmeasured': the container is nearly all that the strict measure sees (COVERED), so that
 *    measure says nothing about the page (a thread's replies in "comment" wrappers, a page
 *    whose sections all carry unlikely class words), and it is under `share` of a quarter of
 *    the page's raw text (menus and footers included): the page may hold far more. There the
 *    whole-page reading must not be mostly linked list items (a link hub beside an article);
 *  - null: the container is most of the page.
 */
export function wholePageGate(
  found: number,
  frame: ParentNode,
  stats: ElementStats,
  wide: ElementStats | null,
  rawChars: number,
  share: number,
): 'strict' | 'wide' | 'unmeasured' | null {
  const strict = frameChars(frame, stats);
  if (found < share * strict) return 'strict';
  if (wide && found < share * frameChars(frame, wide)) return 'wide';
  if (strict > 0 && found >= COVERED * strict && found < share * RAW_SHARE * rawChars) return 'unmeasured';
  return null;
}

/** A container that scoring found (no page declaration, no declared container, no grid) and
 *  that holds under this share of what the strict measure sees is one section of many. */
const SLIGHT_SHARE = 0.4;

/**
 * On an undeclared page, the container that scoring chose (not a declared one, not a grid)
 * holds under SLIGHT_SHARE of the page as the strict measure sees it: the rest of the page is
 * not chrome (the strict measure left chrome out already), so the page is sections, of which
 * scoring picked the one with the most commas (a service page's hero, one feature block). The
 * whole-page reading then answers whenever it holds more, though the block pass brought it
 * down near the container's size (its card links and menus dropped).
 */
export function slightPart(found: number, frame: ParentNode, stats: ElementStats): boolean {
  return found < SLIGHT_SHARE * frameChars(frame, stats);
}

/** A container of this many headings is a run of sections, not an article's unbroken text. */
const SECTIONED_MIN_HEADINGS = 2;

/** What was found is titled sections (SECTIONED_MIN_HEADINGS headings or more among its top-level blocks). */
export function sectionedBlocks(blocks: readonly Block[]): boolean {
  let n = 0;
  for (const b of blocks) if (b.type === 'heading' && ++n >= SECTIONED_MIN_HEADINGS) return true;
  return false;
}

/** Beyond the strict measure's view, the page may be a post with its comments, reviews, sidebar
 *  widgets and links to other posts, which the strict pass leaves out by name: the whole-page
 *  reading of the 'wide' and 'unmeasured' bands leaves them out too. */
const BEYOND_STRICT_EXTRAS =
  /(?:^|[\s_-])(?:comments?|comment-?list|commentlist|respond|replies|related|more-?stories|read-?next|recommended|reviews?|ratings?|sidebar|widget-?area)(?:$|[\s_-])/i;

/** What the whole-page reading leaves out when the gate was not the strict measure. */
export function beyondStrictExcluded(ex: Exclusions, el: Element): boolean {
  return wholePageExcluded(ex, el) || classOrIdMatches(el, BEYOND_STRICT_EXTRAS);
}

/** The container is this share of the strict measure or more: that measure saw little else. */
const COVERED = 0.75;
/** Raw text is chrome and all: this share of it is a floor of the page's own text. */
const RAW_SHARE = 0.25;

/** The root of the whole-page reading: the page's <main> (or role=main) when it holds a fair
 *  share of the page's text, else the frame. */
export function wholePageRoot(frame: Element, stats: ElementStats): Element {
  const total = frameChars(frame, stats);
  for (const el of stats.order) {
    if (el.name !== 'main' && attribute(el, 'role') !== 'main') continue;
    if ((stats.get(el)?.chars ?? 0) >= MAIN_MIN_SHARE * total) return el;
    break;
  }
  return frame;
}

/** Lists of this many items or more, each nothing but one short link, are menus. */
const MENU_MIN_ITEMS = 4;
const MENU_MAX_ITEM_CHARS = 40;

/**
 * Menus the page did not mark as navigation (a list whose every item is one short link and
 * nothing else): the whole-page reading's chrome. Cards in a grid carry more than their link (a
 * price, a line of description, a date) and stay.
 */
export function dropMenuLists(blocks: Block[]): Block[] {
  return blocks.filter((b) => !(b.type === 'list' && isMenuList(b.items)));
}

function isMenuList(items: Array<{ children: Block[] }>): boolean {
  if (items.length < MENU_MIN_ITEMS) return false;
  for (const item of items) {
    if (item.children.length !== 1) return false;
    const only = item.children[0]!;
    if (only.type !== 'paragraph') return false;
    const inl = only.children.filter((c) => !(c.type === 'text' && c.text.trim() === ''));
    if (inl.length !== 1 || inl[0]!.type !== 'link') return false;
    if (inlineText(inl[0]!).length > MENU_MAX_ITEM_CHARS) return false;
  }
  return true;
}

/** Text of list items that hold a link (events, teasers, related pages): what a short article
 *  beside such a list would gain from the whole-page reading. */
export function linkedListChars(blocks: Block[]): number {
  let n = 0;
  for (const b of blocks) {
    if (b.type !== 'list') continue;
    for (const item of b.items) {
      if (
        item.children.some(
          (c) => (c.type === 'paragraph' || c.type === 'heading') && c.children.some((i) => i.type === 'link'),
        )
      )
        n += blocksTextLength(item.children);
    }
  }
  return n;
}

function inlineText(i: Inline): string {
  switch (i.type) {
    case 'text':
    case 'code':
      return i.text;
    case 'link':
    case 'emphasis':
    case 'strong':
      return i.children.map(inlineText).join('');
    default:
      return '';
  }
}

/** A run of this many blocks printed again as it stands is a copy (a sticky buy bar repeating
 *  the title and price, a desktop and a mobile copy of one section). */
const REPEAT_MIN_BLOCKS = 3;

/**
 * The whole-page reading meets copies that a browser shows one at a time (the title and price
 * again in a sticky bar, a section printed for desktop and for mobile): a run of 3+ blocks that
 * repeats an earlier run block for block is dropped. Single repeated lines stay (a heading
 * repeated over a table, a "Description" tab label).
 */
export function dropRepeatedRuns(blocks: Block[]): Block[] {
  if (blocks.length < 2 * REPEAT_MIN_BLOCKS) return blocks;
  const keys = blocks.map((b) => JSON.stringify(b));
  const first = new Map<string, number>();
  const drop = new Set<number>();
  for (let i = 0; i < keys.length; i++) {
    const j = first.get(keys[i]!);
    if (j === undefined) {
      first.set(keys[i]!, i);
      continue;
    }
    if (drop.has(i)) continue;
    let n = 0;
    while (i + n < keys.length && j + n < i && keys[j + n] === keys[i + n]) n++;
    if (n >= REPEAT_MIN_BLOCKS) for (let k = i; k < i + n; k++) drop.add(k);
  }
  return drop.size === 0 ? blocks : blocks.filter((_, i) => !drop.has(i));
}

/** The page has at least this many more headings than the chosen container... */
const SECTIONS_MIN_MORE = 6;
/** ...and the container holds at most this share of the page's headings. */
const SECTIONS_MAX_SHARE = 0.5;

/**
 * A page of many sections of which the chosen container holds few (a service page built from
 * a page builder's blocks, each under its own heading, where scoring picked the longest block):
 * the headings are counted by the measure that chose the container (no walk: each element's
 * measure already counts the headings under it). A page that says what it is (article, thread,
 * product, listing) is not asked: there the other sections are teasers, replies or rails.
 */
export function manySectionsBeyond(roots: readonly ChildNode[], stats: ElementStats, frame: ParentNode): boolean {
  let page = 0;
  for (const c of frame.children) if (isElement(c)) page += stats.get(c)?.headings ?? 0;
  let found = 0;
  for (const r of roots) if (isElement(r)) found += stats.get(r)?.headings ?? 0;
  return page - found >= SECTIONS_MIN_MORE && found <= SECTIONS_MAX_SHARE * page;
}

/** The sections the whole reading adds must be sections of prose: a heading that is not a link
 *  followed by a paragraph of its own words (a news page's other headings are teasers, each a
 *  link to another article, or widget titles over lists of links). */
const TITLED_MIN_MORE = 4;

/** The whole reading holds at least TITLED_MIN_MORE more prose sections than what was found,
 *  and what was found holds at most half of them (top-level blocks, already built). */
export function manyTitledSections(found: readonly Block[], whole: readonly Block[]): boolean {
  const a = titledHeadings(found);
  const b = titledHeadings(whole);
  return b - a >= TITLED_MIN_MORE && a <= SECTIONS_MAX_SHARE * b;
}

/** A section's opening prose: the paragraph under its heading holds this many characters. */
const SECTION_PROSE_CHARS = 60;

function titledHeadings(blocks: readonly Block[]): number {
  let n = 0;
  for (let i = 0; i + 1 < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type !== 'heading' || b.children.some((c) => c.type === 'link')) continue;
    const next = blocks[i + 1]!;
    if (
      next.type === 'paragraph' &&
      !next.children.some((c) => c.type === 'link') &&
      inlinesText(next.children, SECTION_PROSE_CHARS).length >= SECTION_PROSE_CHARS
    )
      n++;
  }
  return n;
}

/** Headings that the measure counted inside the container and that its conversion did not keep. */
const LOST_MIN_HEADINGS = 6;

/**
 * The container's measure counts headings under it (no walk: each element's measure already
 * counts them); its conversion kept LOST_MIN_HEADINGS fewer as top-level heading blocks. On a
 * page builder's page the prune and block passes drop whole sections inside the container (a
 * "cta" band, a "promo" row, a row of feature cards under their titles), which the whole-page
 * reading, made without those passes' class rules, keeps.
 */
export function sectionsLostInside(
  roots: readonly ChildNode[],
  stats: ElementStats,
  blocks: readonly Block[],
): boolean {
  let counted = 0;
  for (const r of roots) if (isElement(r)) counted += stats.get(r)?.headings ?? 0;
  if (counted < LOST_MIN_HEADINGS) return false;
  let kept = 0;
  for (const b of blocks) if (b.type === 'heading') kept++;
  return counted - kept >= LOST_MIN_HEADINGS;
}

/** Where sections were lost inside the container, the whole reading must give back some: at
 *  least this many more titled prose sections than what was found... */
const LOST_MIN_TITLED = 2;
/** ...but not a run that outnumbers what was found this many times over: that is an article's
 *  few sections above a run of teaser cards (a picture, a title, a line each), not sections of
 *  the same page lost in conversion. */
const LOST_MAX_RATIO = 2.5;

export function moreTitledSections(found: readonly Block[], whole: readonly Block[]): boolean {
  const a = titledHeadings(found);
  const b = titledHeadings(whole);
  return b - a >= LOST_MIN_TITLED && b <= LOST_MAX_RATIO * a;
}
