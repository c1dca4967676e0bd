// The browser's only way to the network: every request a rendered page makes (document,
// scripts, XHR/fetch, images, iframes, beacons, navigations) arrives here through request
// interception and is answered from urlkit's own guarded fetcher, so the egress policy checks
// each connected address exactly as for any other fetch. Requests the index profile does not
// need are answered empty; requests over the page's budget, non-GET methods and non-http(s)
// schemes are refused.
import type { Request, Route } from 'playwright-core';
import { ItemFailure } from '../errors/codes.js';
import type { FetchResult, Fetcher } from '../fetch/types.js';
import { EMPTY_RESOURCE_TYPES, REFUSED_RESOURCE_TYPES, isTrackerHost } from './blocklist.js';

/** Response headers passed on to the page; anything else (Link preconnects, NEL reports, cookies) is dropped. */
const PASSED_HEADERS = new Set([
  'content-type',
  'content-language',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-headers',
  'access-control-allow-methods',
  'access-control-expose-headers',
  'timing-allow-origin',
  'x-content-type-options',
  'last-modified',
  'etag',
]);

export interface GateOptions {
  fetcher: Fetcher;
  /** The document already fetched (and cleaned) by the tool: served for the first navigation. */
  document: FetchResult;
  /** Epoch ms after which nothing more is fetched. */
  deadlineAt: number;
  maxRequests: number;
  maxBytes: number;
  /** Aborted when the render ends: fetches still running are dropped. */
  signal: AbortSignal;
}

export interface GateStats {
  /** Requests answered through the guarded fetcher (the document included). */
  fetched: number;
  /** Requests answered empty without fetching (media, styles, trackers). */
  emptied: number;
  /** Requests refused (policy, budget, scheme, method, fetch failure). */
  refused: number;
  /** Response bytes handed to the page. */
  bytes: number;
}

export class RequestGate {
  readonly stats: GateStats = { fetched: 0, emptied: 0, refused: 0, bytes: 0 };
  /** final_url of the document the main frame shows (a script navigation may change it). */
  mainFinalUrl: string;
  /** Epoch ms after which nothing more is fetched (moved once the page is ready to navigate). */
  deadlineAt: number;
  private documentServed = false;
  private pending = 0;
  private lastActivity = Date.now();

  constructor(private readonly options: GateOptions) {
    this.mainFinalUrl = options.document.finalUrl;
    this.deadlineAt = options.deadlineAt;
  }

  /** True when no request is being answered now. */
  isIdle(): boolean {
    return this.pending === 0;
  }

  /** True when no request is being answered and none was for `quietMs`. */
  isQuiet(quietMs: number): boolean {
    return this.pending === 0 && Date.now() - this.lastActivity >= quietMs;
  }

  /** The route handler: never throws (a closed page makes route calls fail; that is fine). */
  handle = async (route: Route): Promise<void> => {
    this.pending++;
    this.lastActivity = Date.now();
    try {
      await this.answer(route);
    } catch {
      // The page or context went away while answering.
    } finally {
      this.pending--;
      this.lastActivity = Date.now();
    }
  };

  private async answer(route: Route): Promise<void> {
    const req = route.request();
    const navigation = req.isNavigationRequest();
    const mainFrame = navigation && isMainFrame(req);
    let url: URL;
    try {
      url = new URL(req.url());
    } catch {
      return this.refuse(route, navigation);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return this.refuse(route, navigation);

    const doc = this.options.document;
    if (mainFrame && !this.documentServed && withoutHash(req.url()) === withoutHash(doc.finalUrl)) {
      this.documentServed = true;
      this.stats.fetched++;
      this.stats.bytes += doc.body?.bytes.length ?? 0;
      return this.fulfill(route, doc);
    }

    const type = req.resourceType();
    if (REFUSED_RESOURCE_TYPES.has(type)) return this.refuse(route, navigation);
    if (EMPTY_RESOURCE_TYPES.has(type) || isTrackerHost(url.hostname)) {
      this.stats.emptied++;
      return route.fulfill({ status: navigation ? 204 : 200, body: '' });
    }
    const method = req.method();
    if (method !== 'GET' && method !== 'HEAD') return this.refuse(route, navigation);

    const remainingMs = this.deadlineAt - Date.now();
    const remainingBytes = this.options.maxBytes - this.stats.bytes;
    const used = this.stats.fetched;
    if (used >= this.options.maxRequests || remainingBytes <= 0 || remainingMs < 50 || this.options.signal.aborted) {
      return this.refuse(route, navigation);
    }
    this.stats.fetched++;

    let res: FetchResult;
    try {
      res = await this.options.fetcher.fetchPage(
        req.url(),
        {
          method,
          timeoutMs: remainingMs,
          body: 'full',
          maxBodyBytes: remainingBytes,
          accept: req.headers()['accept'],
          // A render has no time to wait out a Retry-After.
          retryStatuses: false,
        },
        this.options.signal,
      );
    } catch (err) {
      if (!(err instanceof ItemFailure)) throw err;
      return this.refuse(route, navigation, err.code === 'blocked_url' ? 'blockedbyclient' : 'failed');
    }
    this.stats.bytes += res.body?.bytes.length ?? 0;
    if (mainFrame) this.mainFinalUrl = res.finalUrl;
    return this.fulfill(route, res);
  }

  private fulfill(route: Route, res: FetchResult): Promise<void> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (PASSED_HEADERS.has(name)) headers[name] = value;
    }
    // fetchPage followed redirects itself: a 3xx here is an unfollowed one, not to be followed by the browser.
    const status = res.status >= 300 && res.status < 400 ? 502 : res.status;
    return route.fulfill({ status, headers, body: res.body?.bytes ?? Buffer.alloc(0) });
  }

  /**
   * A refused navigation is answered 204 No Content: the frame keeps the document it has
   * (an aborted navigation would replace it with an error page). Anything else fails as a
   * network error for the script that asked.
   */
  private refuse(
    route: Route,
    navigation: boolean,
    reason: 'blockedbyclient' | 'failed' = 'blockedbyclient',
  ): Promise<void> {
    this.stats.refused++;
    if (navigation) return route.fulfill({ status: 204, body: '' });
    return route.abort(reason);
  }
}

function isMainFrame(req: Request): boolean {
  try {
    return req.frame().parentFrame() === null;
  } catch {
    // Service-worker requests have no frame (service workers are blocked anyway).
    return false;
  }
}

function withoutHash(url: string): string {
  const i = url.indexOf('#');
  return i < 0 ? url : url.slice(0, i);
}
