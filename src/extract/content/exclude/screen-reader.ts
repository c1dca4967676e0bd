// Text shown to screen readers only ("visually-hidden", "sr-only"): real text for those
// readers, but a second copy of a card's label or of the menus for everyone else.
import type { Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { isElement } from '../../dom/walk.js';
import type { TextDigits } from '../../dom/text-digits.js';
import { SCREEN_READER_ONLY } from '../../vocabulary/overlay-words.js';

/** The element itself is shown to screen readers only (a shop's "Regular price" label, a
 *  second copy of a card's price or rating for assistive technology). `digits`: the
 *  extraction's kept answers of whether an element's text holds a digit (nested boxes). */
export function isScreenReaderOnly(el: Element, digits: TextDigits): boolean {
  // Screen-reader text holding a figure (a price, a rating, a date) may be the only copy of it.
  const cls = attribute(el, 'class');
  return cls !== undefined && cls.length > 0 && SCREEN_READER_ONLY.test(cls) && !digits.has(el);
}

/** The element or one of its ancestors is shown to screen readers only (a second copy of the
 *  menus): its lists are no grid of the page. */
export function forScreenReaders(el: Element): boolean {
  for (let p: Element | null = el; p && isElement(p); p = p.parent as Element | null) {
    const cls = attribute(p, 'class');
    if (cls && SCREEN_READER_ONLY.test(cls)) return true;
  }
  return false;
}
