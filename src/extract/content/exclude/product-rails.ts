// A product page's content is its own description and specifications, not the rails around
// them: grids of other products ("customers also viewed", "you may also like", variations
// shown as cards), and the customers' reviews and questions. The rails are found once on the
// page's wide measure and every reading of a page declared a product leaves them out.
import { ElementType } from 'domelementtype';
import type { Element } from 'domhandler';
import { hasAncestorIn, textContent } from '../../dom/walk.js';
import { gridOf } from '../select/card-grid.js';
import type { ElementStats } from '../select/element-stats.js';
import { classOrIdMatches } from './exclusions.js';
import { RAIL_NAME } from '../../vocabulary/region-words.js';
import { PRICE } from '../../vocabulary/text-patterns.js';
import { RAIL_HEADING } from '../../vocabulary/phrases/widgets.js';
import {
  PRICED_SHARE,
  RAIL_HEADED_SHARE,
  RAIL_HEADING_MAX_CHARS,
  RAIL_MAX_SHARE,
  RAIL_SECTION_MIN_EXTRA,
  RAIL_SECTION_OVER,
} from '../thresholds/exclusions.js';

/** The rails of a product page: grids of linked cards and sections named as rails. */
export function productRails(wide: ElementStats, pageChars: number): Set<Element> {
  const rails = new Set<Element>();
  for (const el of wide.order) {
    if (wide.get(el)!.chars > RAIL_MAX_SHARE * pageChars || hasAncestorIn(el, rails)) continue;
    if (named(el) || isProductGrid(el, wide)) rails.add(el);
    else if (railLabel(el, wide)) {
      const section = headedRail(el, wide, pageChars);
      if (section && !hasAncestorIn(section, rails)) rails.add(section);
    }
  }
  return rails;
}

const HEADING_TAGS = new Set(['h2', 'h3', 'h4']);

/** A rail's label: a heading, or the outermost element of a short line set as one (a `<p>` or a
 *  `<div>` styled as the rail's title, a heading's first line above its subtitle). */
function railLabel(el: Element, wide: ElementStats): boolean {
  if (HEADING_TAGS.has(el.name)) return true;
  const own = wide.get(el)!.chars;
  if (own === 0 || own > RAIL_HEADING_MAX_CHARS) return false;
  const parent = el.parent as Element | null;
  const up = parent && parent.type === ElementType.Tag ? wide.get(parent) : undefined;
  return up !== undefined && up.chars > own;
}

/** The section a rail heading opens: its first ancestor holding more than the heading. */
function headedRail(h: Element, wide: ElementStats, pageChars: number): Element | null {
  const own = wide.get(h)!.chars;
  if (own > RAIL_HEADING_MAX_CHARS || !RAIL_HEADING.test(textContent(h).trim())) return null;
  for (let p = h.parent as Element | null; p && p.type === ElementType.Tag; p = p.parent as Element | null) {
    const info = wide.get(p);
    if (!info || p.name === 'main' || p.name === 'body') return null;
    if (info.chars > RAIL_HEADED_SHARE * pageChars) return null;
    if (info.chars > RAIL_SECTION_OVER * own + RAIL_SECTION_MIN_EXTRA) return p;
  }
  return null;
}

/** A grid of cards of other products: linked cards, most of them priced (feature blurbs and
 *  testimonials in a grid are a page's own content). */
function isProductGrid(el: Element, wide: ElementStats): boolean {
  const grid = gridOf(el, wide);
  if (!grid) return false;
  let cards = 0;
  let priced = 0;
  for (const c of el.children) {
    if (c.type !== ElementType.Tag || !wide.get(c)) continue;
    cards++;
    if (PRICE.test(textContent(c))) priced++;
  }
  return priced >= PRICED_SHARE * cards;
}

function named(el: Element): boolean {
  if (el.name === 'body' || el.name === 'main' || el.name === 'html') return false;
  return classOrIdMatches(el, RAIL_NAME);
}
