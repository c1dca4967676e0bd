// The lead paragraph (standfirst, intro, chapô, deck) often sits in the article header, a
// sibling of the body container that scoring picks. It is article text: bring it back.
import type { ChildNode, Element } from 'domhandler';
import { isElement, visitElements } from '../../dom/walk.js';
import type { ElementStats } from './element-stats.js';
import { attribute } from '../../../parse/nodes.js';
import { LEAD } from '../../vocabulary/class-words.js';
import { LEAD_PROPS } from '../../vocabulary/schema-types.js';
import { LEAD_MAX_CLIMB, LEAD_MAX_LINK_DENSITY, LEAD_MIN_CHARS } from '../thresholds/select.js';

const SCOPES = new Set(['article', 'main']);

/** Lead elements before the first root, inside the article that holds it. */
export function findLead(roots: ChildNode[], stats: ElementStats): Element[] {
  const first = roots.find(isElement);
  if (!first) return [];
  let scope: Element | null = null;
  let climb = 0;
  for (let p = first.parent; p && isElement(p) && climb < LEAD_MAX_CLIMB; p = p.parent, climb++) {
    const el = p;
    if (SCOPES.has(el.name) || /article/i.test(attribute(el, 'itemtype') ?? '')) {
      scope = el;
      break;
    }
    if (el.name === 'body') break;
  }
  if (!scope) {
    // No article element: the parent and grandparent of the body container are the header's
    // natural neighbours.
    const gp = first.parent?.parent;
    scope = gp && isElement(gp) && gp.name !== 'body' && gp.name !== 'html' ? gp : null;
  }
  if (!scope) return [];
  const rootSet = new Set<ChildNode>(roots);
  const aroundRoots = boxesAround(roots);
  const found: Element[] = [];
  let reached = false;
  visitElements(scope, (el) => {
    if (reached) return false;
    if (rootSet.has(el)) {
      reached = true;
      return false;
    }
    const info = stats.get(el);
    if (!info) return false;
    const cls = (attribute(el, 'class') ?? '') + ' ' + (attribute(el, 'id') ?? '');
    const isLead = LEAD.test(cls) || LEAD_PROPS.has(attribute(el, 'itemprop') ?? '');
    if (
      isLead &&
      el.name !== 'meta' &&
      info.chars >= LEAD_MIN_CHARS &&
      stats.linkDensity(el) < LEAD_MAX_LINK_DENSITY &&
      !aroundRoots.has(el)
    ) {
      found.push(el);
      return false;
    }
    return true;
  });
  return reached ? found : [];
}

/** Every element with a root below it: a lead box holding the body is no lead. Found by one
 *  climb from each root, stopped where an earlier climb passed (a walk of each lead-named box
 *  looking for a root cost depth x elements on nested lead boxes). */
function boxesAround(roots: ChildNode[]): Set<Element> {
  const around = new Set<Element>();
  for (const root of roots) {
    if (!isElement(root)) continue;
    for (let p = root.parent; p && isElement(p) && !around.has(p); p = p.parent) around.add(p);
  }
  return around;
}
