// The part of a PDF task that touches the file's bytes: pdf.js reads it and the blocks are laid
// out (readPdfBlocks), in a PDF process under its memory limit (pdf-processes.ts). It imports
// nothing of the renderers or the tokenizer (pdf-task.ts renders in a worker thread), so the
// process that runs it loads only pdf.js and the layout: the render chain cost each PDF process
// 6 MiB of its data segment and 11 MiB of resident memory before it read anything.
import type { Block } from '../extract/blocks.js';
import { readPdf, type PdfInfo } from '../extract/pdf/pdf-read.js';
import type { OutputFormat } from '../render/render.js';
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

/** Why a PDF gave no text: encrypted, broken, or no text layer. */
export interface PdfReadError {
  code: 'no_content';
  reason: 'encrypted' | 'broken' | 'no_text';
  message: string;
}

/** Info titles that name a file or a template rather than the document. */
const JUNK_TITLE =
  // eslint-disable-next-line max-len -- one regex literal, so the regexp rules can check it whole
  /^(?:untitled|title|document\d*|microsoft (?:word|powerpoint|excel) - .*|.*\.(?:docx?|pdf|tex|dvi|indd|pptx?|xlsx?|odt|rtf|qxd|ps))$/i;

/** What a PDF process sends back: the document read and laid out, before rendering. */
export interface PdfRead {
  error: PdfReadError | null;
  title: string;
  info: PdfInfo | null;
  pages: number | null;
  /** The laid-out blocks, less a first heading that repeats the title; null when only info is wanted, or on error. */
  blocks: Block[] | null;
  /** Pages left out (page cap or text enough). */
  truncated: boolean;
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

function usableTitle(t: string | null | undefined): string | null {
  if (!t || JUNK_TITLE.test(t.trim())) return null;
  return t.trim();
}

function fold(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}
