// A "widget" that holds the article's prose. Page builders and editors name every component
// so (a builder's module wrapper, an editor's embedded block, a text module), and the
// unlikely-class test, written for sidebar widgets (recent posts, tag clouds, a follow box),
// left out the middle of the article with them: a guide's body in a builder module, a plant
// guide's sections in the editor's grid blocks. A sidebar widget is a list of links or a line
// or two; a box of several paragraphs of plain prose is text, unless <article>s come first
// in it (a posts widget: one teaser per post, each with its excerpt). Asked only of elements
// the unlikely test would leave out, when "widget" is their only unlikely word; reads the box
// in page order until it has found enough paragraphs. A box named for one review (a
// "product-review-card", a section with the id "acme-x100-review") is read the same way: a
// buyer's guide's review of each product is sections of prose under its heading, a customer's
// review card one short paragraph.
import type { ChildNode, Element } from 'domhandler';
import { UNLIKELY } from '../../vocabulary/class-words.js';

import { linkTextChars } from '../../dom/measures.js';
import { isElement } from '../../dom/walk.js';
import { attribute } from '../../../parse/nodes.js';
import { WIDGET, WIDGET_REGION } from '../../vocabulary/class-words.js';
import { PARAGRAPH_CHARS, PARAGRAPH_LINK_SHARE, PROSE_PARAGRAPHS } from '../thresholds/exclusions.js';

const WIDGET_ALL = /widget|review(?![a-z])/gi;

export function isProseWidget(el: Element): boolean {
  const names = `${attribute(el, 'class') ?? ''} ${attribute(el, 'id') ?? ''}`;
  if (!WIDGET.test(names) || WIDGET_REGION.test(names) || UNLIKELY.test(names.replace(WIDGET_ALL, ' '))) return false;
  let found = 0;
  const stack: ChildNode[] = [...el.children].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (!isElement(n)) continue;
    // A builder's posts widget sets each teaser as an <article>, with its excerpt.
    if (n.name === 'article') return false;
    if (n.name === 'p') {
      const { chars, linkChars } = linkTextChars(n);
      if (chars >= PARAGRAPH_CHARS && linkChars <= PARAGRAPH_LINK_SHARE * chars && ++found >= PROSE_PARAGRAPHS)
        return true;
      continue;
    }
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return false;
}
