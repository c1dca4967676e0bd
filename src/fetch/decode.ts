// Bytes -> kind + text, the way a browser would read them (WHATWG Encoding and MIME Sniffing,
// simplified where the full algorithms only matter for scripts and images).
// Pure functions: the quality benchmark decodes saved pages with decodeBody too.
import { isAscii } from 'node:buffer';
import { GENERIC_BINARY_TYPES, kindFromMediaType, looksLikePdf } from './body-kind.js';
import { onceEncodedBytes } from './double-encoding.js';
import { rootIsHtml } from './xml-root.js';
import type { BodyKind } from './types.js';

export interface DecodedBody {
  kind: BodyKind;
  /** WHATWG encoding name used (e.g. 'utf-8', 'windows-1252', 'shift_jis'); null for binary. */
  charset: string | null;
  /** null for binary bodies: they are never decoded or handed to a parser. */
  text: string | null;
}

export interface MediaType {
  /** Lower-cased type/subtype, e.g. 'text/html'. */
  essence: string;
  /** Lower-cased parameter names; values unquoted. */
  params: Record<string, string>;
}

/** Parses a Content-Type value; null when it is absent or not type/subtype. */
export function parseContentType(value: string | null | undefined): MediaType | null {
  if (!value) return null;
  const [head, ...rest] = value.split(';');
  const essence = head!.trim().toLowerCase();
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/.test(essence)) return null;
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    const name = p.slice(0, eq).trim().toLowerCase();
    let v = p.slice(eq + 1).trim();
    if (v.startsWith('"')) v = v.slice(1, v.indexOf('"', 1) > 0 ? v.indexOf('"', 1) : undefined);
    if (name && !(name in params)) params[name] = v;
  }
  return { essence, params };
}

const HTML_STARTS = [
  '<!doctype html',
  '<html',
  '<head',
  '<script',
  '<iframe',
  '<h1',
  '<div',
  '<font',
  '<table',
  '<a',
  '<style',
  '<title',
  '<b',
  '<body',
  '<br',
  '<p',
  '<!--',
];

// Bytes that never appear in text (WHATWG "binary data byte"), plus well-known magic numbers.
function isBinaryByte(b: number): boolean {
  return b <= 0x08 || b === 0x0b || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f);
}
const MAGIC = [
  '%PDF-',
  '\x89PNG',
  'GIF8',
  '\xff\xd8\xff',
  'PK\x03\x04',
  '\x1f\x8b',
  'RIFF',
  'OggS',
  '\x00\x00\x01\x00',
];

/** What an unlabelled body is: 'html', 'xml', 'text' or 'binary' (first 1445 bytes, as WHATWG). */
export function sniffKind(bytes: Uint8Array): BodyKind {
  const bom = bomEncoding(bytes);
  const head = bytes.subarray(0, 1445);
  let s: string;
  if (bom === 'utf-16le' || bom === 'utf-16be') {
    s = new TextDecoder(bom).decode(head);
  } else {
    const latin = Buffer.from(head).toString('latin1');
    if (MAGIC.some((m) => latin.startsWith(m))) return 'binary';
    if (bom === null && head.some(isBinaryByte)) return 'binary';
    s = bom === 'utf-8' ? latin.slice(3) : latin;
  }
  const t = s.replace(/^[\t\n\f\r ]+/, '').toLowerCase();
  for (const p of HTML_STARTS) {
    if (t.startsWith(p)) {
      const next = t.charAt(p.length);
      if (p === '<!--' || next === ' ' || next === '>') return 'html';
    }
  }
  if (t.startsWith('<?xml')) return 'xml';
  return 'text';
}

/** The encoding named by a byte order mark, or null. */
export function bomEncoding(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

/** WHATWG encoding name for a label, or null for unknown labels (never throws). */
export function encodingForLabel(label: string | null | undefined): string | null {
  if (!label) return null;
  const l = label.trim().toLowerCase();
  if (l === 'x-user-defined') return 'windows-1252';
  try {
    return new TextDecoder(l).encoding;
  } catch {
    return null;
  }
}

/**
 * The <meta> prescan of the first 1024 bytes (WHATWG "prescan a byte stream", lite):
 * <meta charset=...> or <meta http-equiv=content-type content="...charset=...">, comments skipped.
 */
export function prescanMetaCharset(bytes: Uint8Array): string | null {
  return metaCharsetIn(
    Buffer.from(bytes.subarray(0, 1024))
      .toString('latin1')
      .replace(/<!--[\s\S]*?(?:-->|$)/g, ''),
  );
}

/** How far into the page a <meta> charset is still looked for when the prescan found none. */
const LATE_META_BYTES = 64 * 1024;

/**
 * A <meta> charset in the head past the prescan's 1024 bytes (after long comments, scripts or
 * an archive's injected banner). A browser's parser meets it while its encoding is still a
 * guess and changes to it (WHATWG "change the encoding"); so do we for bytes that are not
 * valid UTF-8 (detectCharset), up to the end of the head (the first <body>) and at most
 * LATE_META_BYTES. Comments, scripts and styles are skipped, so a meta tag written inside one
 * does not count.
 */
export function lateMetaCharset(bytes: Uint8Array): string | null {
  if (bytes.byteLength <= 1024) return null;
  let s = Buffer.from(bytes.subarray(0, LATE_META_BYTES)).toString('latin1');
  s = s.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, '');
  const body = s.search(/<body[\s>/]/i);
  return metaCharsetIn(body === -1 ? s : s.slice(0, body));
}

