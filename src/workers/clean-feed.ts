// A feed (RSS, Atom, JSON Feed) or a sitemap -> cleaned content: its items as a hub's links
// (extract/feed/feed-blocks.ts), under the feed's title. Read by the index profile whichever
// cleaner asked: a feed is a list of pages, not an article, so clean_web_content answers with it as
// its fallback, as for a hub page.
import { feedBlocks, type FeedReading } from '../extract/feed/feed-blocks.js';
import { answerBlocks, type CleanOptions } from './clean-document.js';
import type { CleanResult } from './clean-task.js';

/** `feed` null: the body (XML, JSON) is no feed nor sitemap, not a page the cleaners read. */
export function cleanFeed(feed: FeedReading | null, options: CleanOptions): CleanResult {
  if (!feed) return { ok: false, code: 'unsupported_content_type', title: '' };
  return answerBlocks(feedBlocks(feed, options.finalUrl), feed.title, options, 'index', options.profile !== 'index');
}
