// A layout slot named for its neighbour: "sidebar-container", "has-sidebar", "header-wrap"
// around the whole article. Such a class names the page's grid, not boilerplate, when the
// element holds most of the page's text: a real sidebar, header or footer holds little of it.
import type { AnyNode, Element } from 'domhandler';
import { UNLIKELY } from '../../vocabulary/class-words.js';

import type { RawTextLengths } from '../../dom/raw-text-lengths.js';
import { attribute } from '../../../parse/nodes.js';
import { LAYOUT_WORDS } from '../../vocabulary/class-words.js';
import { MAIN_SHARE, MIN_COLUMN_CHARS } from '../thresholds/exclusions.js';

/** `pageChars`: the raw text length of a page's root (the extraction measures it once);
 *  `lengths`: the extraction's raw text lengths of elements (nested wrappers are measured once). */
export function isLayoutWrapper(el: Element, pageChars: (root: AnyNode) => number, lengths: RawTextLengths): boolean {
  const text = `${attribute(el, 'class') ?? ''} ${attribute(el, 'id') ?? ''}`;
  if (!LAYOUT_WORDS.test(text)) return false;
  LAYOUT_WORDS.lastIndex = 0;
  if (UNLIKELY.test(text.replace(LAYOUT_WORDS, ' '))) return false;
  const own = lengths.of(el);
  // Most such elements are real headers and footers, far shorter than any article column:
  // the page's text is measured (once per page) only for the few that could be one.
  if (own < MIN_COLUMN_CHARS) return false;
  let root: AnyNode = el;
  while (root.parent) root = root.parent;
  return own >= MAIN_SHARE * pageChars(root);
}
