// When an attempt is worth repeating, and how long to wait first.

/** Statuses that mean "try again later" rather than "no". */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 502, 503, 504]);

/** Retry-After as milliseconds (delta-seconds or an HTTP date), or null when absent/invalid. */
export function parseRetryAfter(value: string | undefined | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // An HTTP date has a day and month name; Date.parse alone would accept "-5" as a year.
  if (!/^[a-z]{3},? /i.test(v)) return null;
  const t = Date.parse(v);
  if (Number.isNaN(t)) return null;
  return Math.max(0, t - now);
}

/** Exponential backoff with full jitter: a random wait in [base*2^n / 2, base*2^n], capped. */
export function backoffMs(retryIndex: number, baseMs = 200, capMs = 5000, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** retryIndex);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
