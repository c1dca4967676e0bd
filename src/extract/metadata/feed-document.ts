// A feed fetched directly (RSS 2.0, RSS 1.0/RDF, Atom, JSON Feed): its own title, description, site link,
// language and last update, instead of only the file name. Pure, like the HTML extractor.
import type { Document } from 'domhandler';
import { atomLink, child, feedParts, textOf } from '../feed/feed-xml.js';
import type { JsonFeed } from '../feed/json-feed.js';
import { toIsoDate } from './dates.js';
import { normaliseLang } from './lang.js';
import { nonHtmlMetadata } from './non-html.js';
import { clean } from './text.js';
import type { FeedType, PageMetadata } from './types.js';
import { resolveUrl } from './urls.js';
import { attribute } from '../../parse/nodes.js';

/** Metadata of an RSS/Atom document, or null when the XML is not a feed. */
export function feedMetadata(
  doc: Document,
  finalUrl: string,
  headers: Record<string, string> = {},
): PageMetadata | null {
  const parts = feedParts(doc);
  if (!parts) return null;
  const { root, isAtom, scope } = parts;
  const type: FeedType = isAtom ? 'atom' : 'rss';
  const base = nonHtmlMetadata(finalUrl, headers);

  const link = isAtom ? atomLink(scope) : clean(textOf(child(scope, 'link')));
  const updated = isAtom
    ? textOf(child(scope, 'updated'))
    : (textOf(child(scope, 'lastbuilddate')) ?? textOf(child(scope, 'pubdate')));
  const title = clean(textOf(child(scope, 'title')));
  const logo = isAtom ? textOf(child(scope, 'logo')) : textOf(child(child(scope, 'image'), 'url'));
  const image = isAtom ? (logo ?? textOf(child(scope, 'icon'))) : logo;
  return {
    ...base,
    title: title ?? base.title,
    description: clean(textOf(child(scope, isAtom ? 'subtitle' : 'description'))) ?? '',
    canonical_url: resolveUrl(link, finalUrl) ?? base.canonical_url,
    lang: normaliseLang(textOf(child(scope, 'language')) ?? attribute(root, 'xml:lang')) ?? base.lang,
    site_name: title,
    image: resolveUrl(image, finalUrl),
    logo: resolveUrl(logo, finalUrl),
    modified_at: toIsoDate(updated) ?? base.modified_at,
    feeds: [{ url: finalUrl, type, title }],
  };
}

/** Metadata of a JSON Feed: its title, description, home page, language and icons. */
export function jsonFeedMetadata(feed: JsonFeed, finalUrl: string, headers: Record<string, string> = {}): PageMetadata {
  const base = nonHtmlMetadata(finalUrl, headers);
  const title = clean(feed.reading.title);
  const icon = resolveUrl(feed.icon, finalUrl);
  return {
    ...base,
    title: title ?? base.title,
    description: clean(feed.description) ?? '',
    canonical_url: resolveUrl(feed.homePage, finalUrl) ?? base.canonical_url,
    lang: normaliseLang(feed.language) ?? base.lang,
    site_name: title,
    image: icon,
    logo: icon,
    favicon: resolveUrl(feed.favicon, finalUrl) ?? base.favicon,
    feeds: [{ url: finalUrl, type: 'json', title }],
  };
}
