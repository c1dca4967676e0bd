// PDF -> what the cleaners and the metadata fetcher return, in two steps: the file is read and
// laid out in a PDF process under its memory limit (readPdfBlocks, pdf-read-blocks.ts,
// pdf-processes.ts), then rendered in a worker thread (renderPdf); the pool's time budget covers
// both from when a PDF process takes the file, page count and text wanted bound the reading
// further. Text comes out of the same block model and renderers as HTML.
import type { PdfInfo } from '../extract/pdf/pdf-read.js';
import { renderAsAsked } from '../render/render.js';
import { readPdfBlocks, type PdfRead, type PdfReadError, type PdfRequest } from './pdf-read-blocks.js';

export { readPdfBlocks, type PdfRead, type PdfRequest } from './pdf-read-blocks.js';

export interface PdfResult {
  /** Set when the file gave no text: encrypted, broken, or no text layer. */
  error: PdfReadError | null;
  /** The document info's title, else the first heading line; '' when neither. */
  title: string;
  info: PdfInfo | null;
  pages: number | null;
  content: string | null;
  wordCount: number;
  /** Content cut at max_chars or max_tokens, or pages left out (page cap). */
  truncated: boolean;
  /** Tokens of content in the requested encoding. */
  tokens: number;
  /** Where the next part begins, or null. */
  nextStart: number | null;
}

/** The part of a PdfRequest that rendering needs (no bytes). */
export type PdfRenderOptions = Omit<PdfRequest, 'bytes' | 'giveBytes' | 'maxPages'>;

/** The whole task in one place (tests, benchmarks): read, then render. */
export async function pdfTask(req: PdfRequest): Promise<PdfResult> {
  return renderPdf(await readPdfBlocks(req), req);
}

/** A read PDF -> the answer: its blocks rendered in the requested format, cut, counted. */
export function renderPdf(read: PdfRead, req: PdfRenderOptions): PdfResult {
  const { error, title, info, pages } = read;
  const none = { content: null, wordCount: 0, truncated: false, tokens: 0, nextStart: null };
  if (!read.blocks) return { error, title, info, pages, ...none };
  const rendered = renderAsAsked(read.blocks, title, req);
  return {
    error,
    title,
    info,
    pages,
    content: rendered.content,
    wordCount: rendered.wordCount,
    // Pages left out (page cap) are missing from the last part only.
    truncated: rendered.truncated || (read.truncated && rendered.nextStart === null),
    tokens: rendered.tokens,
    nextStart: rendered.nextStart,
  };
}
