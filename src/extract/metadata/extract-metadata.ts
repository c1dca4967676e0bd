// Metadata as a pure function of (document, final URL, response headers): no network, no
// clock, no environment. Each field is its rule chain's first answer (see rules.ts).
import type { Document } from 'domhandler';
import { bestDeclaredIcon } from './favicon.js';
import { findFeeds } from './feeds.js';
import { parseJsonLd } from './json-ld.js';
import { collectTags, visibleText } from './page-tags.js';
import {
  AUTHOR,
  CANONICAL_URL,
  DESCRIPTION,
  IMAGE,
  LANG,
  MODIFIED_AT,
  PUBLISHED_AT,
  SITE_NAME,
  TITLE,
  firstOf,
  fullName,
  keywords,
  onPageClock,
  type RuleContext,
} from './rules.js';
import { single, tagGroup } from './tag-groups.js';
import type { PageMetadata } from './types.js';
import { documentBase } from './urls.js';

/** Longest description kept; longer ones are cut at this many characters. */
const MAX_DESCRIPTION_CHARS = 5000;

export function extractMetadata(doc: Document, finalUrl: string, headers: Record<string, string> = {}): PageMetadata {
  const tags = collectTags(doc);
  const base = documentBase(doc, finalUrl);
  let text: string | null = null;
  const bodyText = () => (text ??= visibleText(doc));
  const ctx: RuleContext = { tags, ld: parseJsonLd(tags.jsonLd), base, finalUrl, headers, bodyText };

  const ogValues = tagGroup(tags, 'og:', base);
  // og.title and og.description are single strings, present even when the page has none.
  const og = {
    title: single(ogValues.title),
    description: single(ogValues.description),
    ...omit(ogValues, 'title', 'description'),
  };

  const icon = bestDeclaredIcon(tags.links, base);
  const description = firstOf(ctx, DESCRIPTION) ?? '';
  const metadata: PageMetadata = {
    title: firstOf(ctx, TITLE) ?? '',
    description:
      description.length > MAX_DESCRIPTION_CHARS ? description.slice(0, MAX_DESCRIPTION_CHARS).trimEnd() : description,
    favicon: icon?.url ?? new URL('/favicon.ico', finalUrl).href,
    og,
    canonical_url: firstOf(ctx, CANONICAL_URL),
    lang: firstOf(ctx, LANG),
    site_name: firstOf(ctx, SITE_NAME),
    image: firstOf(ctx, IMAGE),
    author: fullName(ctx, firstOf(ctx, AUTHOR)),
    published_at: onPageClock(ctx, firstOf(ctx, PUBLISHED_AT)),
    modified_at: firstOf(ctx, MODIFIED_AT),
    twitter: tagGroup(tags, 'twitter:', base),
    feeds: findFeeds(tags.links, base),
    keywords: keywords(ctx),
  };
  return metadata;
}

function omit<T extends Record<string, unknown>>(o: T, ...keys: string[]): T {
  const copy = { ...o };
  for (const k of keys) delete copy[k];
  return copy;
}
