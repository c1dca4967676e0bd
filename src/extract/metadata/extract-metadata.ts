// Metadata as a pure function of (document, final URL, response headers): no network, no
// clock, no environment. Each field is its rule chain's first answer (fields/<field>.ts).
import type { Document } from 'domhandler';
import { readJsonLd } from '../page/json-ld.js';
import { firstOf, type RuleContext } from './context.js';
import { bestDeclaredIcon } from './favicon.js';
import { findFeeds } from './feeds.js';
import { fullName } from './author-people.js';
import { AUTHOR } from './fields/author.js';
import { CANONICAL_URL } from './fields/canonical-url.js';
import { DESCRIPTION } from './fields/description.js';
import { IMAGE } from './fields/image.js';
import { keywords } from './fields/keywords.js';
import { LANG } from './fields/lang.js';
import { LOGO } from './fields/logo.js';
import { MODIFIED_AT } from './fields/modified-at.js';
import { PUBLISHED_AT } from './fields/published-at.js';
import { SITE_NAME } from './fields/site-name.js';
import { TITLE } from './fields/title.js';
import { onPageClock } from './page-clock.js';
import { collectTags } from './page-tags.js';
import { visibleText } from './visible-text.js';
import { single, tagGroup } from './tag-groups.js';
import type { PageMetadata } from './types.js';
import { documentBase } from './urls.js';
import { MAX_DESCRIPTION_CHARS } from './thresholds.js';

/** Longest description kept; longer ones are cut at this many characters. */

export function extractMetadata(doc: Document, finalUrl: string, headers: Record<string, string> = {}): PageMetadata {
  const tags = collectTags(doc);
  const base = documentBase(doc, finalUrl);
  let text: string | null = null;
  const bodyText = () => (text ??= visibleText(doc));
  const ctx: RuleContext = { tags, ld: readJsonLd(tags.jsonLd), base, finalUrl, headers, bodyText };

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
    logo: firstOf(ctx, LOGO),
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
