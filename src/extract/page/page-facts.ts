// One walk over the document for what the profiles read outside the text they extract:
// <body>, the first <base href>, title sources and JSON-LD scripts. (Separate searches for
// each cost more than the content profile's scoring walk itself.) The content profile also has
// it find the outermost hidden elements of the body (revealed-wrappers.ts), which would
// otherwise take a walk of their own, and the length of the whole page's text (layout-wrappers.ts
// reads it on about half of all pages, where it would take another).
import { ElementType } from 'domelementtype';
import type { Document, Element } from 'domhandler';
import { isElement } from '../dom/walk.js';
import { rawTextLength } from '../dom/measures.js';
import { attribute } from '../../parse/nodes.js';
import { HIDDEN_SCAN_SKIP } from '../vocabulary/tags.js';

export interface PageFacts {
  body: Element | null;
  /** First <base href> value, or null. */
  baseHref: string | null;
  ogTitle: string | null;
  titleEl: Element | null;
  /** Every <h1>, in document order (a logo <h1> often comes before the article's). */
  h1s: Element[];
  jsonLdScripts: Element[];
  /** With a hidden test: the outermost hidden elements under `body` (as hiddenTops finds
   *  them, in no particular order); null without one. */
  hiddenTops: Element[] | null;
  /** With a hidden test: the length of all the document's text (raw, scripts included, as
   *  rawTextLength counts it); otherwise 0. */
  textLength: number;
}

export function collectPageFacts(doc: Document, isHiddenByMarkup?: (el: Element) => boolean): PageFacts {
  const facts: PageFacts = {
    body: null,
    baseHref: null,
    ogTitle: null,
    titleEl: null,
    h1s: [],
    jsonLdScripts: [],
    hiddenTops: null,
    textLength: 0,
  };
  const tops: Element[] | null = isHiddenByMarkup ? [] : null;
  const countText = tops !== null;
  let textLength = 0;
  // Pre-order, as visitElements. Beside each stacked element: whether the hidden-element scan
  // reaches it (it is under the body, and outside hidden and never-text subtrees).
  const stack: Element[] = [];
  const scanned: boolean[] = [];
  for (let i = doc.children.length - 1; i >= 0; i--) {
    const node = doc.children[i]!;
    if (isElement(node)) {
      stack.push(node);
      scanned.push(false);
    } else if (countText && node.type === ElementType.Text) textLength += node.data.length;
  }
  while (stack.length > 0) {
    const el = stack.pop()!;
    let scanKids = false;
    if (scanned.pop()!) {
      if (HIDDEN_SCAN_SKIP.has(el.name)) scanKids = false;
      else if (isHiddenByMarkup!(el)) tops!.push(el);
      else scanKids = true;
    }
    switch (el.name) {
      case 'body':
        if (facts.body === null) {
          facts.body = el;
          scanKids = tops !== null;
        }
        break;
      case 'base':
        if (facts.baseHref === null) facts.baseHref = attribute(el, 'href') ?? null;
        break;
      case 'meta':
        if (facts.ogTitle === null && (attribute(el, 'property') ?? attribute(el, 'name')) === 'og:title')
          facts.ogTitle = attribute(el, 'content') ?? '';
        break;
      case 'title':
        facts.titleEl ??= el;
        if (countText) textLength += rawTextLength(el);
        continue;
      case 'h1':
        facts.h1s.push(el);
        break;
      case 'script':
        if (isJsonLdType(attribute(el, 'type'))) facts.jsonLdScripts.push(el);
        if (countText) textLength += rawTextLength(el);
        continue;
      case 'svg':
      case 'style':
        if (countText) textLength += rawTextLength(el);
        continue;
    }
    const kids = el.children;
    for (let i = kids.length - 1; i >= 0; i--) {
      const kid = kids[i]!;
      if (isElement(kid)) {
        stack.push(kid);
        scanned.push(scanKids);
      } else if (countText && kid.type === ElementType.Text) textLength += kid.data.length;
    }
  }
  if (tops !== null && facts.body !== null) facts.hiddenTops = tops;
  facts.textLength = textLength;
  return facts;
}

const JSON_LD_TYPE = 'application/ld+json';

/** A script type naming JSON-LD, in any case and with spaces around it; most scripts have no
 *  type, or a shorter one, and are not lower-cased and trimmed to tell. */
function isJsonLdType(type: string | undefined): boolean {
  return type !== undefined && type.length >= JSON_LD_TYPE.length && type.toLowerCase().trim() === JSON_LD_TYPE;
}
