// lang: <html lang>, a Content-Language meta, og:locale, JSON-LD inLanguage, the
// Content-Language header; each normalised to a BCP 47 tag.
import type { Rule } from '../context.js';
import { firstFrom, textOf } from '../json-ld-values.js';
import { normaliseLang } from '../lang.js';
import { firstMeta } from '../page-tags.js';

/** <html lang>, Content-Language meta, og:locale, JSON-LD inLanguage, Content-Language header. */
export const LANG: readonly Rule<string>[] = [
  (ctx) => normaliseLang(ctx.tags.htmlLang),
  (ctx) => normaliseLang(firstMeta(ctx.tags, 'content-language', 'language', 'dc.language')),
  (ctx) => normaliseLang(firstMeta(ctx.tags, 'og:locale')),
  (ctx) => firstFrom(ctx.ld.nodes, (n) => normaliseLang(textOf(n.inLanguage))),
  (ctx) => normaliseLang(ctx.headers['content-language']),
];
