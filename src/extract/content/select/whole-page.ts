// The whole page as content: for pages whose main content is not one block of prose (service
// pages of many sections, listings and card grids, documentation with its tables and code),
// the scored container is one part of many. When that container holds a small share of the
// page's text, the page itself minus its chrome (navigation, header, footer, asides, overlays)
// is the better answer: the page's <main> when it holds a fair share of the page, else <body>.
import type { ChildNode, Element, ParentNode } from 'domhandler';
import type { Block } from '../../blocks.js';
import { attribute } from '../../../parse/nodes.js';
import { isElement } from '../../dom/walk.js';
import { blocksTextLength, inlineText as inlinesText } from '../../to-blocks/block-text.js';
import type { ElementStats } from './element-stats.js';
import {
  COVERED,
  LOST_MAX_RATIO,
  LOST_MIN_HEADINGS,
  LOST_MIN_TITLED,
  MAIN_MIN_SHARE,
  RAW_SHARE,
  SECTIONED_MIN_HEADINGS,
  SECTIONS_MAX_SHARE,
  SECTIONS_MIN_MORE,
  SECTION_PROSE_CHARS,
  SLIGHT_SHARE,
  TITLED_MIN_MORE,
} from '../thresholds/select.js';

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

/** What was found is titled sections (SECTIONED_MIN_HEADINGS headings or more among its top-level blocks). */
export function sectionedBlocks(blocks: readonly Block[]): boolean {
  let n = 0;
  for (const b of blocks) if (b.type === 'heading' && ++n >= SECTIONED_MIN_HEADINGS) return true;
  return false;
}

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

/** The whole reading holds at least TITLED_MIN_MORE more prose sections than what was found,
 *  and what was found holds at most half of them (top-level blocks, already built). */
export function manyTitledSections(found: readonly Block[], whole: readonly Block[]): boolean {
  const a = titledHeadings(found);
  const b = titledHeadings(whole);
  return b - a >= TITLED_MIN_MORE && a <= SECTIONS_MAX_SHARE * b;
}

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

export function moreTitledSections(found: readonly Block[], whole: readonly Block[]): boolean {
  const a = titledHeadings(found);
  const b = titledHeadings(whole);
  return b - a >= LOST_MIN_TITLED && b <= LOST_MAX_RATIO * a;
}
