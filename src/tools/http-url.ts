// The requested URL as reported in meta.final_url before (or without) a fetch: normalised by
// WHATWG URL when it is an absolute http(s) URL, otherwise null.
export function normalisedHttpUrl(raw: string): string | null {
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}
