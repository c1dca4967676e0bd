// One origin's robots.txt as a verdict source (RFC 9309): fetched through the guarded, caching
// fetcher (the egress policy applies; a 2xx is shared through the fetch cache, Redis when
// configured), parsed by robots-parser. A file that cannot be had follows the usual convention:
// a 4xx (404, 401, 403, ...) means no rules (everything allowed); a 5xx, a 429, a timeout or an
// unreachable host means everything is disallowed until it can be read.
import robotsParserModule from 'robots-parser';
import { ItemFailure } from '../errors/codes.js';
import type { CachingFetcher } from '../cache/cached-fetch.js';

// The package's types declare an ES default export; at run time module.exports is the function.
const robotsParser = robotsParserModule as unknown as (typeof robotsParserModule)['default'];

/** Google's limit: what follows the first 500 KiB of a robots.txt is ignored. */
export const ROBOTS_MAX_BYTES = 500 * 1024;
/** How long a fetched robots.txt may be reused from the fetch cache (RFC 9309: at most 24 hours). */
export const ROBOTS_MAX_AGE_S = 24 * 3600;
/**
 * Matching a URL against wildcard rules costs up to (rule length x path length) steps per rule
 * (robots-parser follows Google's matcher): a file whose rules would cost more than this for a
 * URL is not evaluated on the main thread, and the URL is treated as disallowed.
 */
export const ROBOTS_MATCH_BUDGET = 20_000_000;

export type RobotsVerdict = { allowed: true } | { allowed: false; why: string };

export interface RobotsFile {
  /** The robots.txt URL of the origin. */
  url: string;
  /** Characters held (for the memo's bound). */
  size: number;
  verdict(url: string, userAgent: string): RobotsVerdict;
}

export function robotsUrlOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return `${u.origin}/robots.txt`;
  } catch {
    return null;
  }
}

/** The product token robots.txt groups are matched against: "urlkit/3.0 (+...)" -> "urlkit". */
export function productToken(userAgent: string): string {
  const token = userAgent.trim().split(/[\s/]/, 1)[0];
  return token === undefined || token === '' ? '*' : token;
}

function everything(robotsUrl: string, allowed: boolean, why: string): RobotsFile {
  return { url: robotsUrl, size: 0, verdict: () => (allowed ? { allowed: true } : { allowed: false, why }) };
}

/** The rules of a robots.txt body. */
export function parsedRobots(robotsUrl: string, text: string): RobotsFile {
  const robot = robotsParser(robotsUrl, text);
  const lines = text.split(/\r\n|\r|\n/);
  // The work a wildcard rule can cost grows with the path; plain prefixes cost their length.
  let wildcardChars = 0;
  let plainChars = 0;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    if (field !== 'allow' && field !== 'disallow') continue;
    const value = line.slice(colon + 1);
    if (value.includes('*')) wildcardChars += value.length;
    else plainChars += value.length;
  }
  return {
    url: robotsUrl,
    size: text.length,
    verdict(url, userAgent) {
      let path = url;
      try {
        const u = new URL(url);
        path = u.pathname + u.search;
      } catch {
        // robots-parser refuses it below
      }
      if (wildcardChars * (path.length + 1) + plainChars > ROBOTS_MATCH_BUDGET)
        return { allowed: false, why: `${robotsUrl} has more wildcard rules than urlkit evaluates` };
      const token = productToken(userAgent);
      if (robot.isAllowed(url, token) !== false) return { allowed: true };
      const n = robot.getMatchingLineNumber(url, token);
      const rule = n > 0 ? (lines[n - 1] ?? '').trim() : '';
      return {
        allowed: false,
        why: rule ? `${robotsUrl} line ${n}: "${rule}" (user agent ${token})` : `${robotsUrl} (user agent ${token})`,
      };
    },
  };
}

/** Fetches and reads one origin's robots.txt; never throws for what the target does. */
export async function loadRobotsFile(
  robotsUrl: string,
  fetcher: CachingFetcher,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<RobotsFile> {
  let res;
  try {
    res = await fetcher.fetchPage(
      robotsUrl,
      { method: 'GET', followRedirects: true, timeoutMs, maxBodyBytes: ROBOTS_MAX_BYTES, accept: 'text/plain' },
      ROBOTS_MAX_AGE_S,
      signal,
    );
  } catch (err) {
    // The egress policy and a bad URL answer for the page itself, as its own fetch would.
    if (err instanceof ItemFailure && (err.code === 'blocked_url' || err.code === 'invalid_url')) throw err;
    const code = err instanceof ItemFailure ? err.code : 'upstream_error';
    return everything(robotsUrl, false, `${robotsUrl} could not be read (${code}), so nothing is allowed`);
  }
  const status = res.status;
  if (status >= 200 && status < 300) {
    const text = res.body?.text ?? res.body?.bytes.toString('utf8') ?? '';
    return parsedRobots(robotsUrl, text);
  }
  if (status === 429 || status >= 500)
    return everything(robotsUrl, false, `${robotsUrl} answered ${status}, so nothing is allowed`);
  // 4xx: there are no rules. A 3xx that was not followed to the end, likewise.
  return everything(robotsUrl, true, '');
}
