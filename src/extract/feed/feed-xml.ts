// The parts of a feed document (RSS 2.0, RSS 1.0/RDF, Atom) parsed as XML: its root, the element
// that describes the feed, its items, and the few child elements read of each. Shared by the
// metadata tool (the feed's own description) and the cleaners (its items as a hub's links).
import { isTag, type Document, type Element } from 'domhandler';
import { findOne, getChildren, textContent } from 'domutils';
import { collapseWhitespace } from '../dom/measures.js';
import { parseHtml } from '../../parse/parse-html.js';
import { attribute } from '../../parse/nodes.js';
import type { FeedAttachment, FeedItem, FeedReading } from './feed-blocks.js';
import { cleanAuthor } from '../metadata/author-names.js';

export interface FeedParts {
  root: Element;
  isAtom: boolean;
  /** The element that describes the feed: Atom's <feed>, RSS's <channel>. */
  scope: Element;
  /** Its entries in document order: Atom's <entry>, RSS's <item> (inside the channel in RSS 2.0,
   *  beside it in RSS 1.0). */
  items: Element[];
}

/** The feed's parts, or null when the XML is no feed. */
export function feedParts(doc: Document): FeedParts | null {
  const root = findOne((el) => /^(?:rss|rdf:rdf|feed)$/i.test(el.name), doc.children, false);
  if (!root) return null;
  const isAtom = root.name.toLowerCase() === 'feed';
  const scope = isAtom ? root : (child(root, 'channel') ?? root);
  const itemName = isAtom ? 'entry' : 'item';
  const items = children(scope, itemName);
  // RSS 1.0 sets its items beside the channel, under the root.
  if (!isAtom && items.length === 0 && scope !== root) items.push(...children(root, itemName));
  return { root, isAtom, scope, items };
}

/** The first child element of `parent` named `name` (case-insensitive), or null. */
export function child(parent: Element | null, name: string): Element | null {
  if (!parent) return null;
  for (const c of getChildren(parent)) {
    if ((c as Element).name?.toLowerCase() === name) return c as Element;
  }
  return null;
}

function children(parent: Element, name: string): Element[] {
  return getChildren(parent).filter((c): c is Element => (c as Element).name?.toLowerCase() === name);
}

/** An element's text, trimmed; null when it is missing or empty. */
export function textOf(el: Element | null): string | null {
  return el ? textContent(el).trim() || null : null;
}

/** An Atom element's page: its first <link> with rel="alternate" (the default) and an href. */
export function atomLink(parent: Element): string | null {
  for (const c of getChildren(parent)) {
    const el = c as Element;
    if (el.name?.toLowerCase() !== 'link') continue;
    const rel = (attribute(el, 'rel') ?? 'alternate').toLowerCase();
    const href = attribute(el, 'href');
    if (rel === 'alternate' && href) return href;
  }
  return null;
}

/** The feed's title and items, or null when the XML is no feed. */
export function xmlFeed(doc: Document, feedUrl: string): FeedReading | null {
  const parts = feedParts(doc);
  if (!parts) return null;
  return {
    title: feedText(child(parts.scope, 'title'), parts.isAtom) ?? '',
    items: parts.items.map((item) => xmlItem(item, parts.isAtom, feedUrl)),
  };
}

function xmlItem(item: Element, isAtom: boolean, feedUrl: string): FeedItem {
  const date = isAtom
    ? (textOf(child(item, 'published')) ?? textOf(child(item, 'updated')))
    : (textOf(child(item, 'pubdate')) ?? textOf(child(item, 'dc:date')));
  // The summary is what a hub shows; without one, the item's content (RSS's <content:encoded>).
  const summary = isAtom
    ? (textOf(child(item, 'summary')) ?? textOf(child(item, 'content')))
    : (textOf(child(item, 'description')) ?? textOf(child(item, 'content:encoded')));
  return {
    title: feedText(child(item, 'title'), isAtom) ?? '',
    link: isAtom ? atomLink(item) : (textOf(child(item, 'link')) ?? permalink(item)),
    // Atom resolves against the feed's address where no xml:base is set (RFC 4287); RSS says nothing.
    base: isAtom ? xmlBase(item, feedUrl) : declaredXmlBase(item, feedUrl),
    date,
    author: itemAuthor(item, isAtom),
    summary: summary ? { html: summary } : null,
    attachments: isAtom ? atomEnclosures(item) : rssEnclosures(item),
  };
}

