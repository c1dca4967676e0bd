// A page as a worker task carries it: its bytes in a buffer of their own, with their charset, which
// the pool moves to the worker thread (a transfer: no copy is made to post it) and the worker
// decodes. A fetched page comes so (a large one as the pieces its body came in, which the worker
// joins: fetch/kept-bytes.ts), and so does a large text that was already decoded (the page a
// browser rendered), as its UTF-8 bytes (posted-task.ts). A short decoded text goes as it is.
//
// A string crossing to a worker is copied on each side (V8's serializer), and a one-byte string of
// a page's bytes cost two copies more (made on the main thread, read back as bytes in the worker).
// On a 5 MiB page that was 39-45 ms of the main thread's CPU and 40-47 ms of the worker's, against
// 20-24 and 22-28 ms as bytes moved (one copy on each side; mostly the page faults of fresh
// memory, not the copying), and the strings grew the main thread's heap, which the main thread
// and V8's helper threads then collected (docs/admission.md).
import type { FetchedBody } from '../fetch/types.js';
import { decodePieces, decodeText, PIECE_BYTES } from '../fetch/decode.js';
import { bodyPieces } from '../fetch/fetched-body.js';
import { isWhole } from '../fetch/kept-bytes.js';

export interface PageBytes {
  /** The body's bytes, the whole of their ArrayBuffer (so that it can be moved to a worker). */
  bytes: Uint8Array;
  charset: string;
  /** The UTF-8 bytes of a text decoded already (textBytes): read back as they are, never read
   *  again as double-encoded, as the same text posted as a string is not. */
  decoded?: boolean;
}

/**
 * A large page as the pieces its body came in (fetch/kept-bytes.ts), each the whole of its own
 * ArrayBuffer: they all move to the worker, which joins them. The main thread copies nothing.
 */
export interface PagePieces {
  pieces: Uint8Array[];
  charset: string;
}

/** A page's text in any form a task carries: decoded, its bytes, or its bytes in pieces. */
export type PostedText = string | PageBytes | PagePieces;

/**
 * A text body's bytes for a task, with its charset (null for a binary body). The fetched buffer
 * itself goes when it is the caller's alone and the whole of its memory, so the pool moves it to
 * the worker with no copy; so do the pieces of a large body that was kept in pieces, unjoined; a
 * buffer someone else holds (`borrowed`) or that shares its memory (a small body cut from Node's
 * pool) is copied into one of its own first, so moving it empties nothing else.
 *
 * A fetched body is its caller's: the memory cache stores a copy of its own (cache/memory-cache.ts)
 * and the Redis cache a wire buffer. Borrowed are the bytes of an answer from the cache (the memory
 * cache's own buffer, or a view into Redis's answer) and bytes the caller still needs after posting
 * (the render step serves the fetched document to the browser).
 */
export function pageBytes(body: FetchedBody, borrowed: boolean): PageBytes | PagePieces | null {
  if (body.charset === null) return null;
  const pieces = borrowed ? null : bodyPieces(body);
  if (pieces) return { pieces, charset: body.charset };
  if (!borrowed && isWhole(body.bytes)) return { bytes: body.bytes, charset: body.charset };
  const bytes = new Uint8Array(body.bytes.length);
  bytes.set(body.bytes);
  return { bytes, charset: body.charset };
}

/**
 * A decoded text as its UTF-8 bytes, in a buffer of their own. Unpaired surrogates (not text)
 * become U+FFFD on the way, as in any UTF-8.
 */
export function textBytes(text: string): PageBytes {
  const utf8 = Buffer.from(text, 'utf8');
  // Node gives a text of 4 KiB or more a buffer of its own; a shorter one is cut from its pool.
  return { bytes: isWhole(utf8) ? utf8 : new Uint8Array(utf8), charset: 'utf-8', decoded: true };
}

/** The page's bytes in one buffer: its pieces joined (in the worker that reads them). */
export function postedBytes(text: PageBytes | PagePieces): Uint8Array {
  if ('bytes' in text) return text.bytes;
  const joined = new Uint8Array(piecesLength(text.pieces));
  let at = 0;
  for (const piece of text.pieces) {
    joined.set(piece, at);
    at += piece.byteLength;
  }
  return joined;
}

/** The page's text, decoded from its bytes when it came as bytes (in the worker that reads it). */
export function postedText(text: PostedText): string {
  return typeof text === 'string' ? text : decodeText(postedBytes(text), text.charset, !wasDecoded(text));
}

/** Whether the page came as the bytes of a text decoded already (textBytes). */
export function wasDecoded(text: PageBytes | PagePieces): boolean {
  return 'bytes' in text && text.decoded === true;
}

/**
 * Pages of more bytes than this are decoded whole. In pieces, a page's text passes through the
 * young generation into old space, whose pages a worker keeps after the page is done; whole, it
 * lives in large-object space, which V8 gives back as soon as the string dies. For a page of
 * megabytes that is what bounds the service's peak (`bench:soak`, 5 MiB pages: 403-411 MiB in
 * pieces against 376 whole), and its first-touch faults are small beside its parse.
 */
export const PIECES_MAX_BYTES = 1024 * 1024;

/**
 * The page's text in pieces of under 128 KiB each when it came as bytes of up to
 * PIECES_MAX_BYTES (parse/page-pieces.ts says why), else in one: the one text it came as (a
 * short one: posted-task.ts) or a large page's.
 */
export function postedPieces(text: PostedText): string[] {
  if (typeof text === 'string') return [text];
  const bytes = postedBytes(text);
  const readAgain = !wasDecoded(text);
  if (bytes.byteLength > PIECES_MAX_BYTES) return [decodeText(bytes, text.charset, readAgain)];
  return decodePieces(bytes, text.charset, PIECE_BYTES, readAgain);
}

/** Characters (or bytes, before decoding) of a page as posted. */
export function postedLength(text: PostedText): number {
  if (typeof text === 'string') return text.length;
  return 'bytes' in text ? text.bytes.byteLength : piecesLength(text.pieces);
}

/** The buffers to move with a task's page: its bytes' own ArrayBuffers, if it came as bytes. */
export function movedBuffers(text: PostedText | null): ArrayBuffer[] {
  if (text === null || typeof text === 'string') return [];
  // Only a buffer that is the page alone: moving a shared one would empty what else it holds.
  const views = 'bytes' in text ? [text.bytes] : text.pieces;
  return [...new Set(views.filter(isWhole).map((v) => v.buffer as ArrayBuffer))];
}

function piecesLength(pieces: Uint8Array[]): number {
  let n = 0;
  for (const piece of pieces) n += piece.byteLength;
  return n;
}
