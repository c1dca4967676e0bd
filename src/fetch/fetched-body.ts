// A fetched body whose text is decoded when first read. The cleaners and the metadata reader
// hand the bytes and the charset to a worker, which decodes there: the main thread, which
// serves every connection, does not spend a millisecond per 100 KB decoding text it never
// reads, and the bytes cross to the worker at half the size of the decoded UTF-16 string.
import { decodeText } from './decode.js';
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
  bytes: Uint8Array;
  charset: string;
}

/** The bytes and charset of a text body, for a worker to decode (null for binary bodies). */
export function encodedText(body: FetchedBody): EncodedText | null {
  if (body.charset === null) return null;
  const b = body.bytes;
  // Posting a view copies its whole ArrayBuffer: give the worker exactly the body.
  const bytes = b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : new Uint8Array(b);
  return { bytes, charset: body.charset };
}

export function taskText(t: TaskText): string {
  return typeof t === 'string' ? t : decodeText(t.bytes, t.charset);
}
