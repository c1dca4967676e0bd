// Owned by the cleaners (issue 4): parse -> extract (cascade) -> render, in a worker.
import type { Profile } from '../extract/blocks.js';
import { postedPieces, postedText, type PostedText } from './page-bytes.js';
import { parseHtml } from '../parse/parse-html.js';
import type { PartLimits } from '../render/part.js';
import { renderPlainText } from '../render/plain-text.js';
import type { CleanExplanation } from '../extract/explain.js';
import { DEFAULT_TOKEN_ENCODING } from '../render/token-count.js';
import { answered, cleanDocument, type CleanOptions, type PartOptions } from './clean-document.js';
import { cleanMarkdown } from './clean-markdown.js';
import { cleanFeed } from './clean-feed.js';
import { xmlFeed } from '../extract/feed/feed-xml.js';
import { xmlSitemap } from '../extract/feed/sitemap-xml.js';
import { jsonFeed } from '../extract/feed/json-feed.js';
import type { CleanableKind } from './cleanable.js';

/**
 * The request's body, decoded, and put back in the request in place of its bytes (the same
 * body, in the other form a task may carry), so that the bytes are garbage as soon as they are
 * decoded: piscina holds the task until it ends, and a 5 MiB page's bytes (a one-byte string)
 * would otherwise stay beside its text, its tree and everything extraction builds. An
 * all-ASCII body posted as a one-byte string is its own text, so nothing changes there.
 */
export function takeText(req: { body: PostedText }): string {
  const text = postedText(req.body);
  req.body = text;
  return text;
}

/**
 * The request's page, decoded in pieces for the parser (parse/page-pieces.ts: no string of the
 * whole page is built), and taken out of the request, so that its bytes are garbage as soon as
 * they are decoded (as takeText's).
 */
export function takePieces(req: { body: PostedText }): string[] {
  const pieces = postedPieces(req.body);
  req.body = '';
  return pieces;
}

export interface CleanRequest extends PartOptions {
  /** The body: decoded, or its bytes and charset (decoded here, off the main thread). */
  body: PostedText;
  bodyKind: CleanableKind;
  finalUrl: string;
  /** Requested profile. */
  profile: Profile;
  format: 'text' | 'markdown';
  includeTitle: boolean;
  /** Return the extraction's account (meta.explain); absent: false. */
  explain?: boolean;
}

export type CleanResult =
  | {
      ok: true;
      title: string;
      content: string;
      wordCount: number;
      truncated: boolean;
      /** Tokens of content in the requested encoding. */
      tokens: number;
      /** Where the next part begins (meta.next_start), or null. */
      nextStart: number | null;
      /** Profile that produced the content. */
      profile: Profile;
      fallbackUsed: boolean;
      /** Set when the request asked to explain (extract/explain.ts). */
      explain?: CleanExplanation;
    }
  | { ok: false; code: 'no_content'; title: string; explain?: CleanExplanation }
  /** XML or JSON that is no feed. */
  | { ok: false; code: 'unsupported_content_type'; title: '' };

export function cleanTask(req: CleanRequest): CleanResult {
  if (req.bodyKind === 'text') {
    // text/plain is returned as is: there is no markup to extract from, and no title.
    const r = renderPlainText(takeText(req), partLimits(req));
    if (r.content === '') return { ok: false, code: 'no_content', title: '' };
    return answered('', r, req.profile, false);
  }
  // A markdown document is read whole, a feed or a sitemap as its items (other XML or JSON is unsupported).
  if (req.bodyKind === 'markdown') return cleanMarkdown(takeText(req), answerOptions(req));
  if (req.bodyKind === 'xml') {
    const doc = parseHtml(takePieces(req), { xml: true });
    return cleanFeed(xmlFeed(doc, req.finalUrl) ?? xmlSitemap(doc), answerOptions(req));
  }
  if (req.bodyKind === 'json') return cleanFeed(jsonFeed(takeText(req))?.reading ?? null, answerOptions(req));
  // XHTML is parsed as HTML: the forgiving parser reads well-formed XHTML correctly, and an
  // XML parser would give up on the many pages served as XHTML that are not well formed.
  const body = takePieces(req);
  const doc = parseHtml(body);
  return cleanDocument(doc, { ...answerOptions(req), reparse: () => parseHtml(body), explain: req.explain });
}

/** What the request asks of the answer: its page, profile, format, title line and part. */
function answerOptions(req: CleanRequest): CleanOptions {
  return {
    finalUrl: req.finalUrl,
    profile: req.profile,
    format: req.format,
    includeTitle: req.includeTitle,
    maxChars: req.maxChars,
    maxTokens: req.maxTokens,
    tokenEncoding: req.tokenEncoding,
    start: req.start,
  };
}

function partLimits(req: PartOptions): PartLimits {
  return {
    start: req.start ?? 0,
    maxChars: req.maxChars,
    maxTokens: req.maxTokens ?? null,
    encoding: req.tokenEncoding ?? DEFAULT_TOKEN_ENCODING,
  };
}
