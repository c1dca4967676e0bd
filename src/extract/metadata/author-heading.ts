// A name under a heading of its own that says only "Author" (a page's facts box): the heading
// labels the name that follows it, as "Published" labels the date beside it.
import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import { textContent as textUpTo } from '../dom/walk.js';
import { insideComment, insideTeaser } from './page-regions.js';
import { collapse } from './text.js';
import { isText, isPlainTag } from './node-kinds.js';
import { MAX_CANDIDATE_CHARS, MAX_LABEL_CHARS, MAX_RAW_CHARS, MAX_RAW_LABEL_CHARS } from './thresholds.js';

/** Elements that head a part of a page: a facts box's "Author" over the name. */
const HEADING = new Set(['h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'th']);
/** A heading that only says "Author" (no colon needed: it is a heading). */
const AUTHOR_HEADING_LABEL = /^(?:authors?|written\s+by|autor(?:in|en)?|auteur|verfasser(?:in)?)\s*:?$/i;

/**
 * "<h3>Author</h3><p>Jane Doe</p>": a heading over the name, as a page's facts box prints it
 * beside "Published" over the date. Such a box is often an <aside> beside the text, so only
 * navigation, footers, comments and boxes of other stories rule it out.
 */
export function headedName(el: Element): string | null {
  if (!HEADING.has(el.name)) return null;
  const label = collapse(textUpTo(el, MAX_RAW_LABEL_CHARS));
  if (label.length > MAX_LABEL_CHARS || !AUTHOR_HEADING_LABEL.test(label)) return null;
  let next = el.next;
  while (next && !isPlainTag(next) && !(isText(next) && collapse(next.data) !== '')) next = next.next;
  if (!next) return null;
  const text = collapse(isText(next) ? next.data : textContent(next), MAX_RAW_CHARS);
  if (text === '' || text.length > MAX_CANDIDATE_CHARS || insideComment(el) || insideTeaser(el) || outsidePage(el))
    return null;
  return text;
}

/** In navigation or a footer (not an article's own footer). */
function outsidePage(el: Element): boolean {
  for (let p: Element | null = el; p && p.name && p.name !== 'body'; p = p.parent as Element | null)
    if (p.name === 'nav' || (p.name === 'footer' && !insideArticleEl(p))) return true;
  return false;
}

function insideArticleEl(el: Element): boolean {
  for (let p = el.parent as Element | null; p && p.name && p.name !== 'body'; p = p.parent as Element | null)
    if (p.name === 'article') return true;
  return false;
}
