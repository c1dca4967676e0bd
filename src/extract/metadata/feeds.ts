// Feed discovery: <link rel="alternate"> with an RSS, Atom or JSON Feed type (the
// autodiscovery convention feed readers use), plus rel="feed". One entry per URL.
import type { Feed, FeedType } from './types.js';
import type { LinkTag } from './page-tags.js';
import { clean } from './text.js';
import { resolveUrl } from './urls.js';
import { MAX_FEEDS } from './thresholds.js';

const TYPES: Record<string, FeedType> = {
  'application/rss+xml': 'rss',
  'application/rdf+xml': 'rss',
  'application/atom+xml': 'atom',
  'application/feed+json': 'json',
};

export function findFeeds(links: LinkTag[], base: string): Feed[] {
  const feeds: Feed[] = [];
  const seen = new Set<string>();
  for (const link of links) {
    if (feeds.length >= MAX_FEEDS) break;
    const mime = link.type.split(';')[0]!.trim();
    let type: FeedType | undefined;
    if (link.rel.includes('alternate')) {
      type = TYPES[mime];
      // JSON Feed was first announced as application/json; accept that only with a feed-like title.
      if (!type && mime === 'application/json' && /feed/i.test(link.title)) type = 'json';
    } else if (link.rel.includes('feed')) {
      type = TYPES[mime] ?? 'rss';
    }
    if (!type) continue;
    const url = resolveUrl(link.href, base);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    feeds.push({ url, type, title: clean(link.title) });
  }
  return feeds;
}
