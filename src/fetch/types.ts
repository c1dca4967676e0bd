// The fetch contract every tool uses. A later browser engine implements the same Fetcher
// interface (with javascriptRendered: true) so tools do not change.

import type { BotProtection } from './bot-protection.js';

export type HttpMethod = 'GET' | 'HEAD';

export interface FetchOptions {
  /** @default 'GET' */
  method?: HttpMethod;
  /** @default true. When false the first response (even a 3xx) is returned as is. */
  followRedirects?: boolean;
  /** Total deadline for this URL in ms: DNS, every hop, retries and reading the body. */
  timeoutMs: number;
  /**
   * 'full': read and decode the body (up to the size cap).
   * 'none': read no body (status probes); the connection is released without reading.
   * @default 'full'
   */
  body?: 'full' | 'none';
  /** Override of the configured decoded-byte cap for this call. */
  maxBodyBytes?: number;
  /** Accept header for this call; a sensible HTML-first default otherwise. */
  accept?: string;
  /**
   * Retry answers such as 429 and 503 (waiting for Retry-After). Status probes set false:
   * they report a rate-limit answer at once instead of waiting (network failures still retry).
   * @default true
   */
  retryStatuses?: boolean;
  /**
   * Open a new connection for this fetch instead of taking one from the fetcher's keep-alive
   * pool. Status probes set it: they report the connection's DNS, connect and TLS times.
   * @default false
   */
  freshConnection?: boolean;
  /**
   * Check the origin's robots.txt first (the request's respect_robots); a disallowed URL fails
   * as blocked_by_robots. Applied by the fetchers tools get (src/robots/robots-check.ts).
   * @default false
   */
  respectRobots?: boolean;
  /**
   * Follow a page's `<meta http-equiv="refresh">` to another URL, after at most a second, as a
   * redirect hop (meta-refresh.ts): a 2xx HTML page only, and only while `followRedirects`.
   * The tools that read a page set it; the status checker, which reports HTTP, does not.
   * @default false
   */
  followMetaRefresh?: boolean;
  /**
   * Called before each redirect target is requested, with the time left of the URL's deadline;
   * a rejection ends the fetch with that error (the partial's final URL is the target). The
   * robots.txt check uses it to check every hop's origin.
   */
  beforeRedirect?: (target: string, remainingMs: number, signal: AbortSignal) => Promise<void>;
}

export interface RedirectHop {
  /** URL that answered with the redirect (a 3xx, or a 2xx page's `<meta http-equiv="refresh">`). */
  url: string;
  statusCode: number;
  /** Location header as sent, or the URL a page's refresh names, as written (null when missing). */
  location: string | null;
}

/** Milliseconds from the start of fetchPage, for the final attempt; null when not measured. */
export interface FetchTimings {
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  firstByteMs: number | null;
  totalMs: number;
}

/** 'pdf': application/pdf (or a body that starts with %PDF-), kept as bytes, never decoded.
 *  'markdown': text/markdown, read as the page it stands for (extract/markdown/markdown-page.ts). */
export type BodyKind = 'html' | 'xhtml' | 'text' | 'markdown' | 'xml' | 'json' | 'pdf' | 'binary';

export interface FetchedBody {
  /** Decoded (content-encoding removed) bytes, at most the cap. */
  bytes: Buffer;
  /** Charset-decoded text when kind is not 'binary' or 'pdf'; null for those. */
  text: string | null;
  /** Charset label used to decode (WHATWG name, e.g. 'utf-8', 'shift_jis'), null for binary. */
  charset: string | null;
  /** From Content-Type, or sniffed when Content-Type is missing. */
  kind: BodyKind;
}

export interface FetchResult {
  /** The URL as requested. */
  url: string;
  /** Absolute URL of the response reported. */
  finalUrl: string;
  method: HttpMethod;
  status: number;
  statusText: string;
  /** Lower-cased names; repeated headers joined with ', ' (set-cookie dropped). */
  headers: Record<string, string>;
  /**
   * Names (not values) of the cookies the final response set, e.g. ['__cf_bm'] (the status
   * probe spots bot-protection cookies with them). Optional: undefined when not collected.
   */
  setCookieNames?: string[];
  /** Content-Type header as sent, or null. */
  contentType: string | null;
  /** null when options.body was 'none'. */
  body: FetchedBody | null;
  /** Redirects followed, in order. */
  hops: RedirectHop[];
  /** Extra attempts after the first. */
  retries: number;
  viaProxy: boolean;
  /** The body was cut at the size cap. */
  truncated: boolean;
  /** Always false for the HTTP fetcher; a browser engine sets it. */
  javascriptRendered: boolean;
  timings: FetchTimings;
  /**
   * Set when the response is an anti-bot challenge or block page (src/fetch/bot-protection.ts):
   * tools that return content or metadata answer `bot_protection` instead. Optional so other
   * Fetcher implementations need not set it; undefined or null means "not one".
   */
  botProtection?: BotProtection | null;
}

export interface Fetcher {
  fetchPage(url: string, options: FetchOptions, signal?: AbortSignal): Promise<FetchResult>;
  /** Closes pooled connections. */
  close(): Promise<void>;
}

/**
 * What a failed fetch still knows. Attached to the ItemFailure thrown by fetchPage
 * (as `partial`) so tools can report hops, retries and via_proxy with the error.
 */
export interface FetchPartial {
  url: string;
  finalUrl: string;
  hops: RedirectHop[];
  retries: number;
  viaProxy: boolean;
  timings: FetchTimings;
  /** When the last attempt got response headers before failing (a body cut off): its status. */
  statusCode?: number;
  /** ...and its Content-Type header (null when absent). */
  contentType?: string | null;
}

/** What the operator's log gets when the egress policy refuses a host (the caller gets less). */
export interface EgressDenial {
  host: string;
  /** The code the caller was given: a name with only forbidden answers reads as unresolvable. */
  answered: 'blocked_url' | 'dns_error';
  /** Every address considered, with the policy's verdict. */
  addresses: Array<{ address: string; allowed: boolean; reason: string | null }>;
  /** Set when the name itself was refused, before any lookup. */
  nameRule?: string;
}

export interface FetchObserver {
  /** Called once per fetchPage call with 'ok' or the item error code it failed with. */
  onOutcome(outcome: string): void;
  /** Called when the egress policy refused a host, with what the caller is not told. */
  onEgressDenied?(denial: EgressDenial): void;
  /** Called when a failure was told in words of ours, with the cause the caller is not given. */
  onCauseWithheld?(withheld: WithheldFailure): void;
}

/** What the operator's log gets when a failure's cause was kept from the caller. */
export interface WithheldFailure {
  /** The URL being fetched when it failed (credentials stripped). */
  url: string;
  code: string;
  /** What the caller was told. */
  message: string;
  /** The library's error, as thrown. */
  cause: unknown;
}
