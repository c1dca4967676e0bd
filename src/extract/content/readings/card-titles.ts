// The chosen reading read once more with its cards' titles. A heading that is all link is pruned
// (prune.ts: a "related" teaser's title), and the readings are compared on what they read so; but
// inside the reading chosen, a linked heading followed by its own description is a card's title
// (a listing's entries, a shop's products, a hub's sections), which the truths keep with the
// description. On a page declared an article, linked headings beside a teaser's line or two
// announce other articles, and only the items of a list article are read: several titles, each
// with a section of its own text under it (a buying guide's picks, a ranking's entries); a lone
// linked heading over the text that follows it is a "read more" teaser. Not a heading linking
// to a place on the page (a post's permalink); not inside a forum post's preview of a linked page.
import type { Element } from 'domhandler';
import type { ContentContext } from '../context.js';
import type { ElementStats } from '../select/element-stats.js';
import { pruneRule } from '../prune/prune.js';
import { isHeading } from '../../dom/headings.js';
import { isElement } from '../../dom/walk.js';
import { attribute } from '../../../parse/nodes.js';
import { LINK_PREVIEW } from '../../vocabulary/class-words.js';
import {
  ARTICLE_ITEM_MIN_CHARS,
  ARTICLE_MIN_ITEMS,
  CARD_DESCRIPTION_MAX_LINK_DENSITY,
} from '../thresholds/readings.js';
import type { Attempt } from './attempt.js';
import { readAgain } from './read-again.js';

/** `found` with its cards' titles read, when that only adds them; else `found` as it is. */
export function withCardTitles(ctx: ContentContext, found: Attempt): Attempt {
  const p = found.plan;
  if (!found.again || !p?.pruned) return found;
  const article = ctx.declaredType === 'article';
  const minChars = article ? ARTICLE_ITEM_MIN_CHARS : 1;
  const titles: Element[] = [];
  const previews = new Map<Element, boolean>();
  for (const el of p.pruned)
    if (
      isHeading(el) &&
      describedAfter(el, p.stats, minChars) &&
      !linksInPage(el) &&
      !inLinkPreview(el, previews) &&
      pruneRule(el, p.stats, p.flags, ctx.ex.isHidden) === 'linked heading'
    )
      titles.push(el);
  if (titles.length === 0 || (article && titles.length < ARTICLE_MIN_ITEMS)) return found;
  const pruned = new Set(p.pruned);
  let added = 0;
  for (const el of titles) {
    pruned.delete(el);
    added += p.stats.get(el)?.chars ?? 0;
  }
  // A line per title of separator beside the titles' own text.
  return readAgain(found, { ...p, pruned }, added + titles.length * 2);
}

/** What follows the heading (or the link around it), up to the next heading, is text of its own
 *  (mostly outside links), at least `minChars` of it: the card's description. Empty boxes (an ad
 *  slot, a paragraph the parser closed) are passed over. */
function describedAfter(el: Element, stats: ElementStats, minChars: number): boolean {
  const at = el.parent && isElement(el.parent) && el.parent.name === 'a' ? el.parent : el;
  let own = 0;
  for (let n = at.next; n && own < minChars; n = n.next) {
    if (!isElement(n)) continue;
    if (isHeading(n)) break;
    const info = stats.get(n);
    if (info === undefined) break;
    if (info.chars === 0) continue;
    const density = stats.linkDensity(n);
    if (density > CARD_DESCRIPTION_MAX_LINK_DENSITY) break;
    own += info.chars * (1 - density);
  }
  return own >= minChars;
}

/** The heading's link (around it or inside it) is to a place on this page: a post's permalink,
 *  not a card's page. */
function linksInPage(el: Element): boolean {
  let a: Element | null = el.parent && isElement(el.parent) && el.parent.name === 'a' ? el.parent : null;
  if (!a) a = el.children.find((c): c is Element => isElement(c) && c.name === 'a') ?? null;
  return (a && attribute(a, 'href')?.startsWith('#')) === true;
}

/** Whether an ancestor of `el` is a link preview. `known` keeps each ancestor's answer (itself
 *  or one above it), so that many headings in one deep box climb its ancestors once. */
function inLinkPreview(el: Element, known: Map<Element, boolean>): boolean {
  const path: Element[] = [];
  let answer = false;
  for (let a = el.parent; a && isElement(a); a = a.parent) {
    const seen = known.get(a);
    if (seen !== undefined) {
      answer = seen;
      break;
    }
    path.push(a);
    const cls = attribute(a, 'class');
    if (cls && LINK_PREVIEW.test(cls)) {
      answer = true;
      break;
    }
  }
  for (const a of path) known.set(a, answer);
  return answer;
}
