// What kind of body a response is, by its media type (and, for a PDF or a markdown file served
// under a generic type, its path or first bytes): what decides how it is read (decode.ts) and which
// tools read it.
import type { BodyKind } from './types.js';

export function kindFromMediaType(essence: string): BodyKind {
  if (essence === 'text/html') return 'html';
  if (essence === 'application/xhtml+xml') return 'xhtml';
  if (PLAIN_TEXT_TYPES.has(essence)) return 'text';
  if (MARKDOWN_TYPES.has(essence)) return 'markdown';
  if (essence.endsWith('/json') || essence.endsWith('+json')) return 'json';
  if (essence.endsWith('/xml') || essence.endsWith('+xml')) return 'xml';
  if (PDF_TYPES.has(essence)) return 'pdf';
  return 'binary';
}

/** A web page, which a browser could render otherwise (a text or markdown document it would not). */
export function isWebPage(kind: BodyKind): boolean {
  return kind === 'html' || kind === 'xhtml';
}

/** Plain text at a path that names a markdown file (`README.md`, as code hosts serve raw files; a
 *  site's `llms.txt` and `llms-full.txt`, which llmstxt.org defines as markdown) is markdown: read
 *  as such, its links are links and its syntax is not text. */
export function kindAtPath(kind: BodyKind, pathname: string): BodyKind {
  return kind === 'text' && MARKDOWN_PATH.test(pathname) ? 'markdown' : kind;
}

const MARKDOWN_PATH = /\.(?:md|markdown)$|\/llms(?:-full)?\.txt$/i;

/**
 * A file compressed whole with gzip, served as a gzip file, as any file or with no type: what it holds is
 * read, its `type` the media type its name gives under `.gz` (`sitemap.xml.gz`, `prices.csv.gz`), or null
 * for a name that gives none (`sitemap1.gz`): then its first bytes say, as for a response with no type.
 * Null for any other response: a name under `.gz` that is no document read here (`backup.tar.gz`), and a
 * server that sends the inner type with `Content-Encoding: gzip` (HTTP's own case, decoded as every
 * content encoding is).
 */
export function gzippedFile(essence: string | null, pathname: string): { type: string | null } | null {
  if (essence !== null && !GZIP_TYPES.has(essence) && !GENERIC_BINARY_TYPES.has(essence)) return null;
  const name = GZIPPED_NAME.exec(pathname.slice(pathname.lastIndexOf('/') + 1));
  if (!name) return null;
  const inner = name[1]?.toLowerCase();
  if (inner === undefined) return { type: null };
  const type = GZIPPED_INNER_TYPES.get(inner);
  return type === undefined ? null : { type };
}

/** A file name under `.gz`, with the extension before it if it has one. */
const GZIPPED_NAME = /(?:\.([a-z]{2,8}))?\.gz$/i;

/** RFC 6713's type and the older names servers still send. */
const GZIP_TYPES = new Set([
  'application/gzip',
  'application/x-gzip',
  'application/x-gunzip',
  'application/gzip-compressed',
  'application/x-gzip-compressed',
]);

/** The documents read here that sites publish gzipped (sitemaps above all), by their file name's extension. */
const GZIPPED_INNER_TYPES = new Map([
  ['xml', 'application/xml'],
  ['rss', 'application/rss+xml'],
  ['atom', 'application/atom+xml'],
  ['json', 'application/json'],
  ['txt', 'text/plain'],
  ['csv', 'text/csv'],
  ['tsv', 'text/tab-separated-values'],
  ['md', 'text/markdown'],
  ['markdown', 'text/markdown'],
  ['html', 'text/html'],
  ['htm', 'text/html'],
]);

/** Text read as it is: plain text, and data written as lines of text (CSV, tab-separated values). */
const PLAIN_TEXT_TYPES = new Set(['text/plain', 'text/csv', 'text/tab-separated-values']);

/** RFC 7763's type, and the unregistered one some servers still send. */
const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown']);

const PDF_TYPES = new Set([
  'application/pdf',
  'application/x-pdf',
  'application/acrobat',
  'applications/vnd.pdf',
  'text/pdf',
]);

/** Types servers label any file with: a body of these types that starts with %PDF- is a PDF. */
export const GENERIC_BINARY_TYPES = new Set([
  'application/octet-stream',
  'binary/octet-stream',
  'application/download',
  'application/force-download',
  'application/x-download',
]);

/** True when the bytes start like a PDF file (the header may follow up to 1 KB of junk). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

/** Whether a response of this media type (null: none) may be a PDF, so the PDF byte cap applies. */
export function mayBePdf(essence: string | null): boolean {
  return essence === null || PDF_TYPES.has(essence) || GENERIC_BINARY_TYPES.has(essence);
}
