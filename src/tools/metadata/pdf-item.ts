// get_url_metadata for a PDF: the document info (title, author, subject, keywords, language,
// creation and modification dates) and the page count from the PDF worker task, over what the
// headers and the URL tell. With include_content, the text as clean_web_content gives it
// (text format, no title line).
import { ItemFailure, itemError } from '../../errors/codes.js';
import { nonHtmlMetadata } from '../../extract/metadata/index.js';
import type { FetchResult } from '../../fetch/types.js';
import type { WorkerPool } from '../../workers/pool.js';
import { CONTENT_MAX_CHARS } from '../../workers/metadata-task.js';
import type { ToolItem } from '../types.js';
import type { TokenEncoding } from '../../render/token-count.js';

export interface PdfItemOptions {
  includeContent: boolean;
  maxTokens?: number | null;
  tokenEncoding?: TokenEncoding;
  maxPdfPages: number;
  maxPdfBytes: number;
}

export async function pdfMetadataItem(
  res: FetchResult,
  meta: ToolItem['meta'],
  options: PdfItemOptions,
  pool: WorkerPool,
  signal: AbortSignal,
  /** Epoch ms by which the task must have a worker (the URL's deadline). */
  startBy?: number,
): Promise<ToolItem> {
  const base: Record<string, unknown> = { ...nonHtmlMetadata(res.finalUrl, res.headers), pages: null };
  const withContent = (d: Record<string, unknown>) =>
    options.includeContent ? { ...d, content: null, word_count: null } : d;
  const bytes = res.body!.bytes;
  if (res.truncated) {
    const message = `The PDF is larger than the PDF size limit (${options.maxPdfBytes} bytes, URLKIT_MAX_PDF_BYTES).`;
    return { data: withContent(base), meta: { ...meta, error: itemError('response_too_large', message) } };
  }
  let result;
  try {
    result = await pool.run(
      {
        kind: 'pdf',
        input: {
          bytes,
          maxPages: options.maxPdfPages,
          format: 'text',
          includeTitle: false,
          maxChars: CONTENT_MAX_CHARS,
          maxTokens: options.maxTokens,
          tokenEncoding: options.tokenEncoding,
          start: 0,
          wantText: options.includeContent,
        },
      },
      { signal, startBy },
    );
  } catch (err) {
    // Over the time budget: this item's failure. A dead worker fails the chunk (as for HTML).
    if (err instanceof ItemFailure && !signal.aborted)
      return { data: withContent(base), meta: { ...meta, error: err.toItemError() } };
    throw err;
  }
  const info = result.info;
  const data: Record<string, unknown> = {
    ...base,
    title: result.title || base.title,
    description: info?.subject ?? '',
    author: info?.author ?? null,
    published_at: info?.created ?? null,
    modified_at: info?.modified ?? base.modified_at,
    lang: info?.language ?? base.lang,
    keywords: info?.keywords ?? [],
    pages: result.pages,
  };
  if (result.error)
    return { data: withContent(data), meta: { ...meta, error: itemError('no_content', result.error.message) } };
  if (!options.includeContent) return { data, meta };
  return {
    data: { ...data, content: result.content, word_count: result.wordCount },
    meta: { ...meta, tokens: result.tokens, truncated: result.truncated },
  };
}
