// The page title the cleaners report: og:title, else <title>, else the first <h1> (the same
// order as the metadata tool, so both tools name a page alike). Collapsed, possibly empty.
import type { Document, Element } from 'domhandler';
import { findElement, textContent } from './dom/walk.js';
import { attribute } from '../parse/nodes.js';

const MAX_TITLE_CHARS = 1000;

export function documentTitle(doc: Document): string {
  let og: Element | null = null;
  let title: Element | null = null;
  let h1: Element | null = null;
  findElement(doc, (el) => {
    if (
      !og &&
      el.name === 'meta' &&
      (attribute(el, 'property') ?? attribute(el, 'name'))?.toLowerCase() === 'og:title' &&
      attribute(el, 'content')?.trim()
    )
      og = el;
    else if (!title && el.name === 'title' && clean(textContent(el))) title = el;
    else if (!h1 && el.name === 'h1' && clean(textContent(el))) h1 = el;
    // Stop once the best source is found; otherwise keep looking through the whole page.
    return og !== null;
  });
  const pick = og ? attribute(og as Element, 'content') : title ? textContent(title) : h1 ? textContent(h1) : '';
  return clean(pick ?? '');
}

function clean(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > MAX_TITLE_CHARS ? t.slice(0, MAX_TITLE_CHARS) : t;
}
