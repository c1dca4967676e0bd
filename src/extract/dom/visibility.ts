// Hidden-element detection from markup alone (no CSS engine): what the page itself says is
// not shown. Screen-reader-only text is kept, since it is real text meant for readers.
import type { Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important)?\s*(?:;|$)/i;
const HIDDEN_CLASS = /(?:^|\s)(?:hidden|hide|d-none|is-hidden|visually-hidden-focusable|invisible)(?:\s|$)/i;

export function isHidden(el: Element): boolean {
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
