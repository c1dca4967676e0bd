// A link marked rel="sponsored" is, by what the marking means (search engines ask sites to mark
// paid and affiliate links so), the text naming a product it recommends: a buying guide's picks,
// a packing list's gear, a recipe's equipment. Menus, related posts and tag lists are links to
// the site's own pages and are not so marked. Such a link's text is read as the box's own words
// when its link density is weighed (select/element-stats.ts): a list of recommended gear is the
// article, not a list of links away from it.
import type { Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';

/** `el` (an `<a>`) carries `sponsored` among its rel tokens. */
export function isSponsoredLink(el: Element): boolean {
  const rel = attribute(el, 'rel');
  if (rel === undefined) return false;
  for (const token of rel.toLowerCase().split(/\s+/)) if (token === 'sponsored') return true;
  return false;
}
