// A fetched body whose text is decoded when first read. The cleaners and the metadata reader
// hand the bytes and the charset to a worker, which decodes there: the main thread, which
// serves every connection, does not spend a millisecond per 100 KB decoding text it never
// reads, and the bytes cross to the worker at half the size of the decoded UTF-16 string.
import { decodeText, isOwnText } from './decode.js';
import type { BodyKind, FetchedBody } from './types.js';

export function fetchedBody(bytes: Buffer, kind: BodyKind, charset: string | null): FetchedBody {
  let text: string | null | undefined;
  return {
    bytes,
    kind,
    charset,
    // An own enumerable getter: spreading or serialising the body still yields the text.
    get text() {
      if (text === undefined) text = charset === null ? null : decodeText(bytes, charset);
      return text;
    },
  };
}

/** The text of a page as a worker task receives it: decoded, or the bytes to decode there. */
export type TaskText = string | EncodedText;

export interface EncodedText {
  /**
   * The body's bytes as a one-byte string (each char one byte, 'latin1'). Posting a string to a
   * worker costs a tenth of posting the same bytes as a typed array (no backing store to
   * allocate and copy on each side): measured 0.07 ms against 0.3-0.6 ms per 100 KB.
   */
  binary: string;
  charset: string;
}

/** The bytes and charset of a text body, for a worker to decode (null for binary bodies). */
export function encodedText(body: FetchedBody): EncodedText | null {
  if (body.charset === null) return null;
  return { binary: body.bytes.toString('latin1'), charset: body.charset };
}

/**
 * Strings of at least this many characters cross to a worker as their UTF-8 bytes (see
 * compactText); shorter ones are posted as they are, which is cheap at that size.
 */
export const COMPACT_MIN_CHARS = 64 * 1024;

/**
 * A page text that was already decoded (browser-rendered HTML, direct calls), in the form a
 * worker task carries: a large one as its UTF-8 bytes, like a fetched body. A two-byte string
 * (one character outside Latin-1 makes V8 store two bytes a character) is copied through V8's
 * serializer on the main thread, which took 110 to 390 ms for 5 MiB on the loaded machine
 * (docs/admission.md, "Memory"); its UTF-8 bytes are at most half the size, posted as a one-byte
 * string. Unpaired surrogates (not text) become U+FFFD on the way, as in any UTF-8.
 */
export function compactText(text: string): TaskText {
  if (text.length < COMPACT_MIN_CHARS) return text;
  return { binary: Buffer.from(text, 'utf8').toString('latin1'), charset: 'utf-8' };
}

export function taskText(t: TaskText): string {
  if (typeof t === 'string') return t;
  const bytes = Buffer.from(t.binary, 'latin1');
  // An all-ASCII body (most English pages) is its own text: the string that came is the answer.
  return isOwnText(bytes, t.charset) ? t.binary : decodeText(bytes, t.charset);
}
