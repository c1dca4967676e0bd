// A fetched page as a worker task carries it: its bytes in a buffer of their own, which the pool
// moves to the worker thread (a transfer: no copy is made to post it) and the worker decodes.
//
// Before, a fetched body crossed as a one-byte string (fetched-body.ts, EncodedText): the main
// thread made the string (a copy into its own heap), V8's serializer copied it again to post it,
// and the worker read it back (a third copy) and copied it once more to look at its bytes. On a
// 5 MiB page that was 39-45 ms of the main thread's CPU and 40-47 ms of the worker's, against
// 20-24 and 22-28 ms as bytes moved (one copy on each side; mostly the page faults of fresh
// memory, not the copying), and the strings grew the main thread's heap, which the main thread
// and V8's helper threads then collected (docs/admission.md, "Row 7: the page's way to a worker").
import type { FetchedBody } from '../fetch/types.js';
import { decodeText } from '../fetch/decode.js';
import { taskText, type TaskText } from '../fetch/fetched-body.js';

export interface PageBytes {
  /** The body's bytes, the whole of their ArrayBuffer (so that it can be moved to a worker). */
  bytes: Uint8Array;
  charset: string;
}

/** A page's text in any form a task carries: decoded, a one-byte string of its bytes, or its bytes. */
export type PostedText = TaskText | PageBytes;

export function isPageBytes(text: PostedText): text is PageBytes {
  return typeof text === 'object' && 'bytes' in text;
}

/**
 * A text body's bytes in a buffer of their own, with its charset (null for a binary body). The
 * fetched bytes are copied: the cache may hold them (cache/entry-codec.ts keeps the buffer it is
 * given), and moving them would empty its entry.
 */
export function pageBytes(body: FetchedBody): PageBytes | null {
  if (body.charset === null) return null;
  const bytes = new Uint8Array(body.bytes.length);
  bytes.set(body.bytes);
  return { bytes, charset: body.charset };
}

/** The page's text, decoded from its bytes when it came as bytes (in the worker that reads it). */
export function postedText(text: PostedText): string {
  return isPageBytes(text) ? decodeText(text.bytes, text.charset) : taskText(text);
}

/** Characters (or bytes, before decoding) of a page as posted. */
export function postedLength(text: PostedText): number {
  if (typeof text === 'string') return text.length;
  return isPageBytes(text) ? text.bytes.byteLength : text.binary.length;
}

/** The buffers to move with a task's page: its bytes' own ArrayBuffer, if it came as bytes. */
export function movedBuffers(text: PostedText | null): ArrayBuffer[] {
  if (text === null || !isPageBytes(text)) return [];
  const { buffer, byteOffset, byteLength } = text.bytes;
  // Only a buffer that is the page alone: moving a shared one would empty what else it holds.
  return buffer instanceof ArrayBuffer && byteOffset === 0 && buffer.byteLength === byteLength ? [buffer] : [];
}
