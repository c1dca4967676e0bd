// Owned by the metadata fetcher (issue 5): parse -> metadata (+ content) in a worker.
// Metadata is extracted first; content then comes from the content cleaner's own code
// (profile content, text, no title), so get_url_metadata's text is clean_web_content's text.
import type { BodyKind } from '../fetch/types.js';
import { isWebPage } from '../fetch/body-kind.js';
import { postedPieces, postedText, type PostedText } from './page-bytes.js';
import {
  extractMetadata,
  feedMetadata,
  jsonFeedMetadata,
  markdownMetadata,
  nonHtmlMetadata,
  type PageMetadata,
} from '../extract/metadata/index.js';
import { parseHtml } from '../parse/parse-html.js';
import type { TokenEncoding } from '../render/token-count.js';
import { cleanDocument, type CleanOptions } from './clean-document.js';
import { cleanTask, takePieces, takeText, type CleanResult } from './clean-task.js';
import { cleanMarkdownPage } from './clean-markdown.js';
import { cleanFeed } from './clean-feed.js';
import type { FeedReading } from '../extract/feed/feed-blocks.js';
import { xmlFeed } from '../extract/feed/feed-xml.js';
import { xmlSitemap } from '../extract/feed/sitemap-xml.js';
import { jsonFeed } from '../extract/feed/json-feed.js';
import { markdownPage } from '../extract/markdown/markdown-page.js';

export interface MetadataRequest {
  /** The body: decoded, or its bytes and charset (decoded here); null when it is not text. */
  body: PostedText | null;
  bodyKind: BodyKind;
  finalUrl: string;
  headers: Record<string, string>;
  includeContent: boolean;
  /** include_content's token budget (max_tokens), or null. */
  maxTokens?: number | null;
  tokenEncoding?: TokenEncoding;
}

/** include_content adds content and word_count: null when meta.error says why there is none. */
export type MetadataData = PageMetadata & { content?: string | null; word_count?: number | null };

/** include_content's part: how many tokens the content holds and whether it was cut. */
export interface ContentPart {
  tokens: number;
  truncated: boolean;
}

export interface MetadataResult {
  data: MetadataData;
  /** With content: its token count and whether max_chars or max_tokens cut it. */
  part?: ContentPart;
  /** Set when include_content could not be honoured; the metadata is still complete. */
  error?: { code: 'unsupported_content_type' | 'no_content'; message?: string };
}

/** max_chars of the content cleaner's default, so include_content matches clean_web_content. */
export const CONTENT_MAX_CHARS = 200_000;

export function metadataTask(req: MetadataRequest): MetadataResult {
  if (req.body !== null && req.bodyKind === 'markdown') return markdown(req);
  const isHtml = req.body !== null && isWebPage(req.bodyKind);
  if (!isHtml) return nonHtml(req);

  const body = takePieces(req as { body: PostedText });
  const doc = parseHtml(body);
  // Metadata first: content extraction may prune the tree it is given.
  const data: MetadataData = extractMetadata(doc, req.finalUrl, req.headers);
  if (!req.includeContent) return { data };
  const cleaned = cleanDocument(doc, { ...contentOptions(req), reparse: () => parseHtml(body) });
  return withContent(data, cleaned);
}

/** Exactly what clean_web_content does by default, minus the title line, within the request's token budget. */
function contentOptions(req: MetadataRequest): CleanOptions {
  return {
    profile: 'content',
    format: 'text',
    includeTitle: false,
    maxChars: CONTENT_MAX_CHARS,
    start: 0,
    maxTokens: req.maxTokens,
    tokenEncoding: req.tokenEncoding,
    finalUrl: req.finalUrl,
  };
}

/** A markdown document: what its front matter declares, and its text read as the content cleaner reads it. */
function markdown(req: MetadataRequest): MetadataResult {
  const { doc, matter } = markdownPage(takeText(req as { body: PostedText }));
  const data: MetadataData = markdownMetadata(doc, matter, req.finalUrl, req.headers);
  if (!req.includeContent) return { data };
  return withContent(data, cleanMarkdownPage(doc, contentOptions(req)));
}

function nonHtml(req: MetadataRequest): MetadataResult {
  // A feed read directly describes itself; a sitemap, other XML, JSON and everything else is known by its headers.
  const feed = req.body !== null ? feedOf(req.bodyKind, req.body, req.finalUrl, req.headers) : null;
  const data: MetadataData = feed?.data ?? nonHtmlMetadata(req.finalUrl, req.headers);
  if (!req.includeContent) return { data };
  // A feed's or a sitemap's content is its items, as the content cleaner reads them.
  if (feed) return withContent(data, cleanFeed(feed.reading, contentOptions(req)));
  // text/plain is readable as is (the content cleaner returns it unchanged); nothing else is.
  if (req.body === null || req.bodyKind !== 'text') {
    return { data: { ...data, content: null, word_count: null }, error: { code: 'unsupported_content_type' } };
  }
  return withContent(
    data,
    cleanTask({
      ...contentOptions(req),
      body: req.body,
      bodyKind: 'text',
    }),
  );
}

/** A feed's or a sitemap's metadata and items; null for any other body. */
function feedOf(
  kind: BodyKind,
  body: PostedText,
  finalUrl: string,
  headers: Record<string, string>,
): { data: PageMetadata; reading: FeedReading } | null {
  if (kind === 'xml') {
    const doc = parseHtml(postedPieces(body), { xml: true });
    const data = feedMetadata(doc, finalUrl, headers);
    const reading = data && xmlFeed(doc, finalUrl);
    if (data && reading) return { data, reading };
    // A sitemap says nothing of itself: known by its headers, its pages are its content.
    const sitemap = xmlSitemap(doc);
    return sitemap ? { data: nonHtmlMetadata(finalUrl, headers), reading: sitemap } : null;
  }
  if (kind === 'json') {
    const feed = jsonFeed(postedText(body));
    return feed ? { data: jsonFeedMetadata(feed, finalUrl, headers), reading: feed.reading } : null;
  }
  return null;
}

function withContent(data: MetadataData, cleaned: CleanResult): MetadataResult {
  if (!cleaned.ok) return { data: { ...data, content: null, word_count: null }, error: { code: 'no_content' } };
  return {
    data: { ...data, content: cleaned.content, word_count: cleaned.wordCount },
    part: { tokens: cleaned.tokens, truncated: cleaned.truncated },
  };
}
