// URL resolution for metadata: everything is made absolute against <base href> (itself
// resolved against the final URL) or the final URL, and only http(s) results are kept.
import type { Document } from 'domhandler';
import { findOne } from 'domutils';
import { attribute } from '../../parse/nodes.js';

export function documentBase(doc: Document, finalUrl: string): string {
  const base = findOne((el) => el.name === 'base' && (attribute(el, 'href') ?? '').trim() !== '', doc.children, true);
  if (base) {
    const resolved = resolveUrl(attribute(base, 'href') ?? '', finalUrl);
    if (resolved) return resolved;
  }
  return finalUrl;
}

/** Absolute http(s) URL, or null for empty, unparsable, javascript:, data: and the like. */
export function resolveUrl(raw: string | null | undefined, base: string): string | null {
  if (!raw) return null;
  // Attribute URLs may carry surrounding or embedded whitespace (WHATWG strips tab/newline).
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.href;
}

/** The last path segment, decoded (its extension kept), for titling non-HTML targets and files. */
export function fileNameOf(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const segment = path.split('/').filter(Boolean).pop();
  if (!segment) return null;
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    name = segment;
  }
  return name;
}
