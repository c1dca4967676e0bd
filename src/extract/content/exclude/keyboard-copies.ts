// A card's link printed again for pointers only (taken out of the keyboard order), repeating
// the card's main link: one card, read once.
import type { Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { isElement, textContent } from '../../dom/walk.js';
import { COPY_LEVELS, COPY_SHARE } from '../thresholds/exclusions.js';

const WORD = /[\p{L}\p{N}]+/gu;

/** A second link to the card's page taken out of the keyboard order (`tabindex="-1"`) that
 *  repeats the card's main link: a link to the same page comes before it among its own or its
 *  parents' previous siblings (a few levels up, no descent), and that link's text already
 *  holds a good share of its words (the card's details listed again under its accessible
 *  summary). A linked picture or a description set in such a link says something else. */
export function isKeyboardCopy(el: Element): boolean {
  if (el.name !== 'a' || attribute(el, 'tabindex') !== '-1') return false;
  const href = attribute(el, 'href');
  if (!href) return false;
  let node: Element | null = el;
  for (let level = 0; node && level < COPY_LEVELS; level++) {
    for (let s = node.prev; s; s = s.prev)
      if (isElement(s) && s.name === 'a' && attribute(s, 'href') === href) return repeats(el, s);
    node = isElement(node.parent as Element) ? (node.parent as Element) : null;
  }
  return false;
}

function repeats(copy: Element, main: Element): boolean {
  const said = new Set(textContent(main).toLowerCase().match(WORD) ?? []);
  if (said.size === 0) return false;
  const words = textContent(copy).toLowerCase().match(WORD) ?? [];
  let known = 0;
  for (const w of words) if (said.has(w)) known++;
  return words.length > 0 && known >= COPY_SHARE * words.length;
}
