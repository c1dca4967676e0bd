// A list of links the article's own text introduces is part of the text; a list under a label
// of other pages ("Related posts:", "You might also like:") is not. Two shapes:
//  - a lead-in that ends in a colon ("You will need:", "Here are the courses to take:", then the
//    tools, books or sources it names), a paragraph or a subheading ("Supply list:", "Top
//    recommendations:": a heading that announces the list as a sentence would);
//  - a list set in the run of the text: a sentence of prose straight before it and the text going
//    on straight after it (a paragraph of prose, or the next section's heading), all three
//    siblings in one box ("Each leads to a certificate." then the courses, then the next
//    provider's heading). A menu, a sidebar's widget or a related-posts box sits in a box of its
//    own, not between two paragraphs of the story.
import { hasChildren, type AnyNode, type Element } from 'domhandler';
import { isHeading, isSubheading } from '../../dom/headings.js';
import { isElement, isTextNode, textContent } from '../../dom/walk.js';
import { collapseWhitespace, linkTextChars } from '../../dom/measures.js';
import { RELATED_LEAD_IN } from '../../vocabulary/phrases/lead-ins.js';
import { SENTENCE_END } from '../../vocabulary/text-patterns.js';
import { INTRODUCTION_MAX_LINK_DENSITY } from '../thresholds/prunes.js';

/** `list`'s previous sibling (blank text between them aside) is a paragraph or a subheading that
 *  introduces it (below), mostly not links (a "Read more:" link is no introduction).
 *  `linkDensity`: the lead-in's, as the prune weighs it. */
export function isIntroducedList(list: Element, linkDensity: (p: Element) => number): boolean {
  const prev = siblingElement(list, -1);
  if (!prev || !(prev.name === 'p' || isSubheading(prev))) return false;
  return introduces(collapseWhitespace(textContent(prev)).trim()) && linkDensity(prev) <= INTRODUCTION_MAX_LINK_DENSITY;
}

/** A paragraph's text introduces what follows when it ends in a colon ("You will need:",
 *  "Here are the courses to take:"), and is not a lead-in of other pages ("Related posts:").
 *  A sentence or a label before a list says nothing of it (a menu under "Top categories", a
 *  site's lists after its keyboard help). */
export function introduces(text: string): boolean {
  return INTRODUCTION_END.test(text) && !RELATED_LEAD_IN.test(text);
}

/** `list` (a <ul> or <ol>) stands in the run of the text: its previous sibling is a paragraph
 *  of prose that ends a sentence (not a lead-in of other pages: "You might also like these."),
 *  and its next sibling a heading or another paragraph of prose (each mostly not links:
 *  INTRODUCTION_MAX_LINK_DENSITY). */
export function isListInText(list: Element): boolean {
  const prev = siblingElement(list, -1);
  if (!prev || prev.name !== 'p' || !isProse(prev)) return false;
  const lead = collapseWhitespace(textContent(prev)).trim();
  if (!SENTENCE_END.test(lead) || RELATED_LEAD_IN.test(lead)) return false;
  const next = siblingElement(list, 1);
  if (next === null || !(isHeading(next) || (next.name === 'p' && isProse(next)))) return false;
  return !isLabelledLinks(list);
}

/** Every item of `list` is a short label and a link ("Also check: [...]", "Don't miss:
 *  [...]"): lines pointing to other pages set in the text, not items of it. */
function isLabelledLinks(list: Element): boolean {
  let items = 0;
  for (const li of list.children) {
    if (!isElement(li) || li.name !== 'li') continue;
    const label = LINK_LABEL.exec(leadingText(li));
    if (!label) return false;
    const { chars, linkChars } = linkTextChars(li);
    if (linkChars === 0 || chars - linkChars > label[0].length + 1) return false;
    items++;
  }
  return items > 0;
}

const INTRODUCTION_END = /[:：]$/;

/** The start of `li`'s text (textContent's, whitespace collapsed) as far as LINK_LABEL reads
 *  it: up to its first colon, or into a fourth word (no label then). The label is judged on
 *  that alone, so an item holding a list of lists is not read whole for it (a list nested in
 *  each item, at every level, would read depth x size). */
function leadingText(li: Element): string {
  let text = '';
  let words = 0;
  let inWord = false;
  const stack: AnyNode[] = [...li.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isTextNode(node)) {
      text += node.data;
      // Each character is looked at once: the words counted so far carry over between nodes.
      for (const ch of node.data) {
        if (ch === ':' || ch === '：') return collapseWhitespace(text);
        const space = SPACE.test(ch);
        if (!space && !inWord && ++words === 4) return collapseWhitespace(text);
        inWord = !space;
      }
    } else if (hasChildren(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return collapseWhitespace(text);
}

const SPACE = /\s/;

/** A label of one to three words before a colon, opening a line. */
const LINK_LABEL = /^(?:[^\s:：]+ ){0,2}[^\s:：]+[:：]/u;

/** Words, at most INTRODUCTION_MAX_LINK_DENSITY of them in links (an empty paragraph, or one
 *  holding only a no-break space, is no text going on). */
function isProse(p: Element): boolean {
  const { chars, linkChars } = linkTextChars(p);
  return linkChars <= INTRODUCTION_MAX_LINK_DENSITY * chars && collapseWhitespace(textContent(p)).trim() !== '';
}

/** The element straight before (`step` -1) or after (1) `el`, blank text between them aside. */
function siblingElement(el: Element, step: 1 | -1): Element | null {
  let n = step === 1 ? el.next : el.prev;
  while (n && isTextNode(n) && n.data.trim() === '') n = step === 1 ? n.next : n.prev;
  return n && isElement(n) ? n : null;
}
