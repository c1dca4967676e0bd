// A feed read as the hub it is: under the feed's title, each item in the feed's order as its title
// linked to its page, its date as the feed states it, and its summary (RSS's description, Atom's
// summary, else its content: HTML, read as a page's). What clean_web_index gives of a blog's
// front page, from the list the site itself publishes of its new pages.
import type { Document, Element } from 'domhandler';
import type { Block, Inline } from '../blocks.js';
import { isHiddenByMarkup } from '../dom/visibility.js';
import { createUrlResolver, type UrlResolver } from '../dom/url-resolver.js';
import { collapseWhitespace } from '../dom/measures.js';
import { textContent } from '../dom/walk.js';
import { toBlocks } from '../to-blocks/to-blocks.js';
import { parseHtml } from '../../parse/parse-html.js';
import { attribute } from '../../parse/nodes.js';
import { atomLink, child, feedParts, textOf } from './feed-xml.js';

export interface FeedReading {
  /** The feed's title ('' when it has none). */
  title: string;
  blocks: Block[];
}

/** The feed's items as blocks, or null when the XML is no feed. */
export function feedReading(doc: Document, finalUrl: string): FeedReading | null {
  const parts = feedParts(doc);
  if (!parts) return null;
  const resolver = createUrlResolver(doc, finalUrl, null);
  const blocks: Block[] = [];
  for (const item of parts.items) blocks.push(...itemBlocks(item, parts.isAtom, resolver));
  return { title: markupText(textOf(child(parts.scope, 'title'))), blocks };
}

function itemBlocks(item: Element, isAtom: boolean, resolver: UrlResolver): Block[] {
  const title = markupText(textOf(child(item, 'title')));
  const href = resolver.link((isAtom ? atomLink(item) : (textOf(child(item, 'link')) ?? permalink(item))) ?? undefined);
  const out: Block[] = [];
  if (title !== '' || href !== null) {
    const label: Inline[] = [{ type: 'text', text: title || href! }];
    out.push({ type: 'heading', level: 2, children: href ? [{ type: 'link', href, children: label }] : label });
  }
  const date = isAtom
    ? (textOf(child(item, 'published')) ?? textOf(child(item, 'updated')))
    : (textOf(child(item, 'pubdate')) ?? textOf(child(item, 'dc:date')));
  if (date) out.push({ type: 'paragraph', children: [{ type: 'text', text: collapseWhitespace(date) }] });
  const summary = isAtom
    ? (textOf(child(item, 'summary')) ?? textOf(child(item, 'content')))
    : textOf(child(item, 'description'));
  // Feeds carry their HTML escaped as text (or in CDATA): read, it is a page's markup.
  if (summary) out.push(...toBlocks(parseHtml(summary), resolver, { isHidden: isHiddenByMarkup }));
  return out;
}

/** An RSS item's <guid> when it is its page's address (isPermaLink, true unless it says false). */
function permalink(item: Element): string | null {
  const guid = child(item, 'guid');
  return guid && attribute(guid, 'ispermalink')?.toLowerCase() !== 'false' ? textOf(guid) : null;
}

/** A title's text: feeds may escape HTML in it (Atom's type="html"), which is markup, not text. */
function markupText(raw: string | null): string {
  if (!raw) return '';
  return collapseWhitespace(/[<&]/.test(raw) ? textContent(parseHtml(raw)) : raw);
}
