// A list of links the article's own lead-in introduces ("You will need:", "Here are the courses
// to take:", then the tools, books or sources it names) is part of the text; a list under a label
// of other pages ("Related posts:", "You might also like:") is not.
import type { Element } from 'domhandler';
import { isElement, isTextNode, textContent } from '../../dom/walk.js';
import { collapseWhitespace } from '../../dom/measures.js';
import { RELATED_LEAD_IN } from '../../vocabulary/phrases/lead-ins.js';
import { INTRODUCTION_MAX_LINK_DENSITY } from '../thresholds/prunes.js';

/** `list`'s previous sibling (blank text between them aside) is a paragraph that introduces it
 *  (below), mostly not links (a "Read more:" link is no introduction). `linkDensity`: the
 *  paragraph's, as the prune weighs it. */
export function isIntroducedList(list: Element, linkDensity: (p: Element) => number): boolean {
  let prev = list.prev;
  while (prev && isTextNode(prev) && prev.data.trim() === '') prev = prev.prev;
  if (!prev || !isElement(prev) || prev.name !== 'p') return false;
  return introduces(collapseWhitespace(textContent(prev)).trim()) && linkDensity(prev) <= INTRODUCTION_MAX_LINK_DENSITY;
}

/** A paragraph's text introduces what follows when it ends in a colon ("You will need:",
 *  "Here are the courses to take:"), and is not a lead-in of other pages ("Related posts:").
 *  A sentence or a label before a list says nothing of it (a menu under "Top categories", a
 *  site's lists after its keyboard help). */
export function introduces(text: string): boolean {
  return INTRODUCTION_END.test(text) && !RELATED_LEAD_IN.test(text);
}

const INTRODUCTION_END = /[:：]$/;
