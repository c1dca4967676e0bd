// Containers that say what they are: itemprop=articleBody, the body-class names content
// management systems give the article text (WordPress entry-content, post-body, article-body,
// story-body...), then <article>, then <main>. Widely shared conventions, not site rules.
import type { Element } from 'domhandler';
import type { ElementStats } from './element-stats.js';
import { attribute } from '../../../parse/nodes.js';
import { BODY_CLASS } from '../../vocabulary/class-words.js';

/** Candidate containers in priority order, each group sorted by text size (largest first). */
export function semanticContainers(stats: ElementStats): Element[][] {
  const groups: Element[][] = [[], [], [], []];
  // The measured elements, in document order: those of the frame outside left-out subtrees.
  for (const el of stats.order) {
    const prop = attribute(el, 'itemprop');
    if (prop === 'articleBody') groups[0]!.push(el);
    else if (BODY_CLASS.test(attribute(el, 'class') ?? '') || BODY_CLASS.test(attribute(el, 'id') ?? ''))
      groups[1]!.push(el);
    else if (el.name === 'article') groups[2]!.push(el);
    else if (el.name === 'main' || attribute(el, 'role') === 'main') groups[3]!.push(el);
  }
  for (const g of groups) g.sort((a, b) => stats.get(b)!.chars - stats.get(a)!.chars);
  return groups;
}
