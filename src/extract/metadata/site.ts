// The site's own identity as the page gives it: its host names, the names it declares for
// itself (og:site_name, application-name, its logo), the brand part of its <title>. Titles,
// descriptions, site names and authors are all judged against it.
import { namesOf } from './json-ld-values.js';
import { firstMeta, type TitleContext } from '../page/title-facts.js';
import { clean, fold } from './text.js';
import {
  MAX_HOST_BRAND_WORDS,
  MAX_TITLE_BRAND_CHARS,
  MAX_TITLE_BRAND_WORDS,
  MIN_COMPACT_NAME_CHARS,
  MIN_HOST_LABEL_CHARS,
  MIN_HOST_PREFIX_CHARS,
} from './thresholds.js';

/** The names the site gives itself: its logo <h1>, og:site_name, application-name. */
export function declaredSiteNames(ctx: TitleContext): string[] {
  return [
    ...ctx.tags.brandH1s,
    ...(ctx.tags.meta.get('og:site_name') ?? []),
    ...(ctx.tags.meta.get('application-name') ?? []),
  ];
}

/** The site's own name (og:site_name, application-name, its logo, its host name) or a bare "Home". */
export function onlySiteName(ctx: TitleContext, t: string): boolean {
  const f = fold(t);
  if (/^(?:home|startseite|start|accueil|inicio|home ?page)$/.test(f)) return true;
  if (declaredSiteNames(ctx).some((n) => fold(n) === f)) return true;
  const squash = f
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
  return (
    squash.length >= MIN_COMPACT_NAME_CHARS &&
    siteHosts(ctx).some((h) => h.split('.').some((l) => l.replace(/-/g, '') === squash))
  );
}

/** The site's own host names without "www.": the final URL's and the page's own canonical
 *  address's (a copy served elsewhere still names its site). */
export function siteHosts(ctx: TitleContext): string[] {
  const canonical = ctx.tags.links.find((l) => l.rel.includes('canonical'))?.href ?? firstMeta(ctx.tags, 'og:url');
  const out: string[] = [];
  for (const u of [ctx.finalUrl, canonical]) {
    try {
      if (u) out.push(new URL(u, ctx.finalUrl).hostname.replace(/^www\./, ''));
    } catch {
      // Not a URL: no host to name the site.
    }
  }
  return out;
}

/** The site's home page (its URL path is "/" or an index file): there the site's blurb is the page's. */
export function isHomePage(ctx: TitleContext): boolean {
  try {
    return /^\/(?:index\.\w{2,5})?$/.test(new URL(ctx.finalUrl).pathname);
  } catch {
    return false;
  }
}

/** The home page without a query: on the home path a query often addresses an article ("/?p=2895"). */
export function isBareHomePage(ctx: TitleContext): boolean {
  try {
    return isHomePage(ctx) && new URL(ctx.finalUrl).search === '';
  } catch {
    return false;
  }
}

/**
 * A value that can be a site's name: not a URL ("https://www.example.com", "//example.com",
 * "www.example.com"), not a template left unfilled ("{{site.name}}", "%sitename%") or a
 * placeholder ("null", "undefined"), and with letters or digits. ("example.com" is a name.)
 */
