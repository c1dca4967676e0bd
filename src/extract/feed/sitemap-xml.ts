// A sitemap (sitemaps.org: a <urlset> of pages, or a <sitemapindex> of sitemaps) read as the list of
// pages it is: each address, with the title a news or video sitemap gives it and its last change.
// What a crawler or an agent looks for in a site's sitemap.xml, as one list of links.
import { isTag, type Document, type Element } from 'domhandler';
import { findOne, getChildren } from 'domutils';
import { feedText, textOf } from './feed-xml.js';
import type { FeedItem, FeedReading } from './feed-blocks.js';

/** The sitemap's entries as a list, or null when the XML is no sitemap. */
export function xmlSitemap(doc: Document): FeedReading | null {
  const root = findOne((el) => ROOT.test(el.name), doc.children, false);
  if (!root) return null;
  const entry = localName(root) === 'urlset' ? 'url' : 'sitemap';
  const items = getChildren(root)
    .filter((c): c is Element => isTag(c) && localName(c) === entry)
    .map(sitemapItem);
  return { title: '', items, list: true };
}

/** The root of a sitemap, with or without a namespace prefix. */
const ROOT = /^(?:[\w.-]+:)?(?:urlset|sitemapindex)$/i;

/** An element's name without its namespace prefix: sitemaps are read whatever prefixes they choose. */
function localName(el: Element): string {
  return el.name.slice(el.name.indexOf(':') + 1).toLowerCase();
}

/** The first child element of `parent` of this local name, or null. */
function part(parent: Element | null, name: string): Element | null {
  if (!parent) return null;
  return (getChildren(parent).find((c) => isTag(c) && localName(c) === name) as Element | undefined) ?? null;
}

function sitemapItem(el: Element): FeedItem {
  // Google's news and video extensions title the page.
  const news = part(el, 'news');
  const title = feedText(part(news, 'title'), false) ?? feedText(part(part(el, 'video'), 'title'), false);
  return {
    title: title ?? '',
    link: textOf(part(el, 'loc')),
    base: null,
    author: null,
    date: textOf(part(el, 'lastmod')) ?? textOf(part(news, 'publication_date')),
    summary: null,
    attachments: [],
  };
}
