// A page as a worker task carries it: its bytes in a buffer of their own, with their charset, which
// the pool moves to the worker thread (a transfer: no copy is made to post it) and the worker
// decodes. A fetched page comes so, and so does a large text that was already decoded (the page a
// browser rendered), as its UTF-8 bytes (posted-task.ts). A short decoded text goes as it is.
//
// A string crossing to a worker is copied on each side (V8's serializer), and a one-byte string of
// a page's bytes cost two copies more (made on the main thread, read back as bytes in the worker).
// On a 5 MiB page that was 39-45 ms of the main thread's CPU and 40-47 ms of the worker's, against
// 20-24 and 22-28 ms as bytes moved (one copy on each side; mostly the page faults of fresh
// memory, not the copying), and the strings grew the main thread's heap, which the main thread
// and V8's helper threads then collected (docs/admission.md).
import type { FetchedBody } from '../fetch/types.js';
import { decodePieces, decodeText } from '../fetch/decode.js';

export interface PageBytes {
  /** The body's bytes, the whole of their ArrayBuffer (so that it can be moved to a worker). */
  bytes: Uint8Array;
  charset: string;
}

/** A page's text in either form a task carries: decoded, or its bytes. */
export type PostedText = string | PageBytes;

export function isPageBytes(text: PostedText): text is PageBytes {
  return typeof text !== 'string';
}

/**
 * A text body's bytes for a task, with its charset (null for a binary body). The fetched buffer
 * itself goes when it is the caller's alone and the whole of its memory, so the pool moves it to
 * the worker with no copy; a buffer someone else holds (`borrowed`) or that shares its memory
 * (a small body cut from Node's pool) is copied into one of its own first, so moving it empties
 * nothing else.
 *
 * A fetched body is its caller's: the memory cache stores a copy of its own (cache/memory-cache.ts)
 * and the Redis cache a wire buffer. Borrowed are the bytes of an answer from the cache (the memory
 * cache's own buffer, or a view into Redis's answer) and bytes the caller still needs after posting
 * (the render step serves the fetched document to the browser).
 */
export function pageBytes(body: FetchedBody, borrowed: boolean): PageBytes | null {
  if (body.charset === null) return null;
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
  return { bytes: isWhole(utf8) ? utf8 : new Uint8Array(utf8), charset: 'utf-8' };
}

/** The page's text, decoded from its bytes when it came as bytes (in the worker that reads it). */
export function postedText(text: PostedText): string {
  return typeof text === 'string' ? text : decodeText(text.bytes, text.charset);
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
  if (text.bytes.byteLength > PIECES_MAX_BYTES) return [decodeText(text.bytes, text.charset)];
  return decodePieces(text.bytes, text.charset);
}

/** Characters (or bytes, before decoding) of a page as posted. */
export function postedLength(text: PostedText): number {
  return typeof text === 'string' ? text.length : text.bytes.byteLength;
}

/** The buffers to move with a task's page: its bytes' own ArrayBuffer, if it came as bytes. */
export function movedBuffers(text: PostedText | null): ArrayBuffer[] {
  if (text === null || typeof text === 'string') return [];
  // Only a buffer that is the page alone: moving a shared one would empty what else it holds.
  return isWhole(text.bytes) ? [text.bytes.buffer as ArrayBuffer] : [];
}

/** The view is the whole of its own ArrayBuffer (not a slice of Node's pool or of a larger buffer). */
function isWhole(bytes: Uint8Array): boolean {
  const { buffer, byteOffset, byteLength } = bytes;
  return buffer instanceof ArrayBuffer && byteOffset === 0 && buffer.byteLength === byteLength;
}
