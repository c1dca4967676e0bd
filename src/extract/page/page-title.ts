// The article title, for include_title: og:title, else <title> stripped of its site-name
// part, else the first <h1>.
import type { Element } from 'domhandler';
import { textContent } from '../dom/walk.js';
import type { PageFacts } from './page-facts.js';
import { collapseWhitespace, foldText } from '../dom/measures.js';

const SEPARATORS = /\s+[|\-–—·•:»«/]\s+/;

export function pageTitle(facts: Pick<PageFacts, 'ogTitle' | 'titleEl' | 'h1s'>): string | null {
  const ogTitle = facts.ogTitle ? collapseWhitespace(facts.ogTitle) : '';
  if (ogTitle) return ogTitle;
  const { titleEl } = facts;
  const h1 = facts.h1s[0];
  const h1Text = h1 ? collapseWhitespace(textContent(h1)) : '';
  const raw = titleEl ? collapseWhitespace(textContent(titleEl)) : '';
  if (raw) {
    if (h1Text && raw.includes(h1Text)) return h1Text;
    const parts = raw.split(SEPARATORS);
    // "Article | Site": keep the longest part when it is a real phrase.
    if (parts.length > 1) {
      const longest = parts.reduce((a, b) => (b.length > a.length ? b : a));
      if (longest.split(/\s+/).length >= 3) return longest;
    }
    return raw;
  }
  return h1Text || null;
}

/** Text of an element as compared with the title. */
export function normalizedText(el: Element): string {
  return foldText(textContent(el));
}
