// A feed fetched directly (RSS 2.0, RSS 1.0/RDF, Atom, JSON Feed): its own title, description, site link,
// language and last update, instead of only the file name. Pure, like the HTML extractor.
import type { Document, Element } from 'domhandler';
import { atomAuthors, atomLink, child, feedParts, feedText, textOf, xmlBase } from '../feed/feed-xml.js';
import type { JsonFeed } from '../feed/json-feed.js';
import { cleanAuthor } from './author-names.js';
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
  // The feed's addresses resolve against its xml:base, if it declares one.
  const at = xmlBase(scope, finalUrl);

  const link = isAtom ? atomLink(scope) : clean(textOf(child(scope, 'link')));
  const updated = isAtom
    ? textOf(child(scope, 'updated'))
    : (textOf(child(scope, 'lastbuilddate')) ?? textOf(child(scope, 'pubdate')));
  const title = clean(feedText(child(scope, 'title'), isAtom));
  const logo = isAtom ? textOf(child(scope, 'logo')) : textOf(child(child(scope, 'image'), 'url'));
  const image = isAtom ? (logo ?? textOf(child(scope, 'icon'))) : logo;
  return {
    ...base,
    title: title ?? base.title,
    description: clean(feedText(child(scope, isAtom ? 'subtitle' : 'description'), isAtom)) ?? '',
    canonical_url: resolveUrl(link, at) ?? base.canonical_url,
    lang: normaliseLang(textOf(child(scope, 'language')) ?? attribute(root, 'xml:lang')) ?? base.lang,
    site_name: title,
    image: resolveUrl(image, at),
    logo: resolveUrl(logo, at),
    author: feedAuthor(scope, isAtom),
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
    author: feed.author,
    feeds: [{ url: finalUrl, type: 'json', title }],
  };
}

/**
 * Who the feed says writes it: Atom's <author> names; RSS's channel creator (Dublin Core, then a
 * podcast's iTunes author), else its managing editor, which RSS writes as an e-mail address with
 * the name in brackets (an address alone names nobody).
 */
function feedAuthor(scope: Element, isAtom: boolean): string | null {
  if (isAtom) return atomAuthors(scope);
  const declared = ['dc:creator', 'itunes:author', 'managingeditor'].map((n) => textOf(child(scope, n)));
  return cleanAuthor(declared.find((n) => n !== null));
}
