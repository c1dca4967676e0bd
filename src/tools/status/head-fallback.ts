// When a HEAD probe must be repeated with GET. Servers that do not implement HEAD answer
// 405/501; some (old appliances, misconfigured proxies) just close the connection; others
// route HEAD nowhere and answer it 400/403/404/500 while GET works (API gateways with
// unconfigured methods, hand-written routers). A refused or unreachable host, in contrast,
// would refuse the GET too, so it is not asked again.
import type { ItemFailure } from '../../errors/codes.js';
import type { FetchPartial } from '../../fetch/types.js';
import { challengeMarker } from './reason.js';

// Errors a server gives on purpose, not by failing to route HEAD: auth required (401, 407),
// gone (410), legal block (451), and 429, where another request is what it asked us not to send.
const DELIBERATE = new Set([401, 407, 410, 429, 451]);

/** 405/501: the server does not implement HEAD, so its answer says nothing about the URL. */
export function headUnimplemented(status: number): boolean {
  return status === 405 || status === 501;
}

/**
 * True when a HEAD answer does not settle the question and GET (body unread) must:
 * 405/501 (HEAD not implemented), a success without Content-Type, or any other 4xx/5xx, since an
 * error to HEAD says little about what a browser gets. Not for deliberate answers (401, 407, 410, 451, 429), a
 * response with Retry-After (another request now is what the server asked us not to send),
 * nor a bot-protection challenge (GET meets the same wall).
 */
export function headNeedsGet(
  status: number,
  headers: Readonly<Record<string, string>>,
  setCookieNames: readonly string[] = [],
): boolean {
  if (headUnimplemented(status)) return true;
  // Some servers leave Content-Type off HEAD answers; without it is_html cannot be told.
  if (status >= 200 && status < 300 && status !== 204 && headers['content-type'] === undefined) return true;
  if (status < 400 || DELIBERATE.has(status)) return false;
  if (headers['retry-after'] !== undefined) return false;
  return challengeMarker(status, headers, setCookieNames) === null;
}

// Socket-level codes (Node and undici) that mean "never connected": a GET cannot do better.
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * True when the HEAD failure looks like the server dropping HEAD (reset, closed, garbage
 * answer) rather than the host being unreachable. The error's cause chain tells "never
 * connected" apart when the fetcher attached it; an attempt that measurably connected was
 * dropped; without either clue any connection-level failure gets one GET, since one extra
 * request is cheaper than a live URL reported dead.
 */
export function headWasDropped(failure: ItemFailure, partial?: FetchPartial): boolean {
  if (failure.code !== 'connect_error' && failure.code !== 'upstream_error') return false;
  if (typeof partial?.timings.connectMs === 'number') return true;
  // A connect timeout may come without a cause; a GET would only wait the same way.
  if (/connect\w* .*timed out|timed out .*connect/i.test(failure.message)) return false;
  return !causeCodes(failure).some((c) => NOT_CONNECTED.has(c));
}

function causeCodes(err: unknown): string[] {
  const codes: string[] = [];
  let cur: unknown = err;
  for (let depth = 0; depth < 8 && cur && typeof cur === 'object'; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    const errors = (cur as { errors?: unknown }).errors;
    if (Array.isArray(errors)) for (const e of errors) codes.push(...causeCodes(e));
    cur = (cur as { cause?: unknown }).cause;
  }
  return codes;
}
