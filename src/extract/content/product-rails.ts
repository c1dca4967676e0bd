// A product page's content is its own description and specifications, not the rails around
// them: grids of other products ("customers also viewed", "you may also like", variations
// shown as cards), and the customers' reviews and questions. The rails are found once on the
// page's wide measure and every reading of a page declared a product leaves them out.
import type { Element } from 'domhandler';
import { hasAncestorIn, textContent } from '../dom/walk.js';
import { gridOf } from './card-grid.js';
import type { ElementStats } from './element-stats.js';
import { classOrIdMatches } from './exclusions.js';

/** Sections named as reviews, ratings, questions and answers, or recommendations. */
const RAIL_NAME =
  /(?:^|[\s_-])(?:reviews?|ratings?|related|recommendations?|recommended|upsells?|up-sells?|cross-?sells?|recently-?viewed|also-?(?:viewed|bought|like)|you-?may-?(?:also-?)?like|similar(?:-products?)?)(?:$|[\s_-])|reviews?(?:list|section|widget|container)|crosssell|upsell/i;

/** A rail is a part of the page: a container holding more than this share of it is the page. */
const MAX_SHARE = 0.5;

/** The rails of a product page: grids of linked cards and sections named as rails. */
export function productRails(wide: ElementStats, pageChars: number): Set<Element> {
  const rails = new Set<Element>();
  for (const el of wide.order) {
    if (wide.get(el)!.chars > MAX_SHARE * pageChars || hasAncestorIn(el, rails)) continue;
    if (named(el) || isProductGrid(el, wide)) rails.add(el);
  }
  return rails;
}

/** A price: a currency sign or code next to a number. */
const PRICE = /(?:[$€£¥₹₽]|\b(?:USD|EUR|GBP|CHF|CAD|AUD|Rs\.?))\s?\d|\d\s?(?:[$€£₽]|kr\b|zł|Kč|lei\b|USD\b|EUR\b)/;
/** Most cards of another product carry its price. */
const PRICED_SHARE = 0.5;

/** A grid of cards of other products: linked cards, most of them priced (feature blurbs and
 *  testimonials in a grid are a page's own content). */
function isProductGrid(el: Element, wide: ElementStats): boolean {
  const grid = gridOf(el, wide);
  if (!grid) return false;
  let cards = 0;
  let priced = 0;
  for (const c of el.children) {
    if (c.type !== 'tag' || !wide.get(c as Element)) continue;
    cards++;
    if (PRICE.test(textContent(c as Element))) priced++;
  }
  return priced >= PRICED_SHARE * cards;
}

function named(el: Element): boolean {
  if (el.name === 'body' || el.name === 'main' || el.name === 'html') return false;
  return classOrIdMatches(el, RAIL_NAME);
}
