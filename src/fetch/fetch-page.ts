// fetchPage: one URL -> one FetchResult, under one deadline. Redirects, retries and the proxy
// fallback are our own loops around single undici requests (redirect: manual), so every hop
// is re-parsed and its address checked by the guarded connector at connect time.
import type { Dispatcher } from 'undici';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config/config.js';
import { ItemFailure } from '../errors/codes.js';
import { createAddressPolicy } from './address-policy.js';
import { decisiveMarker } from './bot-protection.js';
import { classifyError } from './classify-error.js';
import { EgressDenied, FetchFailure, WithheldCause } from './fetch-failure.js';
import { FetchAgents, createConnectionPool } from './fetch-agents.js';
import { type FetchState, partialOf } from './fetch-state.js';
import { type BodyLimits, type HopResponse, hopResult } from './hop-result.js';
import { HopCookies } from './hop-cookies.js';
import { HostLimiter } from './host-limiter.js';
import { REDIRECT_BODY_MS, readRedirectBody } from './redirect-body.js';
import { RETRY_STATUSES, backoffMs, parseRetryAfter } from './retry-policy.js';
import { discard, firstHeader, flattenHeaders } from './response-headers.js';
import { basicAuthOf, parseRequestedUrl, resolveRedirect, withoutUserinfo } from './url-policy.js';
import { metaRefreshTarget } from './meta-refresh.js';
import { linkedSignal } from '../util/linked-signal.js';
import type { FetchObserver, FetchOptions, FetchResult, Fetcher, HttpMethod } from './types.js';

export { FetchFailure } from './fetch-failure.js';

export const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,*/*;q=0.5';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** An attempt is not started with less time than this left before the deadline. */
const MIN_ATTEMPT_MS = 50;
/** Statuses that make `fallback` proxy mode try again through the proxy. */
const FALLBACK_STATUSES = new Set([403, 429]);

