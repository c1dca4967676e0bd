// Every address in the block model is absolute: resolved against the document's first
// <base href> (itself resolved against the final URL), else the final URL. Script and data
// addresses never reach output.
import type { Document } from 'domhandler';
import { findElement } from './walk.js';
import { attribute } from '../../parse/nodes.js';

export interface UrlResolver {
  /** Absolute link target, or null when the link must be dropped (text kept). */
  link(href: string | undefined): string | null;
  /** Absolute image address (http/https only), or null to drop the image. */
  image(src: string | undefined): string | null;
  readonly base: string;
}

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:', 'ftp:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:']);

function firstBaseHref(doc: Document): string | null {
  const base = findElement(doc, (el) => el.name === 'base' && attribute(el, 'href') !== undefined);
  return base ? attribute(base, 'href')! : null;
}

/**
 * `baseHref`: the first <base href> value when the caller already walked the document for it
 * (null: the page has none); omitted, the document is searched. `doc` null: addresses that are
 * not a page's (a feed's) resolve against the final URL.
 */
export function createUrlResolver(doc: Document | null, finalUrl: string, baseHref?: string | null): UrlResolver {
  let base = finalUrl;
  const href = baseHref !== undefined ? baseHref : doc && firstBaseHref(doc);
  if (href != null) {
    const resolved = tryResolve(href, finalUrl);
    if (resolved && IMAGE_SCHEMES.has(resolved.protocol)) base = resolved.href;
  }
  // Pages repeat addresses (menus, teasers, icons) and profiles convert the same subtrees
  // more than once, so each distinct address is parsed once per document.
  const baseParses = tryResolve(base) !== null;
  const links = new Map<string, string | null>();
  const images = new Map<string, string | null>();
  return {
    base,
    // A bare fragment points into this page; it is kept absolute like every other address.
    link: (href) => cachedResolve(links, href, base, LINK_SCHEMES, baseParses),
    image: (src) => cachedResolve(images, src, base, IMAGE_SCHEMES, baseParses),
  };
}

function cachedResolve(
  cache: Map<string, string | null>,
  raw: string | undefined,
  base: string,
  schemes: ReadonlySet<string>,
  baseParses: boolean,
): string | null {
  if (raw === undefined) return null;
  let out = cache.get(raw);
  if (out === undefined) {
    out = resolveIn(raw, base, schemes, baseParses);
    cache.set(raw, out);
  }
  return out;
}

/** Absolute address of `raw` against `base`, or null when empty, unresolvable or of another scheme. */
function resolveIn(
  raw: string | undefined,
  base: string,
  schemes: ReadonlySet<string>,
  baseParses: boolean,
): string | null {
  const trimmed = raw?.trim();
  if (!trimmed) return null;
  // An address that starts with its scheme and two slashes ignores the base (the URL parser
  // goes straight to its authority): it is parsed alone, without parsing the base again
  // (A base that does not parse fails every address, as before.)
  const u =
    baseParses && (trimmed.startsWith('https://') || trimmed.startsWith('http://'))
      ? tryResolve(trimmed)
      : tryResolve(trimmed, base);
  return u && schemes.has(u.protocol) ? u.href : null;
}

function tryResolve(href: string, base?: string): URL | null {
  try {
    // Browsers strip ASCII tab/newline inside URLs (so `java\nscript:` is javascript:);
    // the WHATWG URL parser does the same, so the scheme check below sees the real scheme.
    return new URL(href, base);
  } catch {
    return null;
  }
}
