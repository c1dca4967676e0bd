// One pass over the document collecting what the metadata rules read: <meta> values by key,
// <link> elements, JSON-LD script bodies, <html lang>, <title>, the <h1>s, <time>s, byline and
// date candidates, the lead paragraph and images.
import type { Document, Element } from 'domhandler';
import { findAll, findOne, textContent } from 'domutils';
import { attribute } from '../../parse/nodes.js';
import { textContent as textUpTo } from '../dom/walk.js';
import { MAX_CANDIDATES, MAX_CANDIDATE_CHARS, attributeDate, readCandidates } from './candidates.js';
import {
  insideArticle,
  insideComment,
  insideFurniture,
  insideQuote,
  insideSvg,
  lines,
  siteLogo,
} from './page-regions.js';
import { signature } from './signature-line.js';
import type { PageTags } from './tag-types.js';
import { collapse } from './text.js';

export type { BylineTag, ImageTag, LinkTag, PageTags, TimeTag } from './tag-types.js';

const LEAD_MIN_CHARS = 80;

/** A lazy loader's stand-in image file ("lazy.gif", "placeholder.png", "blank.gif", "1x1.png"). */
const LAZY_PLACEHOLDER = /(?:lazy|placeholder|blank|spacer|transparent|pixel|1x1|loading)[^/]*$/i;

