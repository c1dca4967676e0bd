// The wide measure of a page, for grid searches: the page minus its chrome by plain names
// (menus, header, footer, sidebars, comments), keeping the looser "widget", "banner" and
// "promo" boxes that the strict measure leaves out and that shops put their grids in.
import type { Element, ParentNode } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { isElement } from '../../dom/walk.js';
import { BOILERPLATE_ROLES } from '../../vocabulary/roles.js';

import { ElementStats } from '../select/element-stats.js';
import type { TextMeasures } from '../select/text-measures.js';
import { classOrIdMatches, type Exclusions } from './exclusions.js';
import { CHROME_TAGS } from '../../vocabulary/tags.js';
import { CHROME_NAME } from '../../vocabulary/region-words.js';

/** The wide measure of the page, for grid searches: everything but the chrome. A wrapper
 *  around the page's <main> is no chrome, whatever its name ("flex-wrap-footer" keeping the
 *  footer at the foot of the window): `measured` (the strict measure) tells where <main> is. */
export function wideGridStats(
  ex: Exclusions,
  frame: ParentNode,
  measured?: ElementStats,
  texts?: TextMeasures,
): ElementStats {
  const around = measured ? mainWrappers(measured) : null;
  return new ElementStats(
    frame,
    around ? (el) => !around.has(el) && gridSearchExcluded(ex, el) : (el) => gridSearchExcluded(ex, el),
    texts,
  );
}

/** The ancestors of the page's first <main>, or null when there is none (a scan of the
 *  measured elements' tags, no walk of the tree). */
function mainWrappers(stats: ElementStats): Set<Element> | null {
  // By index: once a page, unoptimised at first, where for-of makes a step object per element.
  for (let i = 0; i < stats.order.length; i++) {
    const el = stats.order[i]!;
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
