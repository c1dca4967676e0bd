// JSON Feed (jsonfeed.org, versions 1 and 1.1): a feed written as JSON, read into the same items as
// an RSS or Atom feed, with what it says of itself for the metadata tool.
import type { FeedAttachment, FeedItem, FeedReading } from './feed-blocks.js';
import { textValue } from '../../util/text-value.js';
import { cleanAuthor, declaredNames } from '../metadata/author-names.js';

export interface JsonFeed {
  reading: FeedReading;
  description: string | null;
  homePage: string | null;
  icon: string | null;
  favicon: string | null;
  language: string | null;
  /** Who writes the feed, as a byline reads; null when it does not say. */
  author: string | null;
}

const VERSION_PREFIX = 'https://jsonfeed.org/version/';

/** The feed a JSON body holds, or null when it is not valid JSON or no JSON Feed. */
export function jsonFeed(text: string): JsonFeed | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data) || typeof data.version !== 'string' || !data.version.startsWith(VERSION_PREFIX)) return null;
  const items = Array.isArray(data.items) ? data.items.filter(isRecord).map(jsonItem) : [];
  return {
    reading: { title: textValue(data.title) ?? '', items },
    description: textValue(data.description),
    homePage: textValue(data.home_page_url),
    icon: textValue(data.icon),
    favicon: textValue(data.favicon),
    language: textValue(data.language),
    author: authorOf(data),
  };
}

function jsonItem(item: Record<string, unknown>): FeedItem {
  // A summary is what a hub shows; without one, the item's content, HTML before text.
  const summary = textValue(item.summary);
  const html = textValue(item.content_html);
  const text = summary ?? (html ? null : textValue(item.content_text));
  return {
    title: textValue(item.title) ?? '',
    link: textValue(item.url) ?? textValue(item.external_url),
    // Its content is its page's (`url`), not the page it points to (`external_url`); without a page,
    // the feed's own address ('' is it, as a relative reference).
    base: textValue(item.url) ?? '',
    author: authorOf(item),
    date: textValue(item.date_published) ?? textValue(item.date_modified),
    summary: text ? { text } : html ? { html } : null,
    attachments: Array.isArray(item.attachments) ? item.attachments.filter(isRecord).flatMap(attachment) : [],
  };
}

/** An item's attachment, none when it gives no address. */
function attachment(file: Record<string, unknown>): FeedAttachment[] {
  const url = textValue(file.url);
  return url === null ? [] : [{ url, type: textValue(file.mime_type), title: textValue(file.title) }];
}

/** A feed's or an item's writers: JSON Feed 1.1's `authors` (objects with a `name`), else 1.0's `author`. */
function authorOf(record: Record<string, unknown>): string | null {
  return cleanAuthor(declaredNames(record.authors ?? record.author));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
