// The heading that titles the article: the first <h1> that says what the page title says.
// A logo <h1> (the site name, which titles often carry too) says only part of it, or links
// to the home page.
import type { Element } from 'domhandler';
import { visitElements } from '../dom/walk.js';
import type { PageFacts } from './page-facts.js';
import { normalizedText } from './page-title.js';
import { foldText } from '../dom/measures.js';
import { attribute } from '../../parse/nodes.js';

/** Share of the title a heading must say, unless it opens the title ("Article | Site"). */
const MIN_SHARE = 0.5;
const MIN_OPENING_CHARS = 20;
const HOME_HREF = /^(?:(?:https?:)?\/\/[^/?#]+)?\/?(?:index\.\w+)?$/i;

export function titleHeading(facts: Pick<PageFacts, 'h1s'>, title: string | null): Element | null {
  if (!title) return null;
  const t = foldText(title);
  if (t === '') return null;
  for (const h1 of facts.h1s) {
    const h = normalizedText(h1);
    if (h === '' || linksHome(h1)) continue;
    if (
      h.includes(t) ||
      (t.includes(h) && (h.length >= MIN_SHARE * t.length || (t.startsWith(h) && h.length >= MIN_OPENING_CHARS)))
    )
      return h1;
  }
  // A page's only <h1> titles it even when the page title was written for search engines.
  const only = facts.h1s.length === 1 ? facts.h1s[0]! : null;
  return only && normalizedText(only) !== '' && !linksHome(only) ? only : null;
}

function linksHome(h1: Element): boolean {
  let home = false;
  visitElements(h1, (el) => {
    if (el.name === 'a' && (attribute(el, 'rel') === 'home' || HOME_HREF.test((attribute(el, 'href') ?? '').trim())))
      home = true;
    return !home;
  });
  return home;
}
