// An FAQ's answer hidden until its question is clicked: the element just before the hidden one
// is the question itself (a line ending in a question mark), drawn as a clickable row with no
// button or ARIA state (a styled <div>, the answer collapsed by `visibility:hidden` or a
// "hidden" class). The answer is the page's text as much as the question; the reference texts
// keep it. A short label ("?") before a tooltip is no question, nor is a long block of text
// that happens to end with one. A question drawn as a control (a <button>, `role="button"`, an
// `aria-expanded` or `aria-controls` state) is left to the toggle rules of visibility.ts and
// heading-toggle.ts, which keep such panels closed unless the markup names them panels.
import { ElementType } from 'domelementtype';
import type { Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { someWithin, textContent } from './walk.js';

/** A question is a line: this many characters or fewer (read up to one more). */
const QUESTION_MAX_CHARS = 200;
/** ... and this many or more: a "?" help icon before its tooltip is not one. */
const QUESTION_MIN_CHARS = 10;
/** Ends with a question mark (ASCII, full-width or Arabic). */
const ENDS_WITH_QUESTION = /[?？؟]$/;

/** The element sibling just before `el` is a question line. Reads that one sibling's text, up to
 *  QUESTION_MAX_CHARS + 1 characters. (An answer wrapped one level deeper, the first element
 *  after the question, was measured and not kept: it changed one more page, for the worse.) */
export function afterQuestion(el: Element): boolean {
  let prev = el.prev;
  while (prev && prev.type !== ElementType.Tag) prev = prev.prev;
  if (!prev) return false;
  if (isControl(prev) || someWithin(prev, isControl)) return false;
  const text = textContent(prev, QUESTION_MAX_CHARS);
  if (text.length > QUESTION_MAX_CHARS) return false;
  const line = text.trim();
  return line.length >= QUESTION_MIN_CHARS && ENDS_WITH_QUESTION.test(line);
}

/** A button, or an element that states what it opens. */
function isControl(el: Element): boolean {
  return (
    el.name === 'button' ||
    attribute(el, 'role') === 'button' ||
    attribute(el, 'aria-expanded') !== undefined ||
    attribute(el, 'aria-controls') !== undefined
  );
}
