// A link to a place on the page that prints only a mark: the "¶", "§" or "#" a documentation
// generator sets beside each heading (Sphinx, MkDocs, rustdoc), the "↩" or "^" back from a
// footnote to its reference, the "↑" back to the top. It is the page's navigation, not a word of
// its text: the headline as printed leaves it out (page/title-facts.ts), and so does the text
// read from the page. A footnote's own marker ("*", "†", "◊" after a price) is kept: it says that
// a note qualifies the words before it.
import type { Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { findElement, textContent } from './walk.js';

/** Read this far: the mark may sit in the markup's indentation; a longer text is not a mark. */
const MARK_READ_CHARS = 64;

/** The marks of navigation within a page. */
const NAVIGATION_MARKS = /^[\s¶§#↩↑⬆^🔗⚓ⓘ]*$/u;
/** The variation selectors that may follow a mark ("↩︎" set as text, not as an emoji). */
const VARIATION_SELECTORS = /[\uFE0E\uFE0F]/g;

/** Pictures a link may show instead of text: a picture link is read for its picture. */
const PICTURES = new Set(['img', 'picture', 'video']);

/** `el` is a link to an anchor of the page that prints a navigation mark, or nothing, and shows no picture. */
export function isMarkLink(el: Element): boolean {
  if (el.name !== 'a' || !(attribute(el, 'href') ?? '').trim().startsWith('#')) return false;
  const text = textContent(el, MARK_READ_CHARS);
  return (
    text.length <= MARK_READ_CHARS &&
    NAVIGATION_MARKS.test(text.replace(VARIATION_SELECTORS, '')) &&
    findElement(el, (e) => PICTURES.has(e.name)) === null
  );
}
