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
import { classAndId, isElement } from '../../dom/walk.js';
import { attribute } from '../../../parse/nodes.js';
import { WIDGET, WIDGET_REGION } from '../../vocabulary/class-words.js';
import {
  AMONG_PROSE_PARAGRAPHS,
  PARAGRAPH_CHARS,
  PARAGRAPH_LINK_SHARE,
  PROSE_PARAGRAPHS,
} from '../thresholds/exclusions.js';

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
      if (isProseParagraph(n) && ++found >= PROSE_PARAGRAPHS) return true;
      continue;
    }
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  // Set among the article's own paragraphs, fewer make it text: a buying guide's pick is often
  // two paragraphs and a line of specs.
  return found >= AMONG_PROSE_PARAGRAPHS && isAmongProse(el);
}

/** A widget box set among the article's own paragraphs: the outermost box of its component (the
 *  climb goes on while the parent is named a widget too: "c-product-widget" around its
 *  "c-product-widget__product") has a paragraph of prose beside it. A buying guide's pick
 *  between the guide's paragraphs, not a page builder's module among modules (whose siblings are
 *  modules, every paragraph inside one). Both answers are kept per element (a page of nested
 *  widgets, or of many widgets beside many lines, asks each once). */
export function isAmongProse(el: Element): boolean {
  const parent = outermostBox(el).parent;
  if (parent === null || !isElement(parent)) return false;
  let answer = proseBeside.get(parent);
  if (answer === undefined) {
    answer = holdsProseParagraph(parent);
    proseBeside.set(parent, answer);
  }
  return answer;
}

/** The outermost widget-named box of `el`'s component: ancestors named a widget, climbed. */
const outermost = new WeakMap<Element, Element>();
/** Whether an element (the parent of such a box) has a paragraph of prose as a child. */
const proseBeside = new WeakMap<Element, boolean>();

function outermostBox(el: Element): Element {
  const chain: Element[] = [];
  let box = el;
  let known: Element | undefined;
  while ((known = outermost.get(box)) === undefined) {
    chain.push(box);
    const parent = box.parent;
    if (parent === null || !isElement(parent) || !WIDGET.test(classAndId(parent))) {
      known = box;
      break;
    }
    box = parent;
  }
  for (const c of chain) outermost.set(c, known);
  return known;
}

/** A child <p> of prose (the widget itself is no <p>, so it never answers for itself). */
function holdsProseParagraph(parent: Element): boolean {
  for (const n of parent.children) if (isElement(n) && n.name === 'p' && isProseParagraph(n)) return true;
  return false;
}

/** A paragraph of prose: long enough, and few of its characters in links. */
function isProseParagraph(p: Element): boolean {
  const { chars, linkChars } = linkTextChars(p);
  return chars >= PARAGRAPH_CHARS && linkChars <= PARAGRAPH_LINK_SHARE * chars;
}
