// PDF -> what the cleaners and the metadata fetcher return, in two steps: the file is read and
// laid out in a PDF process under its memory limit (readPdfBlocks, pdf-processes.ts), then
// rendered in a worker thread (renderPdf); the pool's time budget covers both, page count and
// text wanted bound the reading further. Text comes out of the same block model and renderers as
// HTML.
import type { Block } from '../extract/blocks.js';
import { readPdf, type PdfInfo } from '../extract/pdf/pdf-read.js';
import { renderBlocks, type OutputFormat } from '../render/render.js';
import type { PartOptions } from './clean-document.js';

export interface PdfRequest extends PartOptions {
  bytes: Uint8Array;
  /** Pages read at most (config maxPdfPages). */
  maxPages: number;
  /** Output: the cleaners' format, title line and limit; metadata asks for text without title. */
  format: OutputFormat;
  includeTitle: boolean;
  /** false: only the document info and page count are wanted (metadata without content). */
  wantText: boolean;
  /** The bytes are the task's to give to pdf.js (pdf-read.ts `giveBytes`). @default false */
  giveBytes?: boolean;
}

export interface PdfResult {
  /** Set when the file gave no text: encrypted, broken, or no text layer. */
  error: { code: 'no_content'; reason: 'encrypted' | 'broken' | 'no_text'; message: string } | null;
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

/** Info titles that name a file or a template rather than the document. */
const JUNK_TITLE =
  // eslint-disable-next-line max-len -- one regex literal, so the regexp rules can check it whole
  /^(?:untitled|title|document\d*|microsoft (?:word|powerpoint|excel) - .*|.*\.(?:docx?|pdf|tex|dvi|indd|pptx?|xlsx?|odt|rtf|qxd|ps))$/i;

/** What a PDF process sends back: the document read and laid out, before rendering. */
export interface PdfRead {
  error: PdfResult['error'];
  title: string;
  info: PdfInfo | null;
  pages: number | null;
  /** The laid-out blocks, less a first heading that repeats the title; null when only info is wanted, or on error. */
  blocks: Block[] | null;
  /** Pages left out (page cap or text enough). */
  truncated: boolean;
}

/** The part of a PdfRequest that rendering needs (no bytes). */
export type PdfRenderOptions = Omit<PdfRequest, 'bytes' | 'giveBytes' | 'maxPages'>;

/** The whole task in one place (tests, benchmarks): read, then render. */
export async function pdfTask(req: PdfRequest): Promise<PdfResult> {
  return renderPdf(await readPdfBlocks(req), req);
}

/**
 * The part that touches the file's bytes (pdf.js: decoding, fonts, layout), run in a PDF
 * process under its memory limit. Rendering and token counting (the tokenizer's tables cost
 * about 60 MiB) run in a worker thread afterwards: renderPdf.
 */
export async function readPdfBlocks(req: PdfRequest): Promise<PdfRead> {
  // Metadata without content still reads one page: the first heading may be the title. With
  // text, pages stop a little past max_chars (running heads dropped later may shorten it).
  const read = await readPdf(req.bytes, {
    maxPages: req.wantText ? req.maxPages : 1,
    maxChars: req.wantText ? Math.ceil(((req.start ?? 0) + req.maxChars) * 1.2) + 10_000 : 0,
    giveBytes: req.giveBytes,
  });
  if (!read.ok)
    return {
      error: { code: 'no_content', reason: read.reason, message: read.message },
      title: usableTitle(read.info?.title) ?? '',
      info: read.info,
      pages: read.pages,
      blocks: null,
      truncated: false,
    };
  const title = usableTitle(read.info.title) ?? read.layout.firstHeading ?? '';
  if (!req.wantText) return { error: null, title, info: read.info, pages: read.pages, blocks: null, truncated: false };
  let blocks: Block[] = read.layout.blocks;
  const first = blocks[0];
  // The title is the first line when asked for; a first heading that repeats it goes.
  if (first?.type === 'heading' && first.children[0]?.type === 'text' && fold(first.children[0].text) === fold(title))
    blocks = blocks.slice(1);
  return { error: null, title, info: read.info, pages: read.pages, blocks, truncated: read.truncated };
}

/** A read PDF -> the answer: its blocks rendered in the requested format, cut, counted. */
export function renderPdf(read: PdfRead, req: PdfRenderOptions): PdfResult {
  const { error, title, info, pages } = read;
  const none = { content: null, wordCount: 0, truncated: false, tokens: 0, nextStart: null };
  if (!read.blocks) return { error, title, info, pages, ...none };
  const rendered = renderBlocks(read.blocks, {
    format: req.format,
    title: req.includeTitle ? title : null,
    maxChars: req.maxChars,
    maxTokens: req.maxTokens,
    tokenEncoding: req.tokenEncoding,
    start: req.start,
  });
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

function usableTitle(t: string | null | undefined): string | null {
  if (!t || JUNK_TITLE.test(t.trim())) return null;
  return t.trim();
}

function fold(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}
