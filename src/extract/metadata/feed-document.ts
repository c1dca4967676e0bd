// A feed fetched directly (RSS 2.0, RSS 1.0/RDF, Atom): its own title, description, site link,
// language and last update, instead of only the file name. Pure, like the HTML extractor.
import type { Document, Element } from 'domhandler';
import { findOne, getChildren, textContent } from 'domutils';
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
  const root = findOne((el) => /^(?:rss|rdf:rdf|feed)$/i.test(el.name), doc.children, false);
  if (!root) return null;
  const isAtom = root.name.toLowerCase() === 'feed';
  const scope = isAtom ? root : (child(root, 'channel') ?? root);
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

function child(parent: Element | null, name: string): Element | null {
  if (!parent) return null;
  for (const c of getChildren(parent)) {
    if ((c as Element).name?.toLowerCase() === name) return c as Element;
  }
  return null;
}

function textOf(el: Element | null): string | null {
  return el ? textContent(el).trim() || null : null;
}

function atomLink(feed: Element): string | null {
  for (const c of getChildren(feed)) {
    const el = c as Element;
    if (el.name?.toLowerCase() !== 'link') continue;
    const rel = (attribute(el, 'rel') ?? 'alternate').toLowerCase();
    const href = attribute(el, 'href');
    if (rel === 'alternate' && href) return href;
  }
  return null;
}
