// A link to a place on the page that prints only a mark: the "¶", "§" or "#" a documentation
// generator sets beside each heading (Sphinx, MkDocs, rustdoc), the "↩" or "^" back from a
// footnote to its reference, the "↑" back to the top. It is the page's navigation, not a word of
// its text: the headline as printed leaves it out (page/title-facts.ts), and so does the text
// read from the page. A footnote's own marker ("*", "†", "◊" after a price) is kept: it says that
// a note qualifies the words before it.
import { ElementType } from 'domelementtype';
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
  if (el.name !== 'a' || !linksIntoPage(el)) return false;
  const text = textContent(el, MARK_READ_CHARS);
  return (
    text.length <= MARK_READ_CHARS &&
    NAVIGATION_MARKS.test(text.replace(VARIATION_SELECTORS, '')) &&
    findElement(el, (e) => PICTURES.has(e.name)) === null
  );
}

/** A footnote reference's marker: a number, a letter or two ("1", "12", "a", "iv"), bracketed or not. */
const FOOTNOTE_MARKER = /^\[?([\p{L}\p{N}]{1,3})\]?$/u;

/**
 * The marker of a footnote reference set as a raised link to the note (`<sup><a href="#fn1">1</a></sup>`,
 * or the link around the `<sup>`), or null. Read as it is, its number runs into the word before it
 * ("since 2016.1", "Rust1"); the text sets it apart in brackets, as Wikipedia prints it.
 */
export function footnoteMarker(el: Element): string | null {
  // Every link of a page comes here: its address is read before its children.
  let sup: Element | null;
  if (el.name === 'a') sup = linksIntoPage(el) ? onlyElementChild(el) : null;
  else if (el.name === 'sup') {
    const link = onlyElementChild(el);
    sup = link?.name === 'a' && linksIntoPage(link) ? el : null;
  } else return null;
  if (sup?.name !== 'sup') return null;
  const text = textContent(sup, MARK_READ_CHARS);
  return text.length <= MARK_READ_CHARS ? (FOOTNOTE_MARKER.exec(text.trim())?.[1] ?? null) : null;
}

/** `link`'s address is a place on this page ("#fn1", "#"). */
function linksIntoPage(link: Element): boolean {
  return (attribute(link, 'href') ?? '').trim().startsWith('#');
}

/** `el`'s one child element, when the rest of its children is white space; else null. */
function onlyElementChild(el: Element): Element | null {
  let only: Element | null = null;
  for (const c of el.children) {
    if (c.type === ElementType.Text) {
      if (c.data.trim() !== '') return null;
    } else if (c.type === ElementType.Tag) {
      if (only) return null;
      only = c;
    }
  }
  return only;
}
