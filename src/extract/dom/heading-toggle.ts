// A <button> labelled by a heading: an accordion's or FAQ's question written as a heading
// inside its toggle. Its text is the page's (the answer is read below it); other buttons are
// controls and stay out of the text.
import type { Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { holdsHeading, isElement } from './walk.js';
import type { HiddenTest } from './visibility.js';

/** A <button> holding an <h1>-<h6> among its first few descendants, whose panel is not closed
 *  (below; `isHidden`: the page's test). Bounded: never a subtree walk. */
export function isHeadingToggle(button: Element, isHidden: HiddenTest): boolean {
  if (button.name !== 'button') return false;
  if (!holdsHeading(button)) return false;
  return !panelClosed(button, isHidden);
}

/** Levels climbed from the button to find the element after it (a button inside a heading,
 *  inside a title wrapper). */
const PANEL_CLIMB = 2;

/** A <nav>, or a wrapper whose first element is one: the toggle opens a menu or a table of
 *  contents (a collapsible "Contents"), whose title is no more the text than its links. */
function isNavigation(el: Element): boolean {
  if (el.name === 'nav' || attribute(el, 'role') === 'navigation') return true;
  for (const c of el.children) if (isElement(c)) return c.name === 'nav';
  return false;
}

/** The element right after the toggle (after the button, or after the wrapper the button is
 *  the last element of) is hidden: a closed panel, whose question the reader does not see as
 *  part of the text either; so is a panel that is navigation. No element after it (the answers
 *  are fetched on click) is not a closed panel. Reads a few siblings. */
function panelClosed(button: Element, isHidden: HiddenTest): boolean {
  let cur: Element = button;
  for (let level = 0; level <= PANEL_CLIMB; level++) {
    let next = cur.next;
    while (next && !isElement(next)) next = next.next;
    if (next) return isHidden(next) || isNavigation(next);
    const parent = cur.parent;
    if (!parent || !isElement(parent)) return false;
    cur = parent;
  }
  return false;
}
