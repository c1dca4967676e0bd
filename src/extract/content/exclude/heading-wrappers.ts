// A box named "header" whose only content is one heading ("j-header", "section-header",
// "block-header" around an <h2>) is that heading's wrapper, not the page's header: page
// builders box every heading of the text that way. The page's header holds a logo, a menu,
// links; such a box holds one heading and nothing else.
import { ElementType } from 'domelementtype';
import type { Element } from 'domhandler';
import { UNLIKELY } from '../../vocabulary/class-words.js';

import { isSubheading } from '../../dom/headings.js';
import { linkTextChars } from '../../dom/measures.js';
import { attribute } from '../../../parse/nodes.js';
import { HEADER_WORD } from '../../vocabulary/class-words.js';
import { HEADER_PROSE_CHARS, HEADER_PROSE_LINK_SHARE, HEADING_WRAPPER_MAX_CHARS } from '../thresholds/exclusions.js';

/** A section's heading; an <h1> in a "header" box is the page's title or its category
 *  ("Computer Science > Artificial Intelligence"), which the title line handles. */

/** A box (not a `<header>` element, which is a header by its tag too: a box's title bar, the
 *  article's header) whose class or id names "header" and no other unlikely word: any other
 *  (related-header, widget-header, comments-header) keeps it out. */
function namedOnlyHeader(el: Element): boolean {
  if (el.name === 'header') return false;
  const text = `${attribute(el, 'class') ?? ''} ${attribute(el, 'id') ?? ''}`;
  return HEADER_WORD.test(text) && !UNLIKELY.test(text.replace(/header/gi, ' '));
}

/** `el` (asked only of elements an unlikely class or id would leave out) is a box named only
 *  "header" around one heading and nothing else. Reads `el`'s children and the heading's text. */
export function isHeadingWrapper(el: Element): boolean {
  if (!namedOnlyHeader(el)) return false;
  let heading: Element | null = null;
  for (const c of el.children) {
    if (c.type === ElementType.Text) {
      if (c.data.trim() !== '') return false;
      continue;
    }
    if (c.type === ElementType.Comment) continue;
    if (c.type !== ElementType.Tag) return false;
    const child = c;
    if (heading !== null || !isSubheading(child)) return false;
    heading = child;
  }
  if (heading === null) return false;
  let chars = 0;
  let linked = false;
  const stack: Element[] = [heading];
  while (stack.length > 0 && chars <= HEADING_WRAPPER_MAX_CHARS && !linked) {
    const cur = stack.pop()!;
    for (const c of cur.children) {
      if (c.type === ElementType.Text) chars += c.data.trim().length;
      else if (c.type === ElementType.Tag) {
        if (c.name === 'a') linked = true;
        stack.push(c);
      }
    }
  }
  // A linked heading in a "header" box is a teaser's or a widget's title.
  return chars > 0 && chars <= HEADING_WRAPPER_MAX_CHARS && !linked;
}

/**
 * `el` (asked only of elements an unlikely class or id would leave out) is a box named only
 * "header" inside the page's `<main>` that holds the page's `<h1>` and prose: the article's own
 * header (title, introduction, a summary table), as documentation layouts print it above a
 * sidebar and the body. The site's header (logo, menu) is not inside `<main>`.
 */
export function isTitleHeader(el: Element): boolean {
  if (!namedOnlyHeader(el)) return false;
  let inMain = false;
  for (let p = el.parent; p && p.type === ElementType.Tag; p = p.parent) {
    if (p.name === 'main') {
      inMain = true;
      break;
    }
  }
  if (!inMain) return false;
  let title = false;
  let prose = false;
  const stack: Element[] = [el];
  while (stack.length > 0 && !(title && prose)) {
    const cur = stack.pop()!;
    for (const c of cur.children) {
      if (c.type !== ElementType.Tag) continue;
      const child = c;
      if (child.name === 'h1') title = true;
      else if (child.name === 'p') {
        const { chars, linkChars } = linkTextChars(child);
        if (chars >= HEADER_PROSE_CHARS && linkChars < HEADER_PROSE_LINK_SHARE * chars) prose = true;
      } else stack.push(child);
    }
  }
  return title && prose;
}
