// A feed (RSS, Atom) -> cleaned content: its items as a hub's links (extract/feed/feed-blocks.ts),
// under the feed's title. Read by the index profile whichever cleaner asked: a feed is a list of
// pages, not an article, so clean_web_content answers with it as its fallback, as for a hub page.
import type { Document } from 'domhandler';
import { feedReading } from '../extract/feed/feed-blocks.js';
import { dropSamePageLinks } from '../extract/same-page-links.js';
import { renderAsAsked } from '../render/render.js';
import type { CleanOptions } from './clean-document.js';
import type { CleanResult } from './clean-task.js';

/** `doc`: the body parsed as XML. Other XML than a feed is not a page the cleaners read. */
export function cleanFeed(doc: Document, options: CleanOptions): CleanResult {
  const feed = feedReading(doc, options.finalUrl);
  if (!feed) return { ok: false, code: 'unsupported_content_type', title: '' };
  const blocks = dropSamePageLinks(feed.blocks, options.finalUrl);
  const rendered = renderAsAsked(blocks, feed.title, options);
  if (blocks.length === 0 || rendered.content === '') return { ok: false, code: 'no_content', title: feed.title };
  return {
    ok: true,
    title: feed.title,
    content: rendered.content,
    wordCount: rendered.wordCount,
    truncated: rendered.truncated,
    tokens: rendered.tokens,
    nextStart: rendered.nextStart,
    profile: 'index',
    fallbackUsed: options.profile !== 'index',
  };
}
