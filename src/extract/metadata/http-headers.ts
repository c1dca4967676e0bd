// What response headers say about a resource: a canonical Link, its language, its file name
// and its modification date. Used for HTML as a last fallback and for non-HTML as the source.

/** The target of `Link: <url>; rel="canonical"` (RFC 8288), unresolved. */
export function linkHeaderTarget(link: string | undefined, rel: string): string | null {
  if (!link) return null;
  const re = /<([^>]*)>((?:\s*;\s*[^;,]+)*)/g;
  for (let m = re.exec(link); m; m = re.exec(link)) {
    const params = m[2] ?? '';
    const relMatch = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const rels = (relMatch?.[1] ?? relMatch?.[2] ?? '').toLowerCase().split(/\s+/);
    if (rels.includes(rel)) return m[1] ?? null;
  }
  return null;
}

/** filename from Content-Disposition, preferring the RFC 5987 filename* form. */
export function dispositionFileName(value: string | undefined): string | null {
  if (!value) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(value);
  if (star) {
    try {
      return decodeURIComponent(star[2]!.trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(value);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  if (!name) return null;
  // Never echo a path a server tried to smuggle in: keep the last segment only.
  return name.split(/[/\\]/).pop() ?? null;
}
