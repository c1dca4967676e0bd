// The dates side of bench/metadata-ceiling-classes.ts: where a page declares or shows a date, and
// the class of a published_at miss.
import { PUBLISHED_AT } from '../src/extract/metadata/fields/published-at.js';
import type { RuleContext } from '../src/extract/metadata/context.js';
import { textOf } from '../src/extract/metadata/json-ld-values.js';
import { ruleIndex, type Miss, type Page } from './metadata-ceiling-page.js';

export const DATE_SOURCES = [
  'article:published_time',
  'JSON-LD datePublished',
  'date meta',
  '<time itemprop|pubdate>',
  'JSON-LD dateCreated',
  'URL',
  'marked published element',
  '<time>',
  'marked date element',
  'announced in text',
  'by the headline',
  'byline line',
  'vendor date meta',
  'published meta',
  'itemprop dateCreated/uploadDate',
];

const MONTHS = [
  ['january', 'jan', 'januar', 'janvier', 'enero', 'gennaio', 'januari', 'janeiro', 'jänner'],
  ['february', 'feb', 'februar', 'février', 'febrero', 'febbraio', 'februari', 'fevereiro'],
  ['march', 'mar', 'märz', 'mars', 'marzo', 'maart', 'março'],
  ['april', 'apr', 'avril', 'abril', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mei', 'maio'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'junho'],
  ['july', 'jul', 'juli', 'juillet', 'julio', 'luglio', 'julho'],
  ['august', 'aug', 'août', 'agosto', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre', 'setembro'],
  ['october', 'oct', 'oktober', 'octobre', 'octubre', 'ottobre', 'okt', 'outubro'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'dezember', 'décembre', 'diciembre', 'dicembre', 'dez', 'dezembro'],
];

/** The ways a page writes one calendar day (or month, for a year-month truth). */
function dayForms(want: string): string[] {
  const [y, m, d] = want.split('-');
  if (!y || !m) return [];
  const mi = Number(m);
  const yy = y.slice(2);
  const months = MONTHS[mi - 1] ?? [];
  if (!d)
    return [`${y}-${m}`, `${y}/${m}`, `${m}/${y}`, `${m}.${y}`, ...months.flatMap((n) => [`${n} ${y}`, `${n}. ${y}`])];
  const di = Number(d);
  const days = [...new Set([d, String(di)])];
  const numeric = [`${y}-${m}-${d}`, `${y}/${m}/${d}`, `${y}.${m}.${d}`, `${y}${m}${d}`, `${y}年${mi}月${di}日`];
  for (const dd of days)
    for (const mm of new Set([m, String(mi)]))
      numeric.push(`${dd}.${mm}.${y}`, `${dd}/${mm}/${y}`, `${mm}/${dd}/${y}`, `${dd}-${mm}-${y}`, `${dd}.${mm}.${yy}`);
  const ord = ['', 'st', 'nd', 'rd', 'th', '.', 'er'];
  const named = months.flatMap((n) =>
    days.flatMap((dd) =>
      ord.flatMap((o) => [
        `${n} ${dd}${o}, ${y}`,
        `${n} ${dd}${o} ${y}`,
        `${n}. ${dd}${o}, ${y}`,
        `${dd}${o} ${n} ${y}`,
        `${dd}${o} ${n}, ${y}`,
        `${dd}${o} ${n}. ${y}`,
        `${dd}${o} de ${n} de ${y}`,
        `${dd}${o} of ${n} ${y}`,
        `${dd}-${n}-${y}`,
      ]),
    ),
  );
  return [...numeric, ...named];
}

/** The day written on the page: in its markup, its visible text (a date split over elements) or its address. */
export function dayOnPage(p: Page, want: string): boolean {
  const forms = dayForms(want);
  return forms.some((f) => p.markup.includes(f) || p.shown.includes(f) || p.url.includes(f));
}

/** The raw values the answering declared date source holds. */
function declaredDates(ctx: RuleContext, source: number): string[] {
  const metas = (keys: string[]) => keys.flatMap((k) => ctx.tags.meta.get(k) ?? []);
  switch (source) {
    case 0:
      return metas(['article:published_time', 'og:published_time', 'og:article:published_time']);
    case 1:
      return ctx.ld.nodes.map((n) => textOf(n.datePublished) ?? '');
    case 2:
      return [...ctx.tags.meta].filter(([k]) => /date|issued|created/.test(k)).flatMap(([, v]) => v);
    case 3:
      return ctx.tags.times.map((t) => t.datetime);
    default:
      return [];
  }
}

/** A declared value not in ISO form whose day and month, read the other way round, are the expected day. */
export function swapped(raw: string, want: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(want);
  if (!m || /^\s*\d{4}-\d{2}-\d{2}/.test(raw)) return false;
  const [, y, mo, d] = m;
  const n = (x: string) => String(Number(x));
  return [`${n(d!)}/${n(mo!)}/${y}`, `${n(mo!)}/${n(d!)}/${y}`, `${d}/${mo}/${y}`, `${mo}/${d}/${y}`]
    .flatMap((f) => [f, f.replaceAll('/', '-'), f.replaceAll('/', '.')])
    .some((f) => raw.includes(f));
}

/** Within 14 hours of the expected day (or instant). */
export function nearDay(got: string, want: string): boolean {
  const g = Date.parse(got.length === 10 ? `${got}T12:00:00Z` : got);
  const w = Date.parse(want.length === 10 ? `${want}T12:00:00Z` : want);
  return !Number.isNaN(g) && !Number.isNaN(w) && Math.abs(g - w) <= 26 * 3_600_000;
}

/**
 * The expected value is an instant that is midnight of the bare day we give at some offset
 * (-12..+14 h): the set wrote the shown day as an instant on a clock the page does not state.
 * The ruling: "a date without a time stays a bare date".
 */
function midnightOf(want: string, got: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(got) || !/T/.test(want)) return false;
  const w = Date.parse(want);
  if (Number.isNaN(w)) return false;
  for (let q = -48; q <= 56; q++) {
    const local = new Date(w + q * 15 * 60_000).toISOString();
    if (local.startsWith(`${got}T00:00:00`)) return true;
  }
  return false;
}

export function dateDeclared(ctx: RuleContext, source: number): boolean {
  if (source >= 0 && source <= 2) return true;
  // A <time itemprop=datePublished> is declared (itemprop); a bare pubdate attribute is not named by the ruling.
  return source === 3 && ctx.tags.times.some((t) => t.itemprop === 'datepublished' && !t.comment);
}

export function classifyDate(
  p: Page,
  want: string | null,
  gotPublished: unknown,
): Pick<Miss, 'cls' | 'reason' | 'source'> {
  if (DATE_SOURCES.length !== PUBLISHED_AT.length)
    throw new Error('DATE_SOURCES does not match the PUBLISHED_AT chain');
  const src = ruleIndex(p.ctx, PUBLISHED_AT);
  const source = src >= 0 ? DATE_SOURCES[src] : 'none';
  const declared = src >= 0 && dateDeclared(p.ctx, src);
  if (want === null) {
    // The set says the page has no date; we give one.
    return declared
      ? { cls: 'a', reason: 'a declared date where the set says none', source }
      : { cls: 'c', reason: `a shown date (${source}) where the set says none`, source };
  }
  if (declared && typeof gotPublished === 'string') {
    if (declaredDates(p.ctx, src).some((v) => v.includes(want.slice(0, 10)) || swapped(v, want.slice(0, 10))))
      return { cls: 'c', reason: 'the expected day is the declared value, read differently', source };
    // A declared instant a few hours from the expected day, which the page shows: the same moment on
    // the page's own clock (page-clock.ts's rule), not another date.
    if (nearDay(gotPublished, want) && dayOnPage(p, want.slice(0, 10)))
      return { cls: 'c', reason: "a declared instant, the expected day on the page's clock shown", source };
    return { cls: 'a', reason: 'the page declares another date than the set expects', source };
  }
  if (typeof gotPublished === 'string' && midnightOf(want, gotPublished))
    return { cls: 'a', reason: 'the page shows a day without a time; the set expects it as an instant', source };
  const on = dayOnPage(p, want.slice(0, 10));
  const what = src < 0 ? 'no date given' : `another shown date given (${source})`;
  return on
    ? { cls: 'c', reason: `${what}; the expected day is on the page`, source }
    : { cls: 'd', reason: `${what}; the expected day is not on the page`, source };
}
