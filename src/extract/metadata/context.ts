// What every field's rule chain reads (the page's tags, its JSON-LD, its address and headers)
// and the small source readers the chains are built from: each rule reads one source and
// returns a value or null; the first non-null wins (firstOf).
import type { JsonLd, JsonLdNode } from '../page/json-ld.js';
import { isType } from '../page/json-ld.js';
import { firstFrom, textOf } from './json-ld-values.js';
import { findDateInText, toIsoDate } from './dates.js';
import { firstMeta, type TitleContext } from '../page/title-facts.js';
import type { PageTags } from './tag-types.js';
import { resolveUrl } from './urls.js';

export interface RuleContext extends TitleContext {
  tags: PageTags;
  ld: JsonLd;
  /** <base href> resolved, else the final URL. */
  base: string;
  finalUrl: string;
  headers: Record<string, string>;
  /** The document's visible text, computed on first use (only the last rules need it). */
  bodyText: () => string;
}

/** A rule of a chain: one source read, a value or null. Title rules need only the title facts (TitleContext). */
export type Rule<T, C extends TitleContext = RuleContext> = (ctx: C) => T | null;

export function firstOf<T, C extends TitleContext>(ctx: C, chain: readonly Rule<T, C>[]): T | null {
  for (const rule of chain) {
    const v = rule(ctx);
    if (v !== null && v !== undefined) return v;
  }
  return null;
}

export const meta =
  (...keys: string[]): Rule<string, TitleContext> =>
  (ctx) =>
    firstMeta(ctx.tags, ...keys);

export const ldText =
  (key: string, nodes: (n: JsonLdNode) => boolean = () => true): Rule<string, TitleContext> =>
  (ctx) =>
    firstFrom(ctx.ld.nodes, (n) => (nodes(n) ? textOf(n[key]) : null));

export const ldDate =
  (key: string): Rule<string> =>
  (ctx) =>
    firstFrom(ctx.ld.nodes, (n) => toIsoDate(textOf(n[key])));

export const metaDate =
  (...keys: string[]): Rule<string> =>
  (ctx) => {
    for (const key of keys) {
      for (const v of ctx.tags.meta.get(key) ?? []) {
        const d = toIsoDate(v);
        if (d) return d;
      }
    }
    return null;
  };

export const timeDate =
  (test: (t: PageTags['times'][number]) => boolean): Rule<string> =>
  (ctx) => {
    for (const t of ctx.tags.times)
      if (test(t)) {
        const d = toIsoDate(t.datetime);
        if (d) return withShownZone(d, t.text);
      }
    return null;
  };

/**
 * A <time datetime> without an offset whose text shows the same wall time with its zone
 * ("2022-10-11 08:00:00" shown as "10/11/2022 08:00 AM EDT"): the offset the page shows.
 */
function withShownZone(d: string, text: string): string {
  if (!/T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/.test(d) || !text) return d;
  const shown = toIsoDate(text) ?? findDateInText(text);
  const m = shown ? /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::\d{2})?(?:\.\d+)?([+-]\d{2}:\d{2}|Z)$/.exec(shown) : null;
  return m && d.startsWith(m[1]!) ? `${d}${m[2]!}` : d;
}

export const absolute =
  (rule: Rule<string>): Rule<string> =>
  (ctx) =>
    resolveUrl(rule(ctx), ctx.base);

const ARTICLE_OR_PAGE =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /Article|Posting|Report|Review|Recipe|Product|Event|Course|Book|Movie|Video|Audio|Podcast|Episode|CreativeWork|WebPage|Page$|Question|HowTo|Dataset|SoftwareApplication|JobPosting/;

export const articleOrPage = (n: JsonLdNode) => isType(n, ARTICLE_OR_PAGE);

const SITE_OR_PERSON = /^(?:WebSite|Organization|NewsMediaOrganization|Corporation|LocalBusiness|Person|Blog)$/;

export const isSiteOrPerson = (n: JsonLdNode) => isType(n, SITE_OR_PERSON) && !articleOrPage(n);
