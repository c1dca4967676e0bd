// A fetched body whose text is decoded when first read. The cleaners and the metadata reader
// hand the bytes and the charset to a worker, which decodes there (workers/page-bytes.ts): the
// main thread, which serves every connection, does not spend a millisecond per 100 KB decoding
// text it never reads, and the bytes cross to the worker at half the size of the decoded UTF-16
// string. A large body kept in the pieces it came in (kept-bytes.ts) is joined into one buffer
// only if something asks for `bytes`; a tool that posts the page takes the pieces instead
// (bodyPieces), so the main thread never copies it.
import { decodeText } from './decode.js';
import { ownCopy, type KeptBytes } from './kept-bytes.js';
import type { BodyKind, FetchedBody } from './types.js';

const keptOf = new WeakMap<FetchedBody, KeptBytes>();

export function fetchedBody(bytes: Buffer | KeptBytes, kind: BodyKind, charset: string | null): FetchedBody {
  let text: string | null | undefined;
  const kept = Buffer.isBuffer(bytes) ? null : bytes;
  const body: FetchedBody = {
    // An own enumerable getter: spreading or serialising the body still yields the bytes.
    get bytes() {
      return kept ? kept.whole() : (bytes as Buffer);
    },
    kind,
    charset,
    // An own enumerable getter: spreading or serialising the body still yields the text.
    get text() {
      if (text === undefined) text = charset === null ? null : decodeText(body.bytes, charset);
      return text;
    },
  };
  if (kept) keptOf.set(body, kept);
  return body;
}

/**
 * The body's pieces to move to a worker, if it was kept in pieces and nothing has joined them
 * (kept-bytes.ts); null otherwise. The body is the worker's after this: its bytes are not read again.
 */
export function bodyPieces(body: FetchedBody): Buffer[] | null {
  return keptOf.get(body)?.takePieces() ?? null;
}

/** The body's first `n` bytes (all, when shorter), without joining its pieces; may share its memory. */
export function bodyHead(body: FetchedBody, n: number): Buffer {
  return keptOf.get(body)?.head(n) ?? body.bytes.subarray(0, n);
}

/** The body's length in bytes, without joining its pieces. */
export function bodyLength(body: FetchedBody): number {
  return keptOf.get(body)?.length ?? body.bytes.length;
}

/** A copy of the body's bytes in memory of its own (a large body's pieces copied, not joined first). */
export function bodyCopy(body: FetchedBody): Buffer {
  const kept = keptOf.get(body);
  return kept ? kept.copy() : ownCopy(body.bytes);
}
