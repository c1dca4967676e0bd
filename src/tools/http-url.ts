// The requested URL as reported in meta.final_url before (or without) a fetch: normalised by
// WHATWG URL when it is an absolute http(s) URL, otherwise null. Credentials written in it are
// sent to the target, never shown (as the fetcher's final_url).
export function normalisedHttpUrl(raw: string): string | null {
  try {
    const u = new URL(raw);
    u.username = '';
    u.password = '';
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}
