// Pure classification of a probe outcome: the `reason` class, bot-protection markers and
// Retry-After. No network or clock of its own (the caller passes "now"), so every rule is
// testable from a table.
import type { ItemErrorCode } from '../../errors/codes.js';
import type { RedirectHop } from '../../fetch/types.js';
import { CHALLENGE_STATUSES, decisiveMarker, vendorMarker } from '../../fetch/bot-protection.js';

export type StatusReason =
  | 'ok'
  | 'redirect'
  | 'client_error'
  | 'server_error'
  | 'rate_limited'
  | 'bot_protection'
  | 'informational'
  | 'timeout'
  | 'dns_error'
  | 'connect_error'
  | 'tls_error'
  | 'blocked_url'
  | 'invalid_url'
  | 'too_many_redirects'
  | 'redirect_loop'
  | 'upstream_error'
  | 'response_too_large'
  /** respect_robots: the origin's robots.txt disallows the URL (nothing was probed). */
  | 'blocked_by_robots'
  /** Scale-out: the job carrying this probe failed as a unit (see worker_chunk_failed). */
  | 'worker_chunk_failed';

export const STATUS_REASONS: readonly StatusReason[] = [
  'ok',
  'redirect',
  'client_error',
  'server_error',
  'rate_limited',
  'bot_protection',
  'informational',
  'timeout',
  'dns_error',
  'connect_error',
  'tls_error',
  'blocked_url',
  'invalid_url',
  'too_many_redirects',
  'redirect_loop',
  'upstream_error',
  'response_too_large',
  'blocked_by_robots',
  'worker_chunk_failed',
];

/**
 * Names the marker that shows a response came from a bot-protection layer, or null: a header
 * that only a challenge carries (AWS WAF's x-amzn-waf-action on its 202, cf-mitigated), on any
 * status; any vendor header or cookie on a 403/429/503. Headers and cookie names only: a probe
 * reads no body, so a challenge page is recognised by what the protection layer puts in the
 * headers (the lists live with the fetcher's detector, src/fetch/bot-protection.ts, which the
 * other tools run on the body too).
 */
export function challengeMarker(
  status: number,
  headers: Readonly<Record<string, string>>,
  setCookieNames: readonly string[] = [],
): string | null {
  const decisive = decisiveMarker(headers);
  if (decisive) return decisive.signal;
  if (!CHALLENGE_STATUSES.has(status)) return null;
  return vendorMarker(headers, setCookieNames)?.signal ?? null;
}

/** The reason class of a response that arrived. */
export function reasonForStatus(
  status: number,
  headers: Readonly<Record<string, string>>,
  setCookieNames: readonly string[] = [],
): StatusReason {
  if (challengeMarker(status, headers, setCookieNames)) return 'bot_protection';
  if (status === 429) return 'rate_limited';
  if (status >= 200 && status < 300) return 'ok';
  if (status >= 300 && status < 400) return 'redirect';
  if (status >= 400 && status < 500) return 'client_error';
  if (status >= 500) return 'server_error';
  return 'informational';
}

/** The reason class of a probe that got no usable response. */
export function reasonForError(code: ItemErrorCode, hops: readonly RedirectHop[] = []): StatusReason {
  switch (code) {
    case 'too_many_redirects':
      return isRedirectLoop(hops) ? 'redirect_loop' : 'too_many_redirects';
    case 'timeout':
    case 'dns_error':
    case 'connect_error':
    case 'tls_error':
    case 'blocked_url':
    case 'invalid_url':
    case 'response_too_large':
    case 'upstream_error':
    case 'blocked_by_robots':
      return code;
    default:
      // Codes that a fetch cannot produce (extraction, batch); keep the item honest anyway.
      return 'upstream_error';
  }
}

/** True when the chain visits a URL twice (a loop, not merely a long chain). */
export function isRedirectLoop(hops: readonly RedirectHop[]): boolean {
  const seen = new Set<string>();
  for (const hop of hops) {
    if (seen.has(hop.url)) return true;
    seen.add(hop.url);
  }
  const last = hops[hops.length - 1];
  if (last?.location) {
    try {
      if (seen.has(new URL(last.location, last.url).href)) return true;
    } catch {
      // An unparseable Location cannot close a loop.
    }
  }
  return false;
}

/**
 * Retry-After as whole seconds (rounded up, at least 0), or null when absent or malformed.
 * An HTTP-date is measured against the response's own Date header when it has one, so a
 * skewed server clock does not distort the wait.
 */
export function retryAfterSeconds(headers: Readonly<Record<string, string>>, nowMs: number): number | null {
  const raw = headers['retry-after']?.trim();
  if (!raw) return null;
  if (/^\d+$/.test(raw)) {
    const n = Number(raw);
    return Number.isSafeInteger(n) ? n : null;
  }
  // Every HTTP-date form (IMF-fixdate, RFC 850, asctime) starts with a day name; this keeps
  // Date.parse from reading "-5" or "1.5" as years.
  const at = /^[a-z]{3}/i.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(at)) return null;
  const serverNow = headers.date ? Date.parse(headers.date) : Number.NaN;
  const base = Number.isNaN(serverNow) ? nowMs : serverNow;
  return Math.max(0, Math.ceil((at - base) / 1000));
}

/** Content-Length as a non-negative integer, or null when absent or not a plain number. */
export function contentLength(headers: Readonly<Record<string, string>>): number | null {
  const raw = headers['content-length']?.trim();
  // Repeated identical values arrive joined with ', ' (RFC 9110 allows the list form).
  const values = raw === undefined ? [] : [...new Set(raw.split(',').map((v) => v.trim()))];
  if (values.length !== 1 || !/^\d+$/.test(values[0]!)) return null;
  const n = Number(values[0]);
  return Number.isSafeInteger(n) ? n : null;
}

/** text/html or application/xhtml+xml, parameters and case ignored. */
export function isHtmlType(contentType: string | null): boolean {
  if (!contentType) return false;
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  return mime === 'text/html' || mime === 'application/xhtml+xml';
}
