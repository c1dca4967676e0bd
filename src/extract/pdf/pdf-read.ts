// PDF bytes -> document info, page count and laid-out blocks, with pdf.js (through unpdf's
// serverless build: pure JavaScript, no native code, no worker of its own, no network: fonts
// and character maps are never fetched). Runs in a PDF process (src/workers/pdf-processes.ts)
// under a memory limit and the worker pool's time budget; here the page count and the text
// wanted bound the work too.
import { looksLikePdf } from '../../fetch/body-kind.js';
import { layoutPdf, type OutlineEntry, type PdfLayout, type PdfPageText } from './pdf-layout.js';
import { pdfDate } from './pdf-date.js';

export interface PdfInfo {
  title: string | null;
  author: string | null;
  subject: string | null;
  keywords: string[];
  language: string | null;
  /** ISO 8601 with the offset the file declares, or null. */
  created: string | null;
  modified: string | null;
}

export type PdfRead =
  | { ok: true; info: PdfInfo; pages: number; pagesRead: number; layout: PdfLayout; truncated: boolean }
  | {
      ok: false;
      reason: 'encrypted' | 'broken' | 'no_text';
      message: string;
      info: PdfInfo | null;
      pages: number | null;
    };

export interface PdfReadLimits {
  /** Pages read at most; later pages are left out (truncated). */
  maxPages: number;
  /** Stop reading pages once this much text was gathered (truncated). */
  maxChars: number;
  /**
   * The caller gives the bytes away: pdf.js takes (detaches) them instead of a copy, which
   * saves a copy of the file in a process with a memory limit. @default false
   */
  giveBytes?: boolean;
}

const EMPTY_INFO: PdfInfo = {
  title: null,
  author: null,
  subject: null,
  keywords: [],
  language: null,
  created: null,
  modified: null,
};
/** Outline entries read at most: a title is matched against each paragraph. */
const MAX_OUTLINE = 2000;
/**
 * pdf.js keeps every page it has read (its dictionaries, resources, fonts) until the document is
 * cleaned up: about 70 KB a page of a plain text book, so a 500-page read held 49 MiB of heap
 * where the text itself took 1.5 MiB, and a PDF process needed a 96 MiB limit for it. Cleaning up
 * after every so many pages keeps the heap near its start (18 MiB there); a font used again is
 * parsed again, which cost no measurable time on the 500-page book (bench/pdf-memory.ts).
 */
const CLEANUP_EVERY_PAGES = 25;

