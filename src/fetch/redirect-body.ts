// A redirect's own body (a "Moved" note of a few hundred bytes, or nothing) is read to its end
// when it is small and already arriving, so the hop's keep-alive connection can carry the next
// hop to the same origin: a same-origin chain then costs one connection instead of one per hop
// (a TCP connect each, and a TLS handshake on https). A body that is larger, or not done within
// a moment, is dropped unread as before and its connection closed: no redirect body is worth a
// wait, and none is kept.
import type { Readable } from 'node:stream';
import { within } from '../util/before-time.js';
import { eachChunk } from './body-chunks.js';
import { discard } from './response-headers.js';

/** A redirect body longer than this is dropped unread. */
export const REDIRECT_BODY_MAX_BYTES = 16 * 1024;
/** How long a redirect body may take to end once its headers are in. */
export const REDIRECT_BODY_MS = 50;

/**
 * Reads `body` to its end (what it carried is dropped) if it ends within `withinMs` and
 * REDIRECT_BODY_MAX_BYTES; otherwise discards it, which closes its connection. `declaredLength`
 * is the response's Content-Length, if any: past the bound, nothing is read.
 */
export async function readRedirectBody(
  body: Readable,
  declaredLength: string | undefined,
  withinMs: number,
): Promise<void> {
  if (declaredLength === undefined || Number(declaredLength) <= REDIRECT_BODY_MAX_BYTES) {
    let bytes = 0;
    const read = eachChunk(body, (chunk) => ((bytes += chunk.length) > REDIRECT_BODY_MAX_BYTES ? 'stop' : undefined));
    await within(read, { ms: Math.max(1, withinMs) }).catch(() => {});
  }
  if (!body.readableEnded) discard(body);
}
