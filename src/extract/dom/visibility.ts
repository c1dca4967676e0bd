// Hidden-element detection from markup alone (no CSS engine): what the page itself says is
// not shown. Screen-reader-only text is kept, since it is real text meant for readers.
// A page-wide wrapper that a script reveals (revealed-wrappers.ts) is read as shown, once
// revealHiddenWrappers has run on the page.
import type { Element, ParentNode } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { findRevealedWrappers } from './revealed-wrappers.js';

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important)?\s*(?:;|$)/i;
const HIDDEN_CLASS = /(?:^|\s)!?(?:hidden|hide|d-none|is-hidden|visually-hidden-focusable|invisible)(?:\s|$)/i;

/** Elements read as shown though their markup hides them (weak: trees come and go). */
const revealed = new WeakSet<Element>();

export function isHidden(el: Element): boolean {
  // The markup test first: most elements are not hidden, and need no look-up in the set.
  return isHiddenByMarkup(el) && !revealed.has(el);
}

/** Marks the page-wide hidden wrappers under `root` as shown; returns them. `rootTops`: the
 *  outermost hidden elements of `root`, when already found (collectPageFacts). */
export function revealHiddenWrappers(root: ParentNode, rootTops?: Element[]): Element[] {
  const found = findRevealedWrappers(root, isHiddenByMarkup, rootTops);
  for (const el of found) revealed.add(el);
  return found;
}

/** The markup test alone, without the reveal. */
export function isHiddenByMarkup(el: Element): boolean {
  if (attribute(el, 'hidden') !== undefined) return true;
  if (attribute(el, 'aria-hidden') === 'true') {
    // Some sites put aria-hidden on whole article wrappers used for animations; only trust it
    // on elements that are not obvious content containers.
    if (el.name !== 'article' && el.name !== 'main') return true;
  }
  const style = attribute(el, 'style');
  if (style && HIDDEN_STYLE.test(style)) return true;
  const cls = attribute(el, 'class');
  if (cls && HIDDEN_CLASS.test(cls)) return true;
  if (el.name === 'input' && attribute(el, 'type') === 'hidden') return true;
  return false;
}