export function siteNameValue(v: string | null | undefined): string | null {
  const s = clean(v);
  if (!s) return null;
  if (/^(?:[a-z][a-z\d+.-]*:)?\/\/|^www\.\S+$/i.test(s)) return null;
  if (
    /\{\{|\}\}|\$\{|%[a-z_]+%|^\[[a-z_ ]+\]$/i.test(s) ||
    /^(?:null|undefined|none|n\/a|default|site ?name|publisher)$/i.test(s)
  )
    return null;
  return /[\p{L}\p{N}]/u.test(s) ? s : null;
}

/** The host a URL-valued site name gives ("https://www.horizont.net", "www.bmas.de" -> "horizont.net", "bmas.de"). */
export function declaredHosts(ctx: TitleContext): string[] {
  const raw = [
    ...ctx.ld.nodes.flatMap((n) => namesOf(n.publisher, ctx.ld)),
    ...['og:site_name', 'application-name', 'apple-mobile-web-app-title'].flatMap((k) => ctx.tags.meta.get(k) ?? []),
  ];
  const hosts: string[] = [];
  for (const v of raw) {
    const s = clean(v);
    if (!s || siteNameValue(s) || !/^(?:(?:https?:)?\/\/|www\.)\S+$/i.test(s)) continue;
    try {
      const host = new URL(/^\/\//.test(s) ? `https:${s}` : /^www\./i.test(s) ? `https://${s}` : s).hostname.replace(
        /^www\./,
        '',
      );
      if (host.includes('.') && !hosts.includes(host)) hosts.push(host);
    } catch {
      // Not a URL after all: no host.
    }
  }
  return hosts;
}

export function finalHost(ctx: TitleContext): string | null {
  try {
    return new URL(ctx.finalUrl).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/**
 * The part of a title that names the site by its host ("Home | Example Site" on
 * example-site.com, "BMAS - Story" on bmas.de): the host name is the strongest sign of which
 * part is the brand, whether it stands first or last.
 */
export function hostBrand(title: string | null, hosts: readonly (string | null)[]): string | null {
  const t = clean(title);
  if (!t) return null;
  const parts = t.split(/(?<!\s)\s+[|\-\u2013\u2014\u00b7\u2022:\u00bb]\s+/);
  if (parts.length < 2) return null;
  // The hosts' labels without www and the top-level domain: "news", "example" for news.example.co.uk.
  const labels = hosts
    .flatMap((h) => (h ? h.split('.').slice(0, -1) : []))
    .map((l) => l.replace(/-/g, ''))
    .filter((l) => l.length >= MIN_HOST_LABEL_CHARS && !/^(?:www|com|org|net|gov|edu)$/.test(l));
  if (!labels.length) return null;
  const squash = (x: string) =>
    x
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '');
  for (const part of [parts[parts.length - 1]!, parts[0]!]) {
    const p = squash(part);
    const value = siteNameValue(part);
    if (
      value &&
      part.split(/\s+/).length <= MAX_HOST_BRAND_WORDS &&
      p.length >= MIN_HOST_LABEL_CHARS &&
      labels.some((l) => p === l || p.startsWith(l) || (p.length >= MIN_HOST_PREFIX_CHARS && l.startsWith(p)))
    )
      return value;
  }
  return null;
}

/** A title part that names the page, not the site: a home page's own name ("Brand | Home"). */
const PAGE_NAME = /^(?:home|home\s?page|start\s?page|startseite|accueil|inicio|welcome|main\s+page)$/i;

/**
 * "Story - Brand" / "Brand | Story": the short part at the end (or start) of a title. When both
 * ends are short ("What is Ownership? - The Rust Programming Language"), the end: titles are
 * mostly written story first, and the shorter end is as often the story as the brand.
 */
export function titleBrand(title: string | null): string | null {
  const ends = titleEnds(title);
  if (!ends) return null;
  const [first, last] = ends;
  // "Brand - Home": an end that names the page itself leaves the other as the brand.
  if (PAGE_NAME.test(last)) return brandSized(first) && !PAGE_NAME.test(first) ? first : null;
  if (PAGE_NAME.test(first)) return brandSized(last) ? last : null;
  if (brandSized(last) && (brandSized(first) || last.length < first.length)) return last;
  if (brandSized(first) && first.length < last.length) return first;
  return null;
}

/** The ends of a title that may name the site: titleBrand's, and the start too when both ends are short. */
export function titleBrands(title: string | null): string[] {
  const ends = titleEnds(title);
  if (ends && brandSized(ends[0]) && brandSized(ends[1]) && !ends.some((end) => PAGE_NAME.test(end)))
    return [ends[1], ends[0]];
  const brand = titleBrand(title);
  return brand ? [brand] : [];
}

/** The first and last parts of a title of two or more parts. */
function titleEnds(title: string | null): [string, string] | null {
  const t = clean(title);
  const parts = t ? t.split(/(?<!\s)\s+[|\-\u2013\u2014\u00b7\u2022:]\s+/) : [];
  return parts.length < 2 ? null : [parts[0]!, parts[parts.length - 1]!];
}

/** A title part short enough to be a brand. */
function brandSized(x: string): boolean {
  return x.split(' ').length <= MAX_TITLE_BRAND_WORDS && x.length <= MAX_TITLE_BRAND_CHARS && /\p{L}{2}/u.test(x);
}

/** A brand separator in a title ("Story | Brand", "Story - Brand", "Story：Brand"). */
export const BRAND_SEP = /(?<!\s)\s+[|\-\u2013\u2014\u00b7\u2022:\uff5c]\s+|(?<!\s)\s*[\uff1a\uff5c]\s*/;
