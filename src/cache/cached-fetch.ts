// Fetch through the cache. A response younger than max_age answers without a fetch; any other
// call fetches, and a complete 2xx response that its server lets shared caches keep is stored
// (also when max_age was 0, so later calls that accept an older answer can use it).
import { createHash } from 'node:crypto';
import type { FetchOptions, FetchResult, Fetcher } from '../fetch/types.js';
import type { CacheObserver, FetchCache } from './cache.js';

export interface CachedFetchResult extends FetchResult {
  /**
   * The response came from the cache. Its body's bytes are then the cache's, lent: copy them
   * before moving them to a worker thread. A fetched body's bytes are the caller's (the cache
   * stores a copy of its own).
   */
  cached: boolean;
  /** ISO 8601 time the response was received from the target. */
  fetchedAt: string;
}

export interface CachingFetcher {
  /** maxAgeS 0: always fetch. Only GET with the full body is ever read from or written to the cache. */
  fetchPage(url: string, options: FetchOptions, maxAgeS: number, signal?: AbortSignal): Promise<CachedFetchResult>;
  /**
   * The stored answer fetchPage would give now without fetching, if there is one (no network):
   * a batch answers its cached URLs at once instead of in their host's line.
   */
  lookup?(url: string, options: FetchOptions, maxAgeS: number): Promise<CachedFetchResult | undefined>;
}

/**
 * The key: the normalised URL (fragment dropped, it never reaches the server) plus every fetch
 * option that changes the response. Extraction options are not in it: they are applied to the
 * stored response on each call.
 */
export function cacheKey(url: string, options: FetchOptions): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  u.hash = '';
  const parts = [
    'v1',
    u.href,
    options.method ?? 'GET',
    options.followRedirects ?? true,
    options.accept ?? '',
    options.followMetaRefresh ?? false,
    options.maxBodyBytes ?? 0,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** user:password in the URL becomes an Authorization header: such answers are never shared. */
export function carriesCredentials(url: string): boolean {
  try {
    const u = new URL(url);
    return u.username !== '' || u.password !== '';
  } catch {
    return false;
  }
}

/** Cache-Control directives that forbid a shared cache to keep the response. */
export function forbidsStoring(headers: Record<string, string>): boolean {
  const cc = headers['cache-control'];
  if (!cc) return false;
  return cc.split(',').some((d) => {
    const name = d.split('=')[0]!.trim().toLowerCase();
    return name === 'no-store' || name === 'private';
  });
}

export function isStorable(url: string, options: FetchOptions, res: FetchResult): boolean {
  return (
    (options.method ?? 'GET') === 'GET' &&
    (options.body ?? 'full') === 'full' &&
    res.status >= 200 &&
    res.status <= 299 &&
    !res.truncated &&
    // A challenge page is often a 200: storing it would serve the challenge after it has passed.
    !res.botProtection &&
    res.body !== null &&
    !carriesCredentials(url) &&
    !forbidsStoring(res.headers)
  );
}

export function createCachingFetcher(
  fetcher: Fetcher,
  cache: FetchCache | null,
  observer?: CacheObserver,
): CachingFetcher {
  const keyOf = (url: string, options: FetchOptions) =>
    cache && (options.body ?? 'full') === 'full' && (options.method ?? 'GET') === 'GET' && !carriesCredentials(url)
      ? cacheKey(url, options)
      : null;
  return {
    async lookup(url, options, maxAgeS) {
      const key = keyOf(url, options);
      if (!key || maxAgeS <= 0) return undefined;
      const stored = await cache!.get(key).catch(() => undefined);
      if (!stored || Date.now() - Date.parse(stored.fetchedAt) > maxAgeS * 1000) return undefined;
      // Only a hit is counted here: a miss is counted by the fetchPage that follows it.
      observer?.onCache('hit');
      return { ...stored.result, url, cached: true, fetchedAt: stored.fetchedAt };
    },
    async fetchPage(url, options, maxAgeS, signal) {
      const key = keyOf(url, options);
      if (key && maxAgeS > 0) {
        let stored;
        try {
          stored = await cache!.get(key);
        } catch {
          observer?.onCache('error');
        }
        if (stored) {
          const ageMs = Date.now() - Date.parse(stored.fetchedAt);
          if (ageMs <= maxAgeS * 1000) {
            observer?.onCache('hit');
            return { ...stored.result, url, cached: true, fetchedAt: stored.fetchedAt };
          }
          observer?.onCache('stale');
        } else observer?.onCache('miss');
      } else if (key) observer?.onCache('bypass');

      const result = await fetcher.fetchPage(url, options, signal);
      const fetchedAt = new Date().toISOString();
      if (key && isStorable(url, options, result)) {
        // Awaited (one round trip at most) so the next call sees it; a failure to store never
        // fails the answer.
        try {
          await cache!.set(key, { fetchedAt, result });
          observer?.onCache('stored');
        } catch {
          observer?.onCache('error');
        }
      }
      return { ...result, cached: false, fetchedAt };
    },
  };
}
