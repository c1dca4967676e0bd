// One pass over the document collecting what the metadata rules read: <meta> values by key,
// <link> elements, JSON-LD script bodies, <html lang>, <title>, the first <h1> and <time>s.
import type { Document, Element } from 'domhandler';
import { findAll, textContent } from 'domutils';
import { collapse } from './text.js';
import { attribute } from '../../parse/nodes.js';

export interface LinkTag {
  rel: string[];
  href: string;
  type: string;
  sizes: string;
  title: string;
}

export interface TimeTag {
  datetime: string;
  itemprop: string;
  pubdate: boolean;
}

export interface PageTags {
  /** Lower-cased key (property, name, itemprop or http-equiv) -> values in page order. */
  meta: Map<string, string[]>;
  links: LinkTag[];
  jsonLd: string[];
  htmlLang: string | null;
  title: string | null;
  firstH1: string | null;
  times: TimeTag[];
}

export function collectTags(doc: Document): PageTags {
  const tags: PageTags = { meta: new Map(), links: [], jsonLd: [], htmlLang: null, title: null, firstH1: null, times: [] };
  const add = (key: string | undefined, value: string) => {
    if (!key) return;
    const k = key.trim().toLowerCase();
    if (k === '') return;
    const list = tags.meta.get(k);
    if (list) list.push(value);
    else tags.meta.set(k, [value]);
  };
  const elements: Element[] = findAll(() => true, doc.children);
  for (const el of elements) {
    switch (el.name) {
      case 'meta': {
        const content = attribute(el, 'content') ?? attribute(el, 'value');
        if (content === undefined) break;
        // A tag may carry several keys at once (name="description" property="og:description").
        const keys = new Set([attribute(el, 'property'), attribute(el, 'name'), attribute(el, 'itemprop'), attribute(el, 'http-equiv')].filter((k): k is string => !!k).map((k) => k.trim().toLowerCase()));
        for (const k of keys) add(k, content);
        break;
      }
      case 'link': {
        const href = attribute(el, 'href');
        if (!href) break;
        tags.links.push({
          rel: (attribute(el, 'rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean),
          href,
          type: (attribute(el, 'type') ?? '').trim().toLowerCase(),
          sizes: (attribute(el, 'sizes') ?? '').trim().toLowerCase(),
          title: attribute(el, 'title') ?? '',
        });
        break;
      }
      case 'script':
        if ((attribute(el, 'type') ?? '').trim().toLowerCase().startsWith('application/ld+json')) tags.jsonLd.push(textContent(el));
        break;
      case 'html':
        if (tags.htmlLang === null) tags.htmlLang = attribute(el, 'lang') || attribute(el, 'xml:lang') || null;
        break;
      case 'title':
        // An SVG <title> inside the body is not the page title; the first one in document order is.
        if (tags.title === null && !insideSvg(el)) tags.title = textContent(el);
        break;
      case 'h1':
        if (tags.firstH1 === null) {
          const t = collapse(textContent(el));
          if (t !== '') tags.firstH1 = t;
        }
        break;
      case 'time': {
        const datetime = attribute(el, 'datetime') ?? '';
        tags.times.push({ datetime: datetime || textContent(el), itemprop: (attribute(el, 'itemprop') ?? '').toLowerCase(), pubdate: attribute(el, 'pubdate') !== undefined });
        break;
      }
    }
  }
  return tags;
}

function insideSvg(el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) {
    if ((p as Element).name === 'svg') return true;
  }
  return false;
}

/** First non-empty collapsed value of the first key that has one. */
export function firstMeta(tags: PageTags, ...keys: string[]): string | null {
  for (const key of keys) {
    for (const v of tags.meta.get(key) ?? []) {
      const s = collapse(v);
      if (s !== '') return s;
    }
  }
  return null;
}