export function createFetcher(config: Config, observer?: FetchObserver): Fetcher {
  const policy = createAddressPolicy(config);
  const limiter = new HostLimiter(config.perHostConcurrency);
  const proxy = config.proxyUrl ? new URL(config.proxyUrl) : null;
  const proxyMode = proxy ? config.proxyMode : 'never';
  const limits: BodyLimits = {
    maxBodyBytes: config.maxBodyBytes,
    maxPdfBytes: config.maxPdfBytes,
    minRate: { bytesPerS: config.minBodyRate, windowMs: config.minBodyRateWindowMs },
  };
  const inFlight = new Set<FetchAgents>();
  const pool = createConnectionPool(config, policy);
  let closed = false;

  async function fetchPage(url: string, options: FetchOptions, signal?: AbortSignal): Promise<FetchResult> {
    // Credentials in the URL are sent, never shown: not in url, final_url, hops or messages.
    const shown = withoutUserinfo(url);
    const state: FetchState = {
      url: shown,
      finalUrl: shown,
      hops: [],
      retries: 0,
      viaProxy: false,
      startedAt: Date.now(),
      budgetMs: Math.max(1, options.timeoutMs),
      connect: { dnsMs: null, connectMs: null, tlsMs: null },
      firstByteMs: null,
      forceProxy: false,
      brokenResponse: null,
    };
    const deadlineLink = linkedSignal([signal], state.budgetMs);
    const deadline = deadlineLink.signal;
    const agents = new FetchAgents(config, policy, proxy, state, deadline, options.freshConnection ? null : pool);
    inFlight.add(agents);
    try {
      if (closed) throw new ItemFailure('connect_error', 'The fetcher is closed.');
      const result = await run(url, options, state, agents, deadline);
      observer?.onOutcome('ok');
      return result;
    } catch (err) {
      const attempt = classifyError(err, deadline);
      const f = attempt.failure;
      if (f instanceof EgressDenied) observer?.onEgressDenied?.(f.detail);
      if (f instanceof WithheldCause)
        observer?.onCauseWithheld?.({ url: state.finalUrl, code: f.code, message: f.message, cause: f.cause });
      const options = { cause: err, retryable: f.retryable };
      const failure = new FetchFailure(f.code, f.message, partialOf(state), options);
      observer?.onOutcome(failure.code);
      throw failure;
    } finally {
      deadlineLink.dispose();
      inFlight.delete(agents);
      agents.destroy();
    }
  }

  async function run(
    url: string,
    options: FetchOptions,
    state: FetchState,
    agents: FetchAgents,
    deadline: AbortSignal,
  ): Promise<FetchResult> {
    const requested = parseRequestedUrl(url);
    // Credentials in the URL go to that origin only, as Basic auth, never to a redirect target.
    const authOrigin = requested.origin;
    const auth = basicAuthOf(requested);
    const cookies = new HopCookies();
    let current = stripCredentials(requested);
    state.finalUrl = current.href;
    let method: HttpMethod = options.method ?? 'GET';
    const follow = options.followRedirects ?? true;
    const wantBody = (options.body ?? 'full') === 'full' && method !== 'HEAD';
    // null: the configured cap for the response's kind (PDFs get their own, larger one).
    const cap = options.maxBodyBytes ?? null;
    // The requests made so far, for loops. A list, not a set of "method URL" keys: hashing a key
    // reads all of it, 10 us a hop for an 8 KB URL (bench:hostile row 4f: a second of the main
    // thread in 15 s), where comparing with the few URLs before it stops at their first difference.
    const seen: { method: HttpMethod; href: string }[] = [{ method, href: current.href }];

    /** Follows a redirect (a 3xx's Location, a page's refresh) answered with `status`. */
    const hopTo = async (status: number, location: string, base: URL): Promise<void> => {
      agents.settleHops();
      state.hops.push({ url: current.href, statusCode: status, location: withoutUserinfo(location) });
      const next = stripCredentials(resolveRedirect(location, base));
      // 303 means "GET the other resource"; a probe stays a HEAD so it reads no body.
      if (status === 303 && method !== 'HEAD') method = 'GET';
      const href = next.href;
      if (seen.some((r) => r.method === method && r.href === href))
        throw new ItemFailure('too_many_redirects', `Redirect loop back to ${href}.`);
      seen.push({ method, href });
      current = next;
      state.finalUrl = current.href;
      const remainingMs = state.startedAt + state.budgetMs - Date.now();
      if (options.beforeRedirect) await options.beforeRedirect(current.href, Math.max(1, remainingMs), deadline);
    };
    // The redirect past the limit is not followed, so it is not a hop: the partial reports
    // maxRedirects hops and the URL they led to.
    const tooManyRedirects = () => new ItemFailure('too_many_redirects', `More than ${config.maxRedirects} redirects.`);

    for (;;) {
      const headers: Record<string, string> = {
        'user-agent': config.userAgent,
        accept: options.accept ?? DEFAULT_ACCEPT,
        'accept-encoding': 'gzip, deflate, br, zstd',
        'accept-language': 'en;q=1.0, *;q=0.5',
      };
      if (auth && current.origin === authOrigin) headers.authorization = auth;
      const cookie = cookies.header(current);
      if (cookie) headers.cookie = cookie;

      const retryStatuses = options.retryStatuses ?? true;
      const resp = await attempt(current, method, headers, state, agents, deadline, retryStatuses, !wantBody);
      try {
        cookies.store(current, resp.rawHeaders['set-cookie']);
        const location = firstHeader(resp.rawHeaders, 'location');
        if (follow && REDIRECT_STATUSES.has(resp.status) && location !== undefined) {
          if (state.hops.length >= config.maxRedirects) {
            discard(resp.body);
            throw tooManyRedirects();
          }
          const declared = firstHeader(resp.rawHeaders, 'content-length');
          const bodyMs = Math.min(REDIRECT_BODY_MS, state.startedAt + state.budgetMs - Date.now());
          await readRedirectBody(resp.body, declared, bodyMs);
          await hopTo(resp.status, location, current);
          continue;
        }
        let result: FetchResult;
        try {
          result = await hopResult(resp, current, method, wantBody, cap, limits, state, deadline);
        } catch (err) {
          // A reset or stall while reading the body: the same hop is worth one more attempt.
          const e = classifyError(err, deadline, 'body');
          const wait = backoffMs(state.retries);
          if (
            !e.transient ||
            state.retries >= config.maxRetries ||
            wait >= state.startedAt + state.budgetMs - Date.now() - 50
          )
            throw e.failure;
          state.retries++;
          resp.release();
          agents.reset(resp.viaProxy);
          await sleep(wait, undefined, { signal: deadline });
          continue;
        }
        if (
          result.botProtection &&
          proxyMode === 'fallback' &&
          !resp.viaProxy &&
          !state.forceProxy &&
          !deadline.aborted
        ) {
          // A challenge served to our address may not be served to the proxy's: one try.
          state.forceProxy = true;
          state.retries++;
          continue;
        }
        // A challenge is reported as one, wherever it would send a browser.
        const refresh =
          follow && options.followMetaRefresh && !result.botProtection ? metaRefreshTarget(result, current) : null;
        if (!refresh) return result;
        if (state.hops.length >= config.maxRedirects) throw tooManyRedirects();
        await hopTo(result.status, refresh.location, refresh.base);
      } finally {
        resp.release();
      }
    }
  }

  /** One hop: retries on resets, attempt timeouts and 408/429/502/503/504; proxy fallback. */
  async function attempt(
    url: URL,
    method: HttpMethod,
    headers: Record<string, string>,
    state: FetchState,
    agents: FetchAgents,
    deadline: AbortSignal,
    retryStatuses: boolean,
    /** No body will be read: the request ends at its headers (host-limiter.ts). */
    short: boolean,
  ): Promise<HopResponse> {
    let viaProxy = proxyMode === 'always' || state.forceProxy;
    for (;;) {
      const remaining = () => state.startedAt + state.budgetMs - Date.now();
      const slot = await limiter.acquire(url.hostname, deadline, short);
      if (remaining() < MIN_ATTEMPT_MS) {
        // A connection opened now would be torn down by the deadline before it could answer.
        // (Many URLs of one batch share a deadline: each got the host's slot from the one before
        // it, a moment before its own deadline, and a burst of futile connects held the loop.)
        slot();
        throw new ItemFailure('timeout', 'The deadline passed while waiting for a free connection to the host.');
      }
      let resp: Dispatcher.ResponseData | null = null;
      let error: ReturnType<typeof classifyError> | null = null;
      // Our own header timer (undici's are coarse, about 1 s). It ends only this attempt, by closing
      // its connection: the request follows the fetch's deadline itself (undici drops its listener
      // as the body closes); a per-attempt linked signal was garbage on every request.
      const headerWait = Math.max(1, Math.min(config.headersTimeoutMs, remaining()));
      const oneShot = agents.oneShotHead(viaProxy, method);
      const release = () => {
        slot();
        if (oneShot) agents.reset(viaProxy);
      };
      let headersLate = false;
      const headerTimer = setTimeout(() => {
        headersLate = true;
        agents.reset(viaProxy);
      }, headerWait);
      try {
        resp = await agents.get(viaProxy, url.origin).request({
          origin: url.origin,
          path: url.pathname + url.search,
          method,
          headers,
          signal: deadline,
          bodyTimeout: Math.max(1, remaining()),
          ...(oneShot ? { reset: false } : {}),
        });
        state.firstByteMs = Date.now() - state.startedAt;
        // Past its headers, the connection is a body being read: short requests need not wait for it.
        slot.reading(true);
        agents.answered(resp.body, firstHeader(resp.headers, 'connection'));
      } catch (err) {
        release();
        agents.reset(viaProxy);
        error =
          headersLate && !deadline.aborted
            ? { failure: new ItemFailure('timeout', `No response headers within ${headerWait} ms.`), transient: true }
            : classifyError(err, deadline);
      } finally {
        clearTimeout(headerTimer);
      }
      state.viaProxy = viaProxy;
      const canRetry = state.retries < config.maxRetries && !deadline.aborted;
      // The proxy fallback is its own single extra attempt (counted in retries), even when
      // maxRetries is 0: it is a different path, not a repeat of the same one.

      if (resp) {
        const status = resp.statusCode;
        // A challenge its headers already show (cf-mitigated on a 503, AWS WAF's 202) is not
        // worth waiting out as a retryable status: it takes the proxy path, or is answered.
        const challenged = decisiveMarker(flattenHeaders(resp.headers)) !== null;
        if (
          !deadline.aborted &&
          proxyMode === 'fallback' &&
          !viaProxy &&
          (FALLBACK_STATUSES.has(status) || challenged)
        ) {
          discard(resp.body);
          release();
          viaProxy = true;
          state.retries++;
          continue;
        }
        if (canRetry && retryStatuses && RETRY_STATUSES.has(status) && !challenged) {
          const after = parseRetryAfter(firstHeader(resp.headers, 'retry-after'));
          const wait = after ?? backoffMs(state.retries);
          // A wait past the deadline is useless: report the answer we have instead.
          if (wait < remaining() - 50) {
            discard(resp.body);
            release();
            state.retries++;
            await sleep(wait, undefined, { signal: deadline });
            continue;
          }
        }
        return {
          status,
          statusText: resp.statusText ?? '',
          rawHeaders: resp.headers,
          body: resp.body,
          viaProxy,
          release,
          idle: slot.idle,
        };
      }

      const e = error!;
      if (
        !deadline.aborted &&
        proxyMode === 'fallback' &&
        !viaProxy &&
        e.transient &&
        e.failure.code === 'connect_error'
      ) {
        viaProxy = true;
        state.retries++;
        continue;
      }
      if (canRetry && e.transient) {
        const wait = backoffMs(state.retries);
        if (wait < remaining() - 50) {
          state.retries++;
          await sleep(wait, undefined, { signal: deadline });
          continue;
        }
      }
      throw e.failure;
    }
  }

  return {
    fetchPage,
    async close() {
      closed = true;
      for (const a of inFlight) a.destroy();
      await pool.close();
    },
  };
}

function stripCredentials(u: URL): URL {
  if (!u.username && !u.password) return u;
  const c = new URL(u.href);
  c.username = '';
  c.password = '';
  return c;
}
