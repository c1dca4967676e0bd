// Rule chains, one per field, in the spirit of metascraper: each rule reads one source and
// returns a value or null; the first non-null wins. The order of each chain is the
// documented priority (docs/metadata.md).
import type { JsonLd, JsonLdNode } from './json-ld.js';
import { firstFrom, isType, namesOf, textOf, urlOf } from './json-ld.js';
import { toIsoDate } from './dates.js';
import { linkHeaderTarget } from './http-headers.js';
import { normaliseLang } from './lang.js';
import type { PageTags } from './page-tags.js';
import { firstMeta } from './page-tags.js';
import { clean, collapse } from './text.js';
import { resolveUrl } from './urls.js';

export interface RuleContext {
  tags: PageTags;
  ld: JsonLd;
  /** <base href> resolved, else the final URL. */
  base: string;
  finalUrl: string;
  headers: Record<string, string>;
}

export type Rule<T> = (ctx: RuleContext) => T | null;

export function firstOf<T>(ctx: RuleContext, chain: readonly Rule<T>[]): T | null {
  for (const rule of chain) {
    const v = rule(ctx);
    if (v !== null && v !== undefined) return v;
  }
  return null;
}

const meta = (...keys: string[]): Rule<string> => (ctx) => firstMeta(ctx.tags, ...keys);
const ldText = (key: string, nodes: (n: JsonLdNode) => boolean = () => true): Rule<string> => (ctx) =>
  firstFrom(ctx.ld.nodes, (n) => (nodes(n) ? textOf(n[key]) : null));
const ldDate = (key: string): Rule<string> => (ctx) => firstFrom(ctx.ld.nodes, (n) => toIsoDate(textOf(n[key])));
const metaDate = (...keys: string[]): Rule<string> => (ctx) => {
  for (const key of keys) {
    for (const v of ctx.tags.meta.get(key) ?? []) {
      const d = toIsoDate(v);
      if (d) return d;
    }
  }
  return null;
};
const timeDate = (test: (t: PageTags['times'][number]) => boolean): Rule<string> => (ctx) => {
  for (const t of ctx.tags.times) if (test(t)) {
    const d = toIsoDate(t.datetime);
    if (d) return d;
  }
  return null;
};
const absolute = (rule: Rule<string>): Rule<string> => (ctx) => resolveUrl(rule(ctx), ctx.base);

const ARTICLE_OR_PAGE = /Article|Posting|Report|Review|Recipe|Product|Event|Course|Book|Movie|Video|Audio|Podcast|Episode|CreativeWork|WebPage|Page$|Question|HowTo|Dataset|SoftwareApplication|JobPosting/;
const articleOrPage = (n: JsonLdNode) => isType(n, ARTICLE_OR_PAGE);

/** og:title, twitter:title, JSON-LD headline (or an article/page node's name), <title>, first <h1>. */
export const TITLE: readonly Rule<string>[] = [
  meta('og:title'),
  meta('twitter:title', 'twitter:text:title'),
  ldText('headline'),
  ldText('name', articleOrPage),
  (ctx) => clean(ctx.tags.title),
  (ctx) => ctx.tags.firstH1,
];

/** meta description, og:description, twitter:description, JSON-LD description. */
export const DESCRIPTION: readonly Rule<string>[] = [
  meta('description'),
  meta('og:description'),
  meta('twitter:description'),
  ldText('description', articleOrPage),
  ldText('description'),
];

/** <link rel=canonical>, og:url, HTTP Link rel=canonical. */
export const CANONICAL_URL: readonly Rule<string>[] = [
  (ctx) => {
    for (const l of ctx.tags.links) if (l.rel.includes('canonical')) {
      const u = resolveUrl(l.href, ctx.base);
      if (u) return u;
    }
    return null;
  },
  absolute(meta('og:url')),
  (ctx) => resolveUrl(linkHeaderTarget(ctx.headers.link, 'canonical'), ctx.finalUrl),
];

/** <html lang>, Content-Language meta, og:locale, JSON-LD inLanguage, Content-Language header. */
export const LANG: readonly Rule<string>[] = [
  (ctx) => normaliseLang(ctx.tags.htmlLang),
  (ctx) => normaliseLang(firstMeta(ctx.tags, 'content-language', 'language', 'dc.language')),
  (ctx) => normaliseLang(firstMeta(ctx.tags, 'og:locale')),
  (ctx) => firstFrom(ctx.ld.nodes, (n) => normaliseLang(textOf(n.inLanguage))),
  (ctx) => normaliseLang(ctx.headers['content-language']),
];

