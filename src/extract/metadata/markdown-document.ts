// What a markdown document (text/markdown) declares about itself: its YAML front matter, in the keys
// static site generators and documentation tools share (Jekyll, Hugo, Docusaurus, Astro, MkDocs),
// and its first first-level heading for a title when the front matter names none, as a PDF's first
// heading line does, and its lead paragraph for a description, as a web page's (an llms.txt's summary
// line, a README's opening). Everything else is what the headers tell, as for any file that is not HTML.
import type { Document } from 'domhandler';
import { findElement, textContent } from '../dom/walk.js';
import { toIsoDate } from './dates.js';
import { normaliseLang } from './lang.js';
import { nonHtmlMetadata } from './non-html.js';
import { declaredNames } from './author-names.js';
import { collapse } from './text.js';
import { leadText, leadWidth } from './lead-text.js';
import { LEAD_MIN_CHARS } from './thresholds.js';
import { uniqueKeywords } from './fields/keywords.js';
import type { PageMetadata } from './types.js';
import { resolveUrl } from './urls.js';
import { textValue } from '../../util/text-value.js';

/** Each field's keys, the first that holds a value winning. */
const KEYS = {
  description: ['description', 'summary', 'excerpt'],
  author: ['author', 'authors'],
  published: ['date', 'published', 'publishDate', 'pubDate', 'published_at'],
  modified: ['lastmod', 'last_modified_at', 'updated', 'modified', 'lastUpdated', 'modified_at'],
  lang: ['lang', 'language', 'locale'],
  image: ['image', 'cover', 'og_image'],
  canonical: ['canonical_url', 'canonicalURL', 'canonical'],
  keywords: ['keywords', 'tags'],
} as const;

export function markdownMetadata(
  doc: Document,
  matter: Record<string, unknown>,
  finalUrl: string,
  headers: Record<string, string> = {},
): PageMetadata {
  const base = nonHtmlMetadata(finalUrl, headers);
  const first = <T>(keys: readonly string[], read: (v: unknown) => T | null): T | null => {
    for (const key of keys) {
      const v = read(matter[key]);
      if (v !== null) return v;
    }
    return null;
  };
  const heading = findElement(doc, (el) => el.name === 'h1');
  const title = textValue(matter.title) ?? (heading ? textContent(heading) : '');
  return {
    ...base,
    title: collapse(title) || base.title,
    description: collapse(first(KEYS.description, textValue) ?? leadParagraph(doc)),
    author: first(KEYS.author, declaredNames),
    published_at: first(KEYS.published, date),
    modified_at: first(KEYS.modified, date) ?? base.modified_at,
    lang: first(KEYS.lang, (v) => normaliseLang(textValue(v))) ?? base.lang,
    image: first(KEYS.image, (v) => resolveUrl(textValue(v), finalUrl)),
    canonical_url: first(KEYS.canonical, (v) => resolveUrl(textValue(v), finalUrl)) ?? base.canonical_url,
    keywords: first(KEYS.keywords, keywordList) ?? [],
  };
}

/** The first paragraph long enough to describe the document (a badge line or a one-word note is not), as
 *  a web page's lead paragraph is read; '' when none is. */
function leadParagraph(doc: Document): string {
  const p = findElement(doc, (el) => el.name === 'p' && leadWidth(collapse(leadText(el))) >= LEAD_MIN_CHARS);
  return p ? collapse(leadText(p)) : '';
}

/** A date as written (YAML's core schema reads no timestamps: `date: 2026-03-05` is a string). */
function date(value: unknown): string | null {
  return toIsoDate(textValue(value));
}

/** Keywords as a list, or one string of comma-separated words. */
function keywordList(value: unknown): string[] | null {
  const raw = Array.isArray(value) ? value.map((v) => textValue(v) ?? '') : (textValue(value)?.split(',') ?? []);
  const out = uniqueKeywords(raw);
  return out.length > 0 ? out : null;
}
