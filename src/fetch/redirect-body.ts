// A redirect's own body (a "Moved" note of a few hundred bytes, or nothing) is read to its end
// when it is small and already arriving, so the hop's keep-alive connection can carry the next
// hop to the same origin: a same-origin chain then costs one connection instead of one per hop
// (a TCP connect each, and a TLS handshake on https). A body that is larger, or not done within
// a moment, is dropped unread as before and its connection closed: no redirect body is worth a
// wait, and none is kept.
import type { Readable } from 'node:stream';
import { discard } from './response-headers.js';

/** A redirect body longer than this is dropped unread. */
export const REDIRECT_BODY_MAX_BYTES = 16 * 1024;
/** How long a redirect body may take to end once its headers are in. */
export const REDIRECT_BODY_MS = 50;

/**
 * Resolves true once `body` has ended within `withinMs` and REDIRECT_BODY_MAX_BYTES (what it
 * carried is dropped); otherwise the body is discarded (its connection closes) and it resolves
 * false. `declaredLength` is the response's Content-Length, if any: past the bound, no read.
 */
export function readRedirectBody(
  body: Readable,
  declaredLength: string | undefined,
  withinMs: number,
): Promise<boolean> {
  if (declaredLength !== undefined && !(Number(declaredLength) <= REDIRECT_BODY_MAX_BYTES)) {
    discard(body);
    return Promise.resolve(false);
  }
  // Whatever the body does after this (an error once its connection is gone), nobody else listens.
  body.on('error', () => {});
  return new Promise<boolean>((resolve) => {
    let bytes = 0;
    const done = (ended: boolean) => {
      clearTimeout(timer);
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      if (!ended) discard(body);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > REDIRECT_BODY_MAX_BYTES) done(false);
    };
    const onEnd = () => done(true);
    const onError = () => done(false);
    const timer = setTimeout(() => done(false), Math.max(1, withinMs));
    timer.unref();
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', onError);
  });
}