/** og:site_name, application-name, JSON-LD WebSite name, JSON-LD publisher name. */
export const SITE_NAME: readonly Rule<string>[] = [
  meta('og:site_name'),
  meta('application-name', 'apple-mobile-web-app-title'),
  ldText('name', (n) => isType(n, /^WebSite$/)),
  (ctx) => firstFrom(ctx.ld.nodes, (n) => namesOf(n.publisher, ctx.ld)[0] ?? null),
];

/** og:image, twitter:image, JSON-LD image/thumbnailUrl, <link rel=image_src>, itemprop image. */
export const IMAGE: readonly Rule<string>[] = [
  absolute(meta('og:image', 'og:image:url', 'og:image:secure_url')),
  absolute(meta('twitter:image', 'twitter:image:src')),
  (ctx) => firstFrom(ctx.ld.nodes, (n) => resolveUrl(urlOf(n.image, ctx.ld) ?? urlOf(n.thumbnailUrl, ctx.ld), ctx.base)),
  (ctx) => {
    const link = ctx.tags.links.find((l) => l.rel.includes('image_src'));
    return link ? resolveUrl(link.href, ctx.base) : null;
  },
  absolute(meta('image')),
];

const byline = (rule: Rule<string>): Rule<string> => (ctx) => {
  const v = rule(ctx);
  if (!v) return null;
  // article:author is often a profile URL, not a name; a URL is not an author's name.
  if (/^https?:\/\//i.test(v)) return null;
  return clean(v.replace(/^by[:\s]+/i, ''));
};

/** meta author, article:author, JSON-LD author(s), byl / dc.creator / parsely-author / sailthru.author. */
export const AUTHOR: readonly Rule<string>[] = [
  byline(meta('author')),
  byline(meta('article:author', 'book:author')),
  (ctx) => {
    const names = firstFrom(ctx.ld.nodes, (n) => {
      const list = namesOf(n.author, ctx.ld).filter((s) => !/^https?:\/\//i.test(s));
      return list.length ? list : null;
    });
    return names ? collapse([...new Set(names)].join(', ')) : null;
  },
  byline(meta('byl', 'dc.creator', 'dcterms.creator', 'parsely-author', 'sailthru.author', 'citation_author')),
];

/** article:published_time, JSON-LD datePublished, common date metas, <time itemprop|pubdate>, JSON-LD dateCreated, first <time>. */
export const PUBLISHED_AT: readonly Rule<string>[] = [
  metaDate('article:published_time', 'og:published_time', 'og:article:published_time'),
  ldDate('datePublished'),
  metaDate('datepublished', 'date', 'pubdate', 'publishdate', 'publish_date', 'publish-date', 'publication_date', 'dc.date', 'dc.date.issued', 'dcterms.issued', 'dcterms.created', 'dcterms.date', 'sailthru.date', 'parsely-pub-date', 'citation_publication_date', 'citation_date'),
  timeDate((t) => t.itemprop === 'datepublished' || t.pubdate),
  ldDate('dateCreated'),
  ldDate('uploadDate'),
  timeDate(() => true),
];

/** article:modified_time, og:updated_time, JSON-LD dateModified, dcterms.modified, <time itemprop=dateModified>. */
export const MODIFIED_AT: readonly Rule<string>[] = [
  metaDate('article:modified_time', 'og:updated_time'),
  ldDate('dateModified'),
  metaDate('datemodified', 'dcterms.modified', 'last-modified', 'revised'),
  timeDate((t) => t.itemprop === 'datemodified'),
];

const MAX_KEYWORDS = 100;

/** Union, in this order, of meta keywords, news_keywords, article:tag and JSON-LD keywords. */
export function keywords(ctx: RuleContext): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (raw: string) => {
    const k = collapse(raw, 200);
    const key = k.toLowerCase();
    if (k === '' || seen.has(key) || out.length >= MAX_KEYWORDS) return;
    seen.add(key);
    out.push(k);
  };
  for (const key of ['keywords', 'news_keywords']) for (const v of ctx.tags.meta.get(key) ?? []) v.split(',').forEach(add);
  for (const v of ctx.tags.meta.get('article:tag') ?? []) add(v);
  const ld = ctx.ld.nodes.find((n) => n.keywords !== undefined);
  if (ld) {
    const k = ld.keywords;
    if (typeof k === 'string') k.split(',').forEach((s) => add(textOf(s) ?? ''));
    else if (Array.isArray(k)) for (const s of k) add(textOf(s) ?? '');
  }
  return out;
}
