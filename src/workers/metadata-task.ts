// Owned by the metadata fetcher (issue 5): parse -> metadata (+ content) in a worker.
// Metadata is extracted first; content then comes from the content cleaner's own code
// (profile content, text, no title), so get_url_metadata's text is clean_web_content's text.
import type { BodyKind } from '../fetch/types.js';
import { extractMetadata, nonHtmlMetadata, type PageMetadata } from '../extract/metadata/index.js';
import { parseHtml } from '../parse/parse-html.js';
import { cleanTask } from './clean-task.js';

export interface MetadataRequest {
  body: string | null;
  bodyKind: BodyKind;
  finalUrl: string;
  headers: Record<string, string>;
  includeContent: boolean;
}

/** include_content adds content and word_count: null when meta.error says why there is none. */
export type MetadataData = PageMetadata & { content?: string | null; word_count?: number | null };

export interface MetadataResult {
  data: MetadataData;
  /** Set when include_content could not be honoured; the metadata is still complete. */
  error?: { code: 'unsupported_content_type' | 'no_content'; message?: string };
}

/** max_chars of the content cleaner's default, so include_content matches clean_web_content. */
export const CONTENT_MAX_CHARS = 200_000;

const PARSED_KINDS: ReadonlySet<BodyKind> = new Set(['html', 'xhtml']);

export function metadataTask(req: MetadataRequest): MetadataResult {
  const isHtml = req.body !== null && PARSED_KINDS.has(req.bodyKind);
  const data: MetadataData = isHtml ? extractMetadata(parseHtml(req.body!), req.finalUrl, req.headers) : nonHtmlMetadata(req.finalUrl, req.headers);
  if (!req.includeContent) return { data };

  const readable = req.body !== null && (isHtml || req.bodyKind === 'text');
  if (!readable) {
    return { data: { ...data, content: null, word_count: null }, error: { code: 'unsupported_content_type' } };
  }
  const cleaned = cleanTask({
    body: req.body!,
    bodyKind: req.bodyKind as 'html' | 'xhtml' | 'text',
    finalUrl: req.finalUrl,
    profile: 'content',
    format: 'text',
    includeTitle: false,
    maxChars: CONTENT_MAX_CHARS,
  });
  if (!cleaned.ok) return { data: { ...data, content: null, word_count: null }, error: { code: 'no_content' } };
  return { data: { ...data, content: cleaned.content, word_count: cleaned.wordCount } };
}
