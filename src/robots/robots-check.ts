// respect_robots: before a requested URL is fetched, and before each redirect target it leads to,
// that URL's origin's robots.txt is consulted and a disallowed URL fails as `blocked_by_robots`,
// naming the rule. The check wraps the fetchers a
// tool uses (fetch options carry `respectRobots`), so every tool and every process (API, queue
// worker, CLI) applies it the same way, and a cached answer is not a way round it.
// Each process keeps the files it read for a while (one fetch per origin however many URLs of a
// batch ask at once), within a bound on the characters held; behind that, the fetch cache
// shares 2xx files between processes.
import { ItemFailure } from '../errors/codes.js';
import type { CachedFetchResult, CachingFetcher } from '../cache/cached-fetch.js';
import type { Fetcher, FetchOptions } from '../fetch/types.js';
import { loadRobotsFile, robotsUrlOf, type RobotsFile } from './robots-file.js';

/** How long a process reuses a robots.txt it read (a file it could not read: a minute). */
export const ROBOTS_MEMO_MS = 10 * 60_000;
export const ROBOTS_FAILED_MEMO_MS = 60_000;
/** The most robots.txt characters a process keeps parsed; the oldest files go first. */
export const ROBOTS_MEMO_MAX_CHARS = 8 * 1024 * 1024;
/** A robots.txt gets this long to load at most (less when the URL's own timeout is shorter). */
export const ROBOTS_TIMEOUT_MS = 10_000;

interface Memo {
  file: Promise<RobotsFile>;
  expires: number;
  size: number;
}

export class RobotsCheck {
  private readonly memo = new Map<string, Memo>();
  private held = 0;

  constructor(
    /** The fetcher robots.txt itself goes through (not one that checks robots.txt). */
    private readonly fetcher: CachingFetcher,
    private readonly userAgent: string,
  ) {}

  /** Resolves when the URL may be fetched; throws ItemFailure('blocked_by_robots') when not. */
  async assertAllowed(url: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    const robotsUrl = robotsUrlOf(url);
    if (robotsUrl === null) return; // not http(s): the fetch refuses it with its own error
    if (url === robotsUrl) return;
    const file = await untilAborted(this.fileFor(robotsUrl, Math.min(timeoutMs, ROBOTS_TIMEOUT_MS)), signal);
    const verdict = file.verdict(url, this.userAgent);
    if (!verdict.allowed)
      throw new ItemFailure('blocked_by_robots', `robots.txt does not allow this URL: ${verdict.why}.`);
  }

  private fileFor(robotsUrl: string, timeoutMs: number): Promise<RobotsFile> {
    const now = Date.now();
    const known = this.memo.get(robotsUrl);
    if (known && known.expires > now) return known.file;
    if (known) this.forget(robotsUrl, known);
    // Shared by every URL of the origin that asks meanwhile: its own deadline, no caller's signal.
    const file = loadRobotsFile(robotsUrl, this.fetcher, timeoutMs);
    const entry: Memo = { file, expires: now + ROBOTS_FAILED_MEMO_MS, size: 0 };
    this.memo.set(robotsUrl, entry);
    file.then(
      (read) => {
        if (this.memo.get(robotsUrl) !== entry) return;
        entry.size = read.size;
        entry.expires = Date.now() + (read.size > 0 ? ROBOTS_MEMO_MS : ROBOTS_FAILED_MEMO_MS);
        this.held += read.size;
        for (const [key, old] of this.memo) {
          if (this.held <= ROBOTS_MEMO_MAX_CHARS) break;
          this.forget(key, old);
        }
      },
      () => this.forget(robotsUrl, entry),
    );
    return file;
  }

  private forget(key: string, entry: Memo): void {
    if (this.memo.get(key) !== entry) return;
    this.memo.delete(key);
    this.held -= entry.size;
  }
}

function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The options left after the check: the URL's timeout covers its robots.txt too, and each
 * redirect target is checked before it is requested (its own origin's robots.txt).
 */
async function checked(
  robots: RobotsCheck,
  url: string,
  options: FetchOptions,
  signal?: AbortSignal,
): Promise<FetchOptions> {
  if (!options.respectRobots) return options;
  const started = Date.now();
  await robots.assertAllowed(url, options.timeoutMs, signal);
  const before = options.beforeRedirect;
  return {
    ...options,
    timeoutMs: Math.max(1, options.timeoutMs - (Date.now() - started)),
    beforeRedirect: async (target, remainingMs, deadline) => {
      await before?.(target, remainingMs, deadline);
      await robots.assertAllowed(target, remainingMs, deadline);
    },
  };
}

/**
 * A stored answer may have followed redirects for a call that did not ask for robots.txt: its
 * redirect targets are checked as a live fetch would have checked them.
 */
async function checkStoredHops(
  robots: RobotsCheck,
  result: CachedFetchResult,
  options: FetchOptions,
  signal?: AbortSignal,
) {
  if (!options.respectRobots || !result.cached || result.hops.length === 0) return;
  const targets = [...result.hops.slice(1).map((hop) => hop.url), result.finalUrl];
  for (const target of targets) await robots.assertAllowed(target, options.timeoutMs, signal);
}

export function robotsCheckedFetcher(inner: Fetcher, robots: RobotsCheck): Fetcher {
  return {
    async fetchPage(url, options, signal) {
      return inner.fetchPage(url, await checked(robots, url, options, signal), signal);
    },
    close: () => inner.close(),
  };
}

export function robotsCheckedCachingFetcher(inner: CachingFetcher, robots: RobotsCheck): CachingFetcher {
  return {
    async fetchPage(url, options, maxAgeS, signal) {
      const result = await inner.fetchPage(url, await checked(robots, url, options, signal), maxAgeS, signal);
      await checkStoredHops(robots, result, options, signal);
      return result;
    },
    // Under respect_robots a stored answer is not given before robots.txt is read (which may fetch).
    lookup: async (url, options, maxAgeS) =>
      options.respectRobots ? undefined : await inner.lookup?.(url, options, maxAgeS),
  };
}
