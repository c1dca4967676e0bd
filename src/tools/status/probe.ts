// One status probe: HEAD through the shared fetcher (same egress policy, pooling and per-host
// limits as every other tool), GET without reading the body when the server refuses or drops
// HEAD, and every outcome, failures included, turned into the status checker's data.
import { performance } from 'node:perf_hooks';
import { ItemFailure, type ItemError } from '../../errors/codes.js';
import type { FetchPartial, FetchResult, FetchTimings, Fetcher, HttpMethod, RedirectHop } from '../../fetch/types.js';
import type { ToolItem } from '../types.js';
import { headNeedsGet, headUnimplemented, headWasDropped } from './head-fallback.js';
import {
  contentLength,
  isHtmlType,
  reasonForError,
  reasonForStatus,
  retryAfterSeconds,
  type StatusReason,
} from './reason.js';

export interface ProbeOptions {
  followRedirects: boolean;
  /** Bound on the whole probe (HEAD, the GET fallback, every hop and retry), in ms. */
  timeoutMs: number;
  /** Check the origin's robots.txt first (respect_robots). @default false */
  respectRobots?: boolean;
}

export interface StatusTimings {
  dns_ms: number | null;
  connect_ms: number | null;
  tls_ms: number | null;
  first_byte_ms: number | null;
  total_ms: number;
}

// A type alias (not an interface) so it fits ToolItem's Record<string, unknown>.
export type StatusData = {
  url: string;
  status_code: number | null;
  ok: boolean;
  final_url: string;
  content_type: string | null;
  response_time_ms: number;
  url_changed: boolean;
  is_html: boolean;
  redirect_count: number;
  redirect_history: Array<{ url: string; status_code: number; location: string | null }>;
  probe_method: HttpMethod;
  content_length: number | null;
  reason: StatusReason;
  retry_after_s: number | null;
  timings: StatusTimings;
};

export interface StatusMeta extends Record<string, unknown> {
  url: string;
  via_proxy: boolean;
  retries: number;
  error?: ItemError;
}

interface Attempt {
  method: HttpMethod;
  result?: FetchResult;
  failure?: ItemFailure;
  partial?: FetchPartial;
}

export async function probeUrl(
  fetcher: Fetcher,
  url: string,
  options: ProbeOptions,
  signal?: AbortSignal,
): Promise<ToolItem & { data: StatusData; meta: StatusMeta }> {
  const started = performance.now();
  const deadline = started + options.timeoutMs;

  const attempt = (method: HttpMethod, timeoutMs: number) =>
    attemptOnce(fetcher, url, method, options.followRedirects, timeoutMs, options.respectRobots ?? false, signal);
  const head = await attempt('HEAD', options.timeoutMs);
  let reported = head;
  let retries = retriesOf(head);
  if (needsGet(head)) {
    const remaining = Math.floor(deadline - performance.now());
    reported =
      remaining > 0
        ? await attempt('GET', remaining)
        : { method: 'GET', failure: new ItemFailure('timeout'), partial: head.partial };
    retries += retriesOf(reported);
    // A GET that failed does not erase what HEAD learned (a 404, a typeless 200), unless
    // HEAD's answer was only "HEAD not implemented".
    if (!reported.result && head.result && !headUnimplemented(head.result.status)) reported = head;
  }
  const elapsed = Math.round(performance.now() - started);
  return reported.result
    ? fromResponse(url, reported.result, elapsed, retries)
    : fromFailure(url, reported, elapsed, retries);
}

async function attemptOnce(
  fetcher: Fetcher,
  url: string,
  method: HttpMethod,
  followRedirects: boolean,
  timeoutMs: number,
  respectRobots: boolean,
  signal?: AbortSignal,
): Promise<Attempt> {
  try {
    const result = await fetcher.fetchPage(
      url,
      { method, body: 'none', followRedirects, timeoutMs, retryStatuses: false, freshConnection: true, respectRobots },
      signal,
    );
    return { method, result };
  } catch (err) {
    if (err instanceof ItemFailure) {
      return { method, failure: err, partial: (err as ItemFailure & { partial?: FetchPartial }).partial };
    }
    // An abort from the caller (request timeout, client gone) is this probe running out of time.
    if (signal?.aborted) return { method, failure: new ItemFailure('timeout', undefined, { cause: err }) };
    throw err;
  }
}

/** HEAD was refused, answered with an error, or dropped: ask again with GET. */
function needsGet(head: Attempt): boolean {
  if (head.result) return headNeedsGet(head.result.status, head.result.headers, head.result.setCookieNames);
  return head.failure !== undefined && headWasDropped(head.failure, head.partial);
}

function retriesOf(a: Attempt): number {
  return a.result?.retries ?? a.partial?.retries ?? 0;
}

function fromResponse(url: string, r: FetchResult, elapsed: number, retries: number) {
  const finalUrl = r.finalUrl;
  const reason = reasonForStatus(r.status, r.headers, r.setCookieNames);
  const data: StatusData = {
    url,
    status_code: r.status,
    // A challenge served with a 2xx (AWS WAF's 202) is not the page working.
    ok: r.status >= 200 && r.status < 300 && reason !== 'bot_protection',
    final_url: finalUrl,
    content_type: r.contentType,
    response_time_ms: elapsed,
    url_changed: finalUrl !== normalise(url),
    is_html: isHtmlType(r.contentType),
    redirect_count: r.hops.length,
    redirect_history: history(r.hops),
    probe_method: r.method,
    content_length: contentLength(r.headers),
    reason,
    retry_after_s: retryAfterSeconds(r.headers, Date.now()),
    timings: timings(r.timings, elapsed),
  };
  const meta: StatusMeta = { url, via_proxy: r.viaProxy, retries };
  return { data, meta };
}

function fromFailure(url: string, a: Attempt, elapsed: number, retries: number) {
  const failure = a.failure ?? new ItemFailure('upstream_error');
  const hops = a.partial?.hops ?? [];
  const finalUrl = a.partial?.finalUrl ?? normalise(url);
  const data: StatusData = {
    url,
    status_code: null,
    ok: false,
    final_url: finalUrl,
    content_type: null,
    response_time_ms: elapsed,
    url_changed: finalUrl !== normalise(url),
    is_html: false,
    redirect_count: hops.length,
    redirect_history: history(hops),
    probe_method: a.method,
    content_length: null,
    reason: reasonForError(failure.code, hops),
    retry_after_s: null,
    timings: timings(a.partial?.timings, elapsed),
  };
  const meta: StatusMeta = { url, via_proxy: a.partial?.viaProxy ?? false, retries, error: failure.toItemError() };
  return { data, meta };
}

function history(hops: readonly RedirectHop[]): StatusData['redirect_history'] {
  return hops.map((h) => ({ url: h.url, status_code: h.statusCode, location: h.location }));
}

function timings(t: FetchTimings | undefined, elapsed: number): StatusTimings {
  const ms = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v));
  return {
    dns_ms: ms(t?.dnsMs),
    connect_ms: ms(t?.connectMs),
    tls_ms: ms(t?.tlsMs),
    first_byte_ms: ms(t?.firstByteMs),
    total_ms: elapsed,
  };
}

/**
 * The WHATWG serialisation, so `http://A.com` and `http://a.com/` compare equal. Credentials
 * are dropped as the fetcher drops them from final_url (they go out as an Authorization
 * header), so `http://user:pw@host/` is not reported as changed.
 */
function normalise(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.href;
  } catch {
    return url;
  }
}
