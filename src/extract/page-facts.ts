// One walk over the document for what the profiles read outside the text they extract:
// <body>, the first <base href>, title sources and JSON-LD scripts. (Separate searches for
// each cost more than the content profile's scoring walk itself.)
import type { Document, Element } from 'domhandler';
import { visitElements } from './dom/walk.js';
import { attribute } from '../parse/nodes.js';

export interface PageFacts {
  body: Element | null;
  /** First <base href> value, or null. */
  baseHref: string | null;
  ogTitle: string | null;
  titleEl: Element | null;
  /** Every <h1>, in document order (a logo <h1> often comes before the article's). */
  h1s: Element[];
  jsonLdScripts: Element[];
}

export function collectPageFacts(doc: Document): PageFacts {
  const facts: PageFacts = { body: null, baseHref: null, ogTitle: null, titleEl: null, h1s: [], jsonLdScripts: [] };
  visitElements(doc, (el) => {
    switch (el.name) {
      case 'body':
        facts.body ??= el;
        break;
      case 'base':
        if (facts.baseHref === null) facts.baseHref = attribute(el, 'href') ?? null;
        break;
      case 'meta':
        if (facts.ogTitle === null && (attribute(el, 'property') ?? attribute(el, 'name')) === 'og:title') facts.ogTitle = attribute(el, 'content') ?? '';
        break;
      case 'title':
        facts.titleEl ??= el;
        return false;
      case 'h1':
        facts.h1s.push(el);
        break;
      case 'script':
        if ((attribute(el, 'type') ?? '').toLowerCase().trim() === 'application/ld+json') facts.jsonLdScripts.push(el);
        return false;
      case 'svg':
      case 'style':
        return false;
    }
    return true;
  });
  return facts;
}
