// A feed read as the hub it is: under the feed's title, each item in the feed's order as its title
// linked to its page, its date as the feed states it, and its summary (HTML read as a page's, or
// plain text). What clean_web_index gives of a blog's front page, from the list the site itself
// publishes of its new pages.
import type { Block, Inline, ListItem } from '../blocks.js';
import { isHiddenByMarkup } from '../dom/visibility.js';
import { createUrlResolver, type UrlResolver } from '../dom/url-resolver.js';
import { collapseWhitespace } from '../dom/measures.js';
import { toBlocks } from '../to-blocks/to-blocks.js';
import { parseHtml } from '../../parse/parse-html.js';
import { fileNameOf } from '../metadata/urls.js';

/** One entry of a feed, as the feed writes it. */
export interface FeedItem {
  title: string;
  /** Its page's address as written. */
  link: string | null;
  /** The address its relative addresses resolve against (an Atom entry's `xml:base`, the feed's own
   *  address under Atom's rule); null when the feed sets none: its page's (below). */
  base: string | null;
  date: string | null;
  /** Who wrote it, as a byline reads (names only: an address alone names nobody); null when it does not say. */
  author: string | null;
  /** HTML (RSS's description, Atom's summary, JSON Feed's content_html) or plain text. */
  summary: { html: string } | { text: string } | null;
  /** The files it carries (a podcast's episode): RSS's <enclosure>, Atom's enclosure links, JSON Feed's attachments. */
  attachments: FeedAttachment[];
}

/** A file attached to a feed's item, as the feed writes it. */
export interface FeedAttachment {
  /** Its address as written. */
  url: string;
  /** Its media type as declared; null when the feed does not say. */
  type: string | null;
  /** Its name, when the feed gives one (JSON Feed, Atom); null: the file's name is printed. */
  title: string | null;
}

/** A list of a site's pages as the site publishes it: a feed, or a sitemap. */
export interface FeedReading {
  /** The feed's title ('' when it has none). */
  title: string;
  items: FeedItem[];
  /** Items printed one line each, as a list (a sitemap's pages: an address and a date), not as headed entries. */
  list?: boolean;
}

/** The feed's items as blocks. */
export function feedBlocks(feed: FeedReading, finalUrl: string): Block[] {
  // Items that share their base share one resolver (and its cache of addresses).
  const resolvers = new Map<string | null, UrlResolver>();
  const resolverAt = (base: string | null) => {
    let resolver = resolvers.get(base);
    if (!resolver) resolvers.set(base, (resolver = createUrlResolver(null, finalUrl, base)));
    return resolver;
  };
  if (feed.list) {
    // A line prints the item's address alone: its base, else the feed's, resolves it.
    const items = feed.items.flatMap((item) => listLine(item, resolverAt(item.base)));
    return items.length > 0 ? [{ type: 'list', ordered: false, start: null, items }] : [];
  }
  // Where the feed sets no base (RSS, JSON Feed), an item's summary is a copy of its page's markup,
  // written for the page's address: its relative links and pictures are the page's (`/docs/intro` on the
  // blog, not on the host that serves the feed), as feed readers resolve them.
  const pageBase = (item: FeedItem) => item.base ?? resolverAt(null).link(item.link ?? undefined);
  return feed.items.flatMap((item) => itemBlocks(item, resolverAt(pageBase(item))));
}

/** An item as one line: its title (else its address) linked, then its date; none without an address. */
function listLine(item: FeedItem, resolver: UrlResolver): ListItem[] {
  const href = resolver.link(item.link ?? undefined);
  if (href === null) return [];
  const line: Inline[] = [{ type: 'link', href, children: [{ type: 'text', text: item.title || href }] }];
  if (item.date) line.push({ type: 'text', text: ` \u2014 ${collapseWhitespace(item.date)}` });
  return [{ children: [{ type: 'paragraph', children: line }] }];
}

function itemBlocks(item: FeedItem, resolver: UrlResolver): Block[] {
  const href = resolver.link(item.link ?? undefined);
  const out: Block[] = [];
  if (item.title !== '' || href !== null) {
    const label: Inline[] = [{ type: 'text', text: item.title || href! }];
    out.push({ type: 'heading', level: 2, children: href ? [{ type: 'link', href, children: label }] : label });
  }
  // The date and the writer, as a hub's teaser prints them under the headline.
  const line = [item.date, item.author].filter((s) => s !== null).join(' \u00b7 ');
  if (line !== '') out.push(paragraph(line));
  const summary = item.summary;
  if (summary && 'html' in summary) {
    // Feeds carry their HTML escaped as text (or in CDATA): read, it is a page's markup.
    out.push(...toBlocks(parseHtml(summary.html), resolver, { isHidden: isHiddenByMarkup }));
  } else if (summary) {
    for (const line of summary.text.split(/\n\s*\n/)) if (line.trim() !== '') out.push(paragraph(line));
  }
  out.push(...item.attachments.flatMap((file) => attachmentLine(file, resolver)));
  return out;
}

/**
 * A file the item carries, as a line under its summary: what kind of file, and its name linked (a podcast's
 * episode: `Audio: [ep-12.mp3](...)`). A picture is left out: a feed's thumbnail is no file to read, and the
 * summary prints the item's pictures.
 */
function attachmentLine(file: FeedAttachment, resolver: UrlResolver): Block[] {
  const type = file.type?.toLowerCase() ?? '';
  const href = resolver.link(file.url);
  if (type.startsWith('image/') || href === null) return [];
  const kind = type.startsWith('audio/') ? 'Audio' : type.startsWith('video/') ? 'Video' : 'File';
  const name = collapseWhitespace(file.title ?? '').trim() || fileNameOf(href) || href;
  const link: Inline = { type: 'link', href, children: [{ type: 'text', text: name }] };
  return [{ type: 'paragraph', children: [{ type: 'text', text: `${kind}: ` }, link] }];
}

function paragraph(text: string): Block {
  return { type: 'paragraph', children: [{ type: 'text', text: collapseWhitespace(text) }] };
}
