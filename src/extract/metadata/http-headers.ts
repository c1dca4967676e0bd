// What response headers say about a resource: a canonical Link, its language, its file name
// and its modification date. Used for HTML as a last fallback and for non-HTML as the source.

/** The target of `Link: <url>; rel="canonical"` (RFC 8288), unresolved. */
export function linkHeaderTarget(link: string | undefined, rel: string): string | null {
  if (!link) return null;
  for (const { target, params } of linkValues(link)) {
    const relMatch = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const rels = (relMatch?.[1] ?? relMatch?.[2] ?? '').toLowerCase().split(/\s+/);
    if (rels.includes(rel)) return target;
  }
  return null;
}

/**
 * Each `<target>` of a Link header with the `; name=value` parameters after it, read in one
 * pass: a target runs to the first ">" after its "<"; a parameter is a ";" and the text up to
 * the next ";" or ",".
 */
function* linkValues(link: string): Generator<{ target: string; params: string }> {
  for (let i = 0; ;) {
    const open = link.indexOf('<', i);
    const close = open < 0 ? -1 : link.indexOf('>', open + 1);
    if (close < 0) return;
    let end = close + 1;
    for (;;) {
      let semi = end;
      while (semi < link.length && link[semi]!.trim() === '') semi++;
      if (link[semi] !== ';') break;
      let stop = semi + 1;
      while (stop < link.length && link[stop] !== ';' && link[stop] !== ',') stop++;
      if (stop === semi + 1) break;
      end = stop;
    }
    yield { target: link.slice(open + 1, close), params: link.slice(close + 1, end) };
    i = end;
  }
}

/** filename from Content-Disposition, preferring the RFC 5987 filename* form. */
export function dispositionFileName(value: string | undefined): string | null {
  if (!value) return null;
  // filename*=charset'language'value (the charset and language are not needed to decode it).
  const star = /filename\*\s*=[^']*'[^']*'([^;]+)/i.exec(value);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
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