function metaCharsetIn(s: string): string | null {
  const metaRe = /<meta[\s/]([^>]*)>?/gi;
  for (let m = metaRe.exec(s); m; m = metaRe.exec(s)) {
    const attrs = parseAttributes(m[1]!);
    let label: string | null = null;
    if (attrs.charset !== undefined) label = attrs.charset;
    else if (attrs['http-equiv']?.toLowerCase() === 'content-type' && attrs.content) {
      const cm = /charset\s*=\s*["']?([^"'\s;]+)/i.exec(attrs.content);
      if (cm) label = cm[1]!;
    }
    const enc = encodingForLabel(label);
    if (enc) return enc === 'utf-16le' || enc === 'utf-16be' ? 'utf-8' : enc;
  }
  return null;
}

function parseAttributes(src: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s>]*)))?/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    const name = m[1]!.toLowerCase();
    if (!(name in out)) out[name] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

function xmlDeclEncoding(bytes: Uint8Array): string | null {
  const s = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const m = /^<\?xml[^>]*?encoding\s*=\s*["']([^"']+)["']/.exec(s);
  return m ? encodingForLabel(m[1]) : null;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    // stream: true tolerates a multi-byte sequence cut at the end (bodies cut at the size cap).
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The charset to decode with: BOM, then the Content-Type charset, then (HTML) the <meta>
 * prescan or (XML) the declaration, then utf-8 if the bytes are valid UTF-8, else windows-1252.
 * The last step is where we differ from the letter of WHATWG (which says windows-1252 for
 * unlabelled HTML): browsers add detection there, and unlabelled UTF-8 pages are common.
 * A <meta> later in the head than the prescan reaches is the weaker sign: it decides only
 * bytes that are not UTF-8 (pages saved again as UTF-8 keep their old late label).
 */
export function detectCharset(bytes: Uint8Array, kind: BodyKind, contentTypeCharset: string | null): string {
  return declaredCharset(bytes, kind, contentTypeCharset) ?? undeclaredCharset(bytes, kind);
}

/** The charset a BOM, the header or the first 1024 bytes declare; null when none does. */
function declaredCharset(head: Uint8Array, kind: BodyKind, contentTypeCharset: string | null): string | null {
  const bom = bomEncoding(head);
  if (bom) return bom;
  const fromHeader = encodingForLabel(contentTypeCharset);
  if (fromHeader) return fromHeader;
  if (kind === 'json') return 'utf-8';
  if (kind === 'html' || kind === 'xhtml') {
    const meta = prescanMetaCharset(head);
    if (meta) return meta;
  }
  if (kind === 'xml' || kind === 'xhtml') {
    const decl = xmlDeclEncoding(head);
    if (decl) return decl;
  }
  return null;
}

/** With no declaration: UTF-8 if the whole body is valid UTF-8, else a late `<meta>`'s, else windows-1252. */
function undeclaredCharset(bytes: Uint8Array, kind: BodyKind): string {
  if (isValidUtf8(bytes)) return 'utf-8';
  return ((kind === 'html' || kind === 'xhtml') && lateMetaCharset(bytes)) || 'windows-1252';
}

/**
 * Encodings that read every byte below 0x80 as that ASCII character (the stateful ISO-2022-JP,
 * whose escapes are ASCII bytes, and UTF-16 are not among them; nor Shift_JIS and IBM866, which
 * Node's decoders map 0x1A, 0x1C and 0x7F elsewhere): an all-ASCII body in one of them is its
 * own text, taken byte for byte without running a decoder.
 */
export const ASCII_COMPATIBLE: ReadonlySet<string> = new Set([
  'utf-8',
  'windows-1252',
  'windows-1250',
  'windows-1251',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'windows-874',
  'iso-8859-2',
  'iso-8859-3',
  'iso-8859-4',
  'iso-8859-5',
  'iso-8859-6',
  'iso-8859-7',
  'iso-8859-8',
  'iso-8859-8-i',
  'iso-8859-10',
  'iso-8859-13',
  'iso-8859-14',
  'iso-8859-15',
  'koi8-r',
  'koi8-u',
  'macintosh',
  'x-mac-cyrillic',
  'gbk',
  'gb18030',
  'big5',
  'euc-jp',
  'euc-kr',
]);

/** Whether `bytes` read as latin1 (one char per byte) is already their text in `charset`. */
export function isOwnText(bytes: Uint8Array, charset: string): boolean {
  return ASCII_COMPATIBLE.has(charset) && isAscii(bytes);
}

/**
 * Charsets whose text can be UTF-8 decoded once too often (double-encoding.ts): a page saved
 * again as UTF-8 after a Latin-1 reading, or UTF-8 bytes under a stale windows-1252 label.
 */
const MAY_BE_DOUBLE_ENCODED: ReadonlySet<string> = new Set(['utf-8', 'windows-1252']);

/**
 * Bytes -> string in a WHATWG encoding (non-fatal: bad bytes become U+FFFD; a matching BOM is
 * dropped); text that is double-encoded UTF-8 as a whole is read once more (double-encoding.ts),
 * unless `readAgain` is false: the bytes of a text that was decoded already (a rendered page's)
 * are that text, whatever it reads as.
 */
export function decodeText(bytes: Uint8Array, charset: string, readAgain = true): string {
  if (isOwnText(bytes, charset))
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const text = new TextDecoder(charset).decode(bytes);
  const once = readAgain && MAY_BE_DOUBLE_ENCODED.has(charset) ? onceEncodedBytes([text]) : null;
  return once === null ? text : new TextDecoder('utf-8').decode(once);
}

/**
 * Bytes of a page decoded longest into strings of no more than this many characters (at most
 * a few over the bytes they come from, the decoder's carry included): under 64 Ki characters,
 * so under 128 KiB even two bytes a character, the size from which V8 gives a string fresh
 * pages of its own (parse/page-pieces.ts).
 */
export const PIECE_BYTES = 60 * 1024;

/**
 * decodeText's text in pieces, cut from `bytes` every `pieceBytes` bytes; joined, the pieces
 * are exactly decodeText's string (a character whose bytes a cut splits comes whole in the
 * later piece: the decoder streams).
 */
export function decodePieces(bytes: Uint8Array, charset: string, pieceBytes = PIECE_BYTES, readAgain = true): string[] {
  const pieces = decodedPieces(bytes, charset, pieceBytes);
  const once = readAgain && MAY_BE_DOUBLE_ENCODED.has(charset) ? onceEncodedBytes(pieces) : null;
  return once === null ? pieces : decodedPieces(once, 'utf-8', pieceBytes);
}

function decodedPieces(bytes: Uint8Array, charset: string, pieceBytes: number): string[] {
  const pieces: string[] = [];
  const own = isOwnText(bytes, charset);
  const decoder = own ? null : new TextDecoder(charset);
  for (let at = 0; at < bytes.byteLength; at += pieceBytes) {
    const slice = bytes.subarray(at, Math.min(bytes.byteLength, at + pieceBytes));
    if (decoder === null) pieces.push(Buffer.from(slice.buffer, slice.byteOffset, slice.byteLength).toString('latin1'));
    else pieces.push(decoder.decode(slice, { stream: true }));
  }
  if (decoder !== null) pieces.push(decoder.decode());
  return pieces;
}

/** Decodes a (content-decoded) body given its Content-Type header value (or null). */
export function decodeBody(bytes: Uint8Array, contentType: string | null): DecodedBody {
  const { kind, charset } = describeBody(bytes, contentType);
  return { kind, charset, text: charset === null ? null : decodeText(bytes, charset) };
}

/** What describeBody reads of a body's first bytes: the kind sniff's 1445, the charset prescans' 1024. */
export const DESCRIBE_HEAD_BYTES = 2048;

/**
 * What decodeBody finds without decoding: the body's kind and charset (null: not text).
 * `bytes` is the body, or at least its first DESCRIBE_HEAD_BYTES with `whole` giving the rest:
 * the whole body is read only when no BOM, header, prescanned `<meta>` or XML declaration names
 * the charset (a large body kept in pieces is joined then).
 */
export function describeBody(
  bytes: Uint8Array,
  contentType: string | null,
  whole: () => Uint8Array = () => bytes,
): Omit<DecodedBody, 'text'> {
  const mt = parseContentType(contentType);
  let kind = mt ? kindFromMediaType(mt.essence) : sniffKind(bytes);
  if (kind === 'binary' && (!mt || GENERIC_BINARY_TYPES.has(mt.essence)) && looksLikePdf(bytes)) kind = 'pdf';
  if (kind === 'binary' || kind === 'pdf') return { kind, charset: null };
  // An XML document whose root is <html> is a web page written as XHTML (browsers render it as one).
  if (kind === 'xml' && rootIsHtml(bytes)) kind = 'xhtml';
  const declared = declaredCharset(bytes, kind, mt?.params.charset ?? null);
  return { kind, charset: declared ?? undeclaredCharset(whole(), kind) };
}