export async function readPdf(bytes: Uint8Array, limits: PdfReadLimits): Promise<PdfRead> {
  if (!looksLikePdf(bytes)) return broken('The file is not a PDF (no %PDF- header).');
  // A complete file ends with %%EOF; without it the file was cut (pdf.js would patch together
  // whatever pages it can find, passing a fragment off as the document).
  const tail = Buffer.from(
    bytes.buffer,
    bytes.byteOffset + Math.max(0, bytes.byteLength - 2048),
    Math.min(2048, bytes.byteLength),
  ).toString('latin1');
  if (!tail.includes('%%EOF')) return broken('The PDF is truncated: it ends before its end-of-file marker.');

  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given, and wants a plain
    // Uint8Array over its own ArrayBuffer: hand it a copy, the caller's bytes stay usable,
    // unless the caller gives them away.
    const own = limits.giveBytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    pdf = await getDocumentProxy(own ? bytes : new Uint8Array(bytes), {
      useSystemFonts: false,
      disableFontFace: true,
      stopAtErrors: false,
      verbosity: 0,
      // unpdf points these at pdfjs-dist's files when that package is installed: no font or
      // character map is ever loaded, whatever else the tree holds.
      standardFontDataUrl: undefined,
      cMapUrl: undefined,
    });
  } catch (err) {
    const name = (err as { name?: string } | null)?.name ?? '';
    if (name === 'PasswordException')
      return {
        ok: false,
        reason: 'encrypted',
        message: 'The PDF is encrypted: it needs a password to be opened.',
        info: null,
        pages: null,
      };
    return broken(`The PDF is broken and could not be read (${(err as Error)?.message ?? String(err)}).`.slice(0, 300));
  }
  try {
    const pages = pdf.numPages;
    const info = await readInfo(pdf);
    const outline = await readOutline(pdf);
    const texts: PdfPageText[] = [];
    let chars = 0;
    let truncated = false;
    for (let n = 1; n <= pages; n++) {
      if (n > limits.maxPages || chars > limits.maxChars) {
        truncated = true;
        break;
      }
      const page = await pdf.getPage(n);
      try {
        const viewport = page.getViewport({ scale: 1 });
        const content = await page.getTextContent();
        const runs: PdfPageText['runs'] = [];
        for (const item of content.items) {
          if (!('str' in item) || !item.str) continue;
          const [a, b, c, d, e, f] = item.transform as number[];
          runs.push({
            str: item.str,
            x: e!,
            y: f!,
            width: item.width,
            fontSize: Math.hypot(c!, d!) || Math.hypot(a!, b!) || item.height,
          });
          chars += item.str.length;
        }
        texts.push({ width: viewport.width, height: viewport.height, runs });
      } finally {
        page.cleanup();
      }
      if (n % CLEANUP_EVERY_PAGES === 0) await pdf.cleanup();
    }
    const layout = layoutPdf(texts, outline);
    if (layout.chars === 0) {
      return {
        ok: false,
        reason: 'no_text',
        message: 'The PDF has no text layer (scanned pages or images only); urlkit does not run OCR.',
        info,
        pages,
      };
    }
    return { ok: true, info, pages, pagesRead: texts.length, layout, truncated };
  } catch (err) {
    return broken(`The PDF is broken and could not be read (${(err as Error)?.message ?? String(err)}).`.slice(0, 300));
  } finally {
    await pdf.loadingTask.destroy().catch(() => {});
  }
}

function broken(message: string): PdfRead {
  return { ok: false, reason: 'broken', message, info: null, pages: null };
}

async function readInfo(pdf: { getMetadata(): Promise<{ info: unknown }> }): Promise<PdfInfo> {
  let raw: Record<string, unknown>;
  try {
    raw = ((await pdf.getMetadata()).info ?? {}) as Record<string, unknown>;
  } catch {
    return EMPTY_INFO;
  }
  const str = (k: string): string | null => {
    const v = raw[k];
    if (typeof v !== 'string') return null;
    // Info strings may carry NULs and control characters from broken encoders.
    const s = v
      // eslint-disable-next-line no-control-regex -- the control characters are what it removes
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return s || null;
  };
  const keywords = str('Keywords');
  return {
    title: str('Title'),
    author: str('Author'),
    subject: str('Subject'),
    keywords: keywords
      ? [
          ...new Set(
            keywords
              .split(/[,;]/)
              .map((k) => k.trim())
              .filter(Boolean),
          ),
        ]
      : [],
    language: str('Language'),
    created: pdfDate(str('CreationDate')),
    modified: pdfDate(str('ModDate')),
  };
}

interface OutlineNode {
  title: string;
  items?: OutlineNode[];
}

async function readOutline(pdf: { getOutline(): Promise<unknown> }): Promise<OutlineEntry[]> {
  let nodes: OutlineNode[] | null;
  try {
    nodes = (await pdf.getOutline()) as OutlineNode[] | null;
  } catch {
    return [];
  }
  const out: OutlineEntry[] = [];
  const stack: Array<{ node: OutlineNode; depth: number }> = (nodes ?? [])
    .map((node) => ({ node, depth: 0 }))
    .reverse();
  while (stack.length && out.length < MAX_OUTLINE) {
    const { node, depth } = stack.pop()!;
    if (typeof node.title === 'string' && node.title.trim()) out.push({ title: node.title.trim(), depth });
    const kids = node.items ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i]!, depth: depth + 1 });
  }
  return out;
}