/** An RSS item's <enclosure>s (one by the specification; feeds that carry several formats give more). */
function rssEnclosures(item: Element): FeedAttachment[] {
  return children(item, 'enclosure').flatMap((el) => {
    const url = attribute(el, 'url')?.trim();
    return url ? [{ url, type: attribute(el, 'type')?.trim() || null, title: null }] : [];
  });
}

/** An Atom entry's links of rel="enclosure". */
function atomEnclosures(entry: Element): FeedAttachment[] {
  return children(entry, 'link').flatMap((el) => {
    const url = attribute(el, 'href')?.trim();
    if (!url || attribute(el, 'rel')?.toLowerCase() !== 'enclosure') return [];
    return [{ url, type: attribute(el, 'type')?.trim() || null, title: attribute(el, 'title')?.trim() || null }];
  });
}

/** An entry's own writers: Atom's <author> names; RSS's Dublin Core creator, else its <author> (an
 *  address with the name in brackets). */
function itemAuthor(item: Element, isAtom: boolean): string | null {
  if (isAtom) return atomAuthors(item);
  return cleanAuthor(textOf(child(item, 'dc:creator')) ?? textOf(child(item, 'author')));
}

/** The names of an Atom feed's or entry's <author>s, read as a byline is. */
export function atomAuthors(parent: Element): string | null {
  return cleanAuthor(
    children(parent, 'author')
      .map((a) => textOf(child(a, 'name')) ?? '')
      .join(', '),
  );
}

/** An RSS item's <guid> when it is its page's address (isPermaLink, true unless it says false). */
function permalink(item: Element): string | null {
  const guid = child(item, 'guid');
  return guid && attribute(guid, 'ispermalink')?.toLowerCase() !== 'false' ? textOf(guid) : null;
}

/**
 * A title's or description's words, one line; null when it has none. Atom says by `type` whether the
 * element holds text, escaped HTML or XHTML; RSS does not say, and its titles carry escaped HTML as
 * often as not (`Ann&apos;s &lt;i&gt;notes&lt;/i&gt;`): markup, not text, wherever it looks like it.
 */
export function feedText(el: Element | null, isAtom: boolean): string | null {
  const raw = textOf(el);
  if (!raw) return null;
  const markup = isAtom ? attribute(el!, 'type')?.toLowerCase() === 'html' : /[<&]/.test(raw);
  return collapseWhitespace(markup ? textContent(parseHtml(raw)) : raw).trim() || null;
}

/**
 * The address an element's relative addresses resolve against: the feed's own, under each `xml:base`
 * from the root down to the element (Atom, and RSS feeds that borrow it). A base that does not parse,
 * or is not a web address, is passed over.
 */
export function xmlBase(el: Element, feedUrl: string): string {
  return declaredXmlBase(el, feedUrl) ?? feedUrl;
}

/** xmlBase, or null when neither the element nor an ancestor sets an `xml:base`. */
function declaredXmlBase(el: Element, feedUrl: string): string | null {
  const bases: string[] = [];
  for (let n: Element | null = el; n; n = n.parent && isTag(n.parent) ? n.parent : null) {
    const base = attribute(n, 'xml:base')?.trim();
    if (base) bases.push(base);
  }
  if (bases.length === 0) return null;
  let out = feedUrl;
  for (const base of bases.reverse()) {
    const url = URL.parse(base, out);
    if (url?.protocol === 'https:' || url?.protocol === 'http:') out = url.href;
  }
  return out;
}