export function collectTags(doc: Document): PageTags {
  const tags: PageTags = {
    meta: new Map(),
    links: [],
    jsonLd: [],
    htmlLang: null,
    title: null,
    firstH1: null,
    brandH1s: [],
    h1Lines: new Map(),
    times: [],
    bylines: [],
    dateTexts: [],
    pubDateTexts: [],
    scriptDates: [],
    lead: null,
    images: [],
    h1s: [],
    signatures: [],
    lastLongAt: -1,
    firstH1At: -1,
  };
  let looseLead: string | null = null;
  const add = (key: string | undefined, value: string) => {
    if (!key) return;
    const k = key.trim().toLowerCase();
    if (k === '') return;
    const list = tags.meta.get(k);
    if (list) list.push(value);
    else tags.meta.set(k, [value]);
  };
  const elements: Element[] = findAll(() => true, doc.children);
  for (const [at, el] of elements.entries()) {
    readCandidates(el, tags, at);

    switch (el.name) {
      case 'p':
        if (tags.lastLongAt >= 0 || tags.lead !== null || looseLead !== null) {
          const sig = signature(el);
          if (sig && tags.signatures.length < MAX_CANDIDATES && !insideFurniture(el))
            tags.signatures.push({ text: sig, at });
        }
        if (collapse(textUpTo(el, LEAD_MIN_CHARS * 2)).length >= LEAD_MIN_CHARS) tags.lastLongAt = at;
        if (tags.lead === null) {
          const t = collapse(textContent(el), 2000);
          if (t.length >= LEAD_MIN_CHARS) {
            if (insideArticle(el)) tags.lead = t;
            else looseLead ??= t;
          }
        }
        break;
      case 'img':
        if (tags.images.length < MAX_CANDIDATES) {
          // A lazy-loaded image: its src a placeholder (a data: URI, or none), the real one in data-src.
          const given = attribute(el, 'src')?.trim() ?? '';
          const lazy = attribute(el, 'data-src') || attribute(el, 'data-lazy-src') || attribute(el, 'data-original');
          // No src at all: the first candidate of its srcset ("a-800.jpg 800w, a-400.jpg 400w").
          const set =
            given || lazy
              ? ''
              : ((attribute(el, 'srcset') || attribute(el, 'data-srcset') || '').trim().split(/\s+/)[0] ?? '');
          const src =
            given && !given.startsWith('data:') && !(lazy && LAZY_PLACEHOLDER.test(given))
              ? given
              : lazy || given || set.replace(/,$/, '');
          if (src && !src.startsWith('data:'))
            tags.images.push({
              src,
              width: Number.parseInt(attribute(el, 'width') ?? '', 10) || 0,
              inArticle: insideArticle(el),
            });
        }
        break;
      case 'meta': {
        const content = attribute(el, 'content') ?? attribute(el, 'value');
        if (content === undefined) break;
        // A tag may carry several keys at once (name="description" property="og:description").
        // RDFa lists several properties in one attribute (property="dc:date dc:created"): each is a key.
        const keys = new Set(
          [
            ...(attribute(el, 'property')?.trim().split(/\s+/) ?? []),
            attribute(el, 'name'),
            attribute(el, 'itemprop'),
            attribute(el, 'http-equiv'),
          ]
            .filter((k): k is string => !!k)
            .map((k) => k.trim().toLowerCase()),
        );
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
        if ((attribute(el, 'type') ?? '').trim().toLowerCase().startsWith('application/ld+json'))
          tags.jsonLd.push(textContent(el));
        else if (tags.scriptDates.length < MAX_CANDIDATES) {
          const code = textContent(el).slice(0, MAX_SCRIPT_CHARS);
          for (const m of code.matchAll(SCRIPT_DATE))
            if (tags.scriptDates.length < MAX_CANDIDATES) tags.scriptDates.push(m[1]!);
        }
        break;
      case 'html':
        if (tags.htmlLang === null) tags.htmlLang = attribute(el, 'lang') || attribute(el, 'xml:lang') || null;
        break;
      case 'title':
        // An SVG <title> inside the body is not the page title; the first one in document order is.
        if (tags.title === null && !insideSvg(el)) tags.title = textContent(el);
        break;
      case 'h1':
        if (tags.h1s.length < MAX_CANDIDATES) {
          const t = collapse(textContent(el));
          if (t === '') {
            // A logo <h1> with only an image or an empty home link names the site in its alt or title.
            if (siteLogo(el) && tags.brandH1s.length < MAX_CANDIDATES) {
              const named = findOne(
                (c) =>
                  (c.name === 'img' && !!attribute(c, 'alt')?.trim()) ||
                  (c.name === 'a' && !!attribute(c, 'title')?.trim()),
                el.children,
              );
              const name = named
                ? collapse((named.name === 'img' ? attribute(named, 'alt') : attribute(named, 'title')) ?? '')
                : '';
              if (name) tags.brandH1s.push(name);
            }
            break;
          }
          // The site's logo set as an <h1> (a link to the home page, a site-title class) is
          // its name, not the page's headline.
          if (siteLogo(el)) {
            if (tags.brandH1s.length < MAX_CANDIDATES) tags.brandH1s.push(t);
            // The name over a slogan ("<span>ProNATs e.V.</span> <span>Verein zur ...</span>"): its first line.
            const first = lines(el)[0];
            if (first && first !== t && /[\p{L}\p{N}]/u.test(first) && tags.brandH1s.length < MAX_CANDIDATES)
              tags.brandH1s.push(first);
            break;
          }
          if (tags.firstH1 === null) tags.firstH1At = at;
          tags.firstH1 ??= t;
          tags.h1s.push(t);
          tags.h1Lines.set(t, lines(el));
        }
        break;
      case 'time': {
        const datetime = attribute(el, 'datetime') || attributeDate(el) || '';
        const text = collapse(textContent(el), MAX_CANDIDATE_CHARS);
        tags.times.push({
          datetime: datetime || text,
          text,
          itemprop: (attribute(el, 'itemprop') ?? '').toLowerCase(),
          pubdate: attribute(el, 'pubdate') !== undefined,
          quoted: insideQuote(el),
          comment: insideComment(el),
        });
        break;
      }
    }
  }
  tags.lead ??= looseLead;
  return tags;
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

/** How much of one inline script is searched for date keys. */
const MAX_SCRIPT_CHARS = 200_000;

/**
 * A publication or creation date key in script data, quoted (JSON, also HTML-escaped) or not, and its ISO date value.
 */
const SCRIPT_DATE =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?:&quot;|["'])?\b(?:date_?published|published_?(?:at|date|time|on)|publish_?(?:date|time)|pub_?date|date_?created|created_?(?:at|date|time|on)|creation_?date|release_?date|upload_?date|first_?published(?:_?(?:at|date))?)(?:&quot;|["'])?\s*[:=]\s*(?:&quot;|["'])(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?)(?:&quot;|["'])/gi;
