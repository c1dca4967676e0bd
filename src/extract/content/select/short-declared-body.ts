// A declared body container (a CMS body class) is the page's own statement of where the
// article is, and stands however short: a short post stays short rather than growing into the
// sidebar through relaxed filters. But on a page declared an article, a declared body that is
// itself a paragraph or two can be a hero's excerpt reusing a body class, the article sitting
// elsewhere in a box the strict pass left out (a page builder's "widget" module): the relaxed
// attempts then have their turn, as for any short find. A body that holds more but was pruned
// down (a grid of link cards the prune passed over) is still the page's statement, and stands.
import type { ChildNode, Element } from 'domhandler';
import type { ElementStats } from './element-stats.js';
import { SHORT_DECLARED_BODY_CHARS } from '../thresholds/readings.js';

/** The declared containers (and their lead) measure under SHORT_DECLARED_BODY_CHARS before
 *  any pruning. */
export function shortInItself(roots: readonly ChildNode[], stats: ElementStats): boolean {
  let chars = 0;
  for (const r of roots) chars += stats.get(r as Element)?.chars ?? 0;
  return chars < SHORT_DECLARED_BODY_CHARS;
}
