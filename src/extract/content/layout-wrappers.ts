// A layout slot named for its neighbour: "sidebar-container", "has-sidebar", "header-wrap"
// around the whole article. Such a class names the page's grid, not boilerplate, when the
// element holds most of the page's text: a real sidebar, header or footer holds little of it.
import type { AnyNode, Element } from 'domhandler';
import { UNLIKELY } from '../dom/patterns.js';
import { textContent } from '../dom/walk.js';
import { attribute } from '../../parse/nodes.js';

/** Unlikely words that name a layout slot; any other unlikely word (comments, related,
 *  share...) keeps the element out however much text it holds. */
const LAYOUT_WORDS = /sidebar|header|footer|extra/gi;
/** Share of the page's text that makes the element the page's main column. */
const MAIN_SHARE = 0.6;

const pageChars = new WeakMap<AnyNode, number>();

export function isLayoutWrapper(el: Element): boolean {
  const text = `${attribute(el, 'class') ?? ''} ${attribute(el, 'id') ?? ''}`;
  if (!LAYOUT_WORDS.test(text)) return false;
  LAYOUT_WORDS.lastIndex = 0;
  if (UNLIKELY.test(text.replace(LAYOUT_WORDS, ' '))) return false;
  let root: AnyNode = el;
  while (root.parent) root = root.parent;
  let total = pageChars.get(root);
  if (total === undefined) {
    total = textContent(root).length;
    pageChars.set(root, total);
  }
  return textContent(el).length >= MAIN_SHARE * total;
}
