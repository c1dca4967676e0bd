// JSON Feed (jsonfeed.org, versions 1 and 1.1): a feed written as JSON, read into the same items as
// an RSS or Atom feed, with what it says of itself for the metadata tool.
import type { FeedItem, FeedReading } from './feed-blocks.js';

export interface JsonFeed {
  reading: FeedReading;
  description: string | null;
  homePage: string | null;
  icon: string | null;
  favicon: string | null;
  language: string | null;
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
    reading: { title: str(data.title) ?? '', items },
    description: str(data.description),
    homePage: str(data.home_page_url),
    icon: str(data.icon),
    favicon: str(data.favicon),
    language: str(data.language),
  };
}

function jsonItem(item: Record<string, unknown>): FeedItem {
  // A summary is what a hub shows; without one, the item's content, HTML before text.
  const summary = str(item.summary);
  const html = str(item.content_html);
  const text = summary ?? (html ? null : str(item.content_text));
  return {
    title: str(item.title) ?? '',
    link: str(item.url) ?? str(item.external_url),
    date: str(item.date_published) ?? str(item.date_modified),
    summary: text ? { text } : html ? { html } : null,
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}
