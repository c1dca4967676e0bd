// The classes bench/metadata-ceiling.ts puts each miss in, decided mechanically from the page and
// from which rule of urlkit's chain gave the answer (so the counts can be reproduced and checked):
//  (a) ruled: the answer is a value the page declares, in the order "Metadata fetcher data
//      (re-ruled in v3)" sets ("Metadata reports what the page declares, in the order ... Open
//      Graph, then Twitter cards, then HTML <meta> and itemprop, then JSON-LD; only when the page
//      declares nothing does a field come from what the page shows"), and the set expects another
//      value or none; or the headline is the printed <h1> and the set expects the declared title
//      that <h1> tells the same story as ("The cleaners' title (re-ruled in v3)": "the visible <h1>
//      ... when it tells the same story as a declared title");
//  (b) the sets disagree: counted per page by headlineChoice (see metadata-ceiling.ts), not
//      per miss;
//  (c) fixable: the expected value is on the page (its text, markup or address) and no ruling
//      forces our answer;
//  (d) unclear / data: the expected value is nowhere on the page.
// Only the declared sources the ruling names count for (a): a rel/itemprop byline, JSON-LD
// dateCreated or creator, a vendor's meta and a "Written by" twitter label do not.
import type { Document } from 'domhandler';
import { readJsonLd } from '../src/extract/page/json-ld.js';
import { collectTags, firstMeta } from '../src/extract/metadata/page-tags.js';
import { documentBase } from '../src/extract/metadata/urls.js';
import { visibleText } from '../src/extract/metadata/visible-text.js';
import { AUTHOR } from '../src/extract/metadata/fields/author.js';
import { PUBLISHED_AT } from '../src/extract/metadata/fields/published-at.js';
import type { Rule, RuleContext } from '../src/extract/metadata/context.js';
import { namesOf, textOf } from '../src/extract/metadata/json-ld-values.js';
import { editDistance } from '../src/util/edit-distance.js';
import { names, text, titleForms, type Entry, type Pred } from './metadata-score.js';
import type { BenchPage, WcxbTruth } from './metadata-sets.js';
import type { Split } from './quality-split.js';

export const CLASSES = ['a', 'b', 'c', 'd'] as const;
export type Cls = (typeof CLASSES)[number];

export interface Miss {
  set: BenchPage['set'];
  id: string;
  split: Split;
  field: string;
  want: unknown;
  got: unknown;
  cls: Cls;
  reason: string;
  /** Which rule of the chain answered (author, published_at). */
  source?: string;
  /** (b): a page of the other set that expects the opposite. */
  pair?: string;
}

const AUTHOR_SOURCES = [
  'byline over a declared account',
  'article:author',
  'meta author',
  'JSON-LD author',
  'byl/dc.creator meta',
  'JSON-LD creator',
  'byline element',
  'dateline',
  'name beside dateline',
  'name after label line',
  'signature',
  'vendor author meta',
  'wire dateline',
  'twitter label',
  'forum first-post login',
  'member profile link',
  'site or staff credit',
  'declared name in lower case',
  'declared organisation',
  'declared handle',
  'dated login after by',
];
/** The sources the ruling names as declared: Open Graph, HTML <meta>, JSON-LD author. */
const AUTHOR_DECLARED = new Set(
  [
    'article:author',
    'meta author',
    'JSON-LD author',
    'byl/dc.creator meta',
    'declared name in lower case',
    'declared organisation',
    'declared handle',
  ].map((l) => AUTHOR_SOURCES.indexOf(l)),
);
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

export function ruleIndex<T>(ctx: RuleContext, chain: readonly Rule<T>[]): number {
  for (const [i, rule] of chain.entries()) {
    const v = rule(ctx);
    if (v !== null && v !== undefined) return i;
  }
  return -1;
}

export interface Page {
  ctx: RuleContext;
  /** Visible text, white space collapsed, folded. */
  shown: string;
  /** The raw markup, white space collapsed, folded. */
  markup: string;
  url: string;
}

export function pageOf(doc: Document, page: BenchPage): Page {
  const tags = collectTags(doc);
  const url = page.requested;
  let body: string | null = null;
  const ctx: RuleContext = {
    tags,
    ld: readJsonLd(tags.jsonLd),
    base: documentBase(doc, url),
    finalUrl: url,
    headers: { 'content-type': page.contentType },
    bodyText: () => (body ??= visibleText(doc)),
  };
  return { ctx, shown: text(ctx.bodyText(), true), markup: text(page.html, true), url: page.url };
}

// ---- dates ----------------------------------------------------------------------------------

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

function classifyDate(p: Page, want: string | null, gotPublished: unknown): Pick<Miss, 'cls' | 'reason' | 'source'> {
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

// ---- authors --------------------------------------------------------------------------------

function declaredAuthors(ctx: RuleContext): string[] {
  const keys = ['article:author', 'author', 'byl', 'dc.creator', 'dcterms.creator', 'parsely-author'];
  return [
    ...keys.flatMap((k) => ctx.tags.meta.get(k) ?? []),
    ...ctx.ld.nodes.flatMap((n) => namesOf(n.author, ctx.ld)),
  ];
}

const sameNames = (a: string, b: string) => {
  const x = names(a);
  const y = names(b);
  return x.size === y.size && [...x].every((n) => y.has(n));
};

/** Degrees and credits the set writes as names ("PhD", "Shares", "Illustration by ..."). */
const NOT_A_NAME = /^(?:phd|md|dr|prof|mba|msc|bsc)\.?$/;

/** Each name of one side is a name of the other, up to a typo or an extra word or mark around it. */
function sameUpToNoise(got: string, want: string): boolean {
  const g = [...names(got)];
  const w = [...names(want)].filter((n) => !NOT_A_NAME.test(n));
  const like = (x: string, y: string) =>
    x.includes(y) || y.includes(x) || editDistance(x, y) <= Math.max(1, Math.floor(Math.min(x.length, y.length) / 8));
  return (
    g.length > 0 &&
    w.length > 0 &&
    g.every((x) => w.some((y) => like(x, y))) &&
    w.every((y) => g.some((x) => like(x, y)))
  );
}

/**
 * A CMS account rather than a credit: a login (lower case, no space: "theobjectivedad",
 * "brandon-peaktwo") or an admin / API / bot user. The ruling credits "a person or organisation",
 * so such a declared value does not force the answer.
 */
function account(v: string): boolean {
  return v
    .split(', ')
    .some((n) => /^[\p{Ll}\d._-]+$/u.test(n) || /\b(?:admin|administrator|api|webmaster|user|human|bot)\b/i.test(n));
}

function classifyAuthor(p: Page, want: string | null, got: unknown): Pick<Miss, 'cls' | 'reason' | 'source'> {
  // One label per rule of the chain: a rule added to it without its label here fails loudly.
  if (AUTHOR_SOURCES.length !== AUTHOR.length) throw new Error('AUTHOR_SOURCES does not match the AUTHOR chain');
  const src = ruleIndex(p.ctx, AUTHOR);
  const source = src >= 0 ? AUTHOR_SOURCES[src] : 'none';
  const declared = src >= 0 && AUTHOR_DECLARED.has(src) && typeof got === 'string' && got.trim() !== '';
  if (want === null)
    return declared && !account(got)
      ? { cls: 'a', reason: 'a declared author where the set says none', source }
      : { cls: 'c', reason: `a shown name (${source}) where the set says none`, source };
  if (declared) {
    if (declaredAuthors(p.ctx).some((v) => sameNames(v, want)))
      return { cls: 'c', reason: 'the expected name is declared too (read or ordered differently)', source };
    if (account(got))
      return { cls: 'c', reason: "a declared account name, not a person's or organisation's name", source };
    if (sameUpToNoise(got, want))
      return { cls: 'd', reason: 'the declared names are the expected ones up to noise in the set', source };
    return { cls: 'a', reason: 'the page declares another author than the set expects', source };
  }
  const wanted = [...names(want)];
  const inText = wanted.every((n) => p.shown.includes(n));
  const inMarkup = wanted.every((n) => p.markup.includes(n));
  const what = src < 0 ? 'no author given' : `another shown name given (${source})`;
  if (inText) return { cls: 'c', reason: `${what}; the expected name is in the text`, source };
  if (inMarkup) return { cls: 'c', reason: `${what}; the expected name is only in the markup`, source };
  return { cls: 'd', reason: `${what}; the expected name is not on the page`, source };
}

// ---- headline -------------------------------------------------------------------------------

const words = (s: string) =>
  new Set(
    (
      s
        .normalize('NFKC')
        .toLowerCase()
        .match(/[\p{L}\p{N}]{3,}/gu) ?? []
    ).map((w) => w.slice(0, 5)),
  );

/** An independent, strict reading of "tells the same story": at least half the shorter title's words are in both. */
function sameStory(a: string, b: string): boolean {
  const x = words(a);
  const y = words(b);
  const common = [...x].filter((w) => y.has(w)).length;
  const small = Math.min(x.size, y.size);
  return small > 0 && common >= Math.min(2, small) && common * 2 >= small;
}

/** Our reading of the <h1> glues two of the expected words ("productdevelopment") or adds a mark ("¶", "?"). */
function misread(got: string, want: string): boolean {
  if (/[\u00b6#\ufffd]|\p{L}\?\s?\p{L}/u.test(got)) return true;
  const tokens = (s: string) => s.match(/[\p{L}\p{N}]+/gu) ?? [];
  const w = tokens(want);
  const glued = new Set(w.slice(1).map((x, i) => w[i]! + x));
  return tokens(got).some((t) => glued.has(t));
}

function declaredTitles(ctx: RuleContext): string[] {
  const ld = ctx.ld.nodes.map((n) => textOf(n.headline)).filter((x): x is string => !!x);
  return [firstMeta(ctx.tags, 'og:title'), firstMeta(ctx.tags, 'twitter:title'), ctx.tags.title, ...ld].filter(
    (x): x is string => !!x && x.trim() !== '',
  );
}

function classifyHeadline(p: Page, want: string, got: unknown): Pick<Miss, 'cls' | 'reason'> {
  const w = text(want, true);
  const declared = declaredTitles(p.ctx);
  const wantDeclared = declared.some((d) => titleForms(d).some((f) => text(f, true) === w));
  const printed = p.ctx.tags.h1s.flatMap((h) => [h, ...(p.ctx.tags.h1Lines.get(h) ?? [])]).map((h) => text(h, true));
  const g = typeof got === 'string' ? text(got, true) : '';
  const gotPrinted = g !== '' && printed.includes(g);
  const gotDeclared = g !== '' && declared.some((d) => titleForms(d).some((f) => text(f, true) === g));
  if (wantDeclared && gotPrinted && misread(g, w))
    return { cls: 'c', reason: 'the printed <h1> read with words glued or a mark added (¶, #, a lost character)' };
  if (wantDeclared && gotPrinted && !gotDeclared && sameStory(g, want))
    return { cls: 'a', reason: 'the printed <h1> tells the same story as the declared title the set expects' };
  if (wantDeclared && gotPrinted)
    return { cls: 'c', reason: 'another story printed in an <h1>; the set expects the declared title' };
  if (wantDeclared) return { cls: 'c', reason: 'the set expects a declared title (cut otherwise, or another one)' };
  if (printed.includes(w)) return { cls: 'c', reason: 'the set expects the printed <h1>; we gave another title' };
  if (p.shown.includes(w)) return { cls: 'c', reason: 'the set expects a heading or line of the text' };
  if (p.markup.includes(w)) return { cls: 'c', reason: 'the set expects a title found only in the markup' };
  return { cls: 'd', reason: 'the expected headline is not on the page' };
}

/** How the printed <h1> and the declared title differ on a page where the set chose one of them. */
export const HEADLINE_KINDS = [
  'the <h1> is a label of 1-3 words inside the title (a section, a category, a product family)',
  'the <h1> is the title without a qualifier (a year, a place, a subtitle)',
  'the <h1> is the title with more words',
  'the <h1> words the story otherwise',
] as const;
export type HeadlineKind = (typeof HEADLINE_KINDS)[number];

/**
 * Which convention a page's expected headline follows where the page prints an <h1> that tells the
 * same story as its declared title but differs from it: 'printed' (the <h1>) or 'declared' (the
 * declared title, its brand cut), and how the two differ; null where they do not differ or neither
 * is expected.
 */
export function headlineChoice(
  doc: Document,
  page: BenchPage,
  want: string,
): { convention: 'printed' | 'declared'; kind: HeadlineKind } | null {
  const p = pageOf(doc, page);
  const w = text(want, true);
  const declared = declaredTitles(p.ctx);
  const forms = declared.flatMap((d) => titleForms(d)).map((f) => text(f, true));
  const printed = p.ctx.tags.h1s.flatMap((h) => [h, ...(p.ctx.tags.h1Lines.get(h) ?? [])]).map((h) => text(h, true));
  if (printed.includes(w) && !forms.includes(w)) {
    const d = forms.find((f) => sameStory(f, w));
    if (d !== undefined) return { convention: 'printed', kind: kindOf(w, d) };
  }
  if (forms.includes(w) && !printed.includes(w)) {
    const h = printed.find((x) => sameStory(x, w) && !misread(x, w));
    if (h !== undefined) return { convention: 'declared', kind: kindOf(h, w) };
  }
  return null;
}

function kindOf(h1: string, declared: string): HeadlineKind {
  const inTitle = declared.includes(h1);
  if (inTitle && (h1.match(/[\p{L}\p{N}]+/gu) ?? []).length <= 3) return HEADLINE_KINDS[0];
  if (inTitle) return HEADLINE_KINDS[1];
  return h1.includes(declared) ? HEADLINE_KINDS[2] : HEADLINE_KINDS[3];
}

// ---- the other metadata-dev fields --------------------------------------------------------------

function classifyOther(p: Page, field: string, want: string, got: unknown): Pick<Miss, 'cls' | 'reason'> {
  const g = typeof got === 'string' ? text(got, true) : '';
  const ctx = p.ctx;
  if (field === 'description') {
    const declared = [
      firstMeta(ctx.tags, 'og:description'),
      firstMeta(ctx.tags, 'twitter:description'),
      firstMeta(ctx.tags, 'description'),
      ...ctx.ld.nodes.map((n) => textOf(n.description)),
    ].filter((x): x is string => !!x);
    if (g && declared.some((d) => text(d, true) === g))
      return { cls: 'a', reason: 'the page declares another description' };
  }
  if (field === 'image') {
    const declared = [firstMeta(ctx.tags, 'og:image'), firstMeta(ctx.tags, 'twitter:image')].filter(
      (x): x is string => !!x,
    );
    const resolved = declared.map((d) => {
      try {
        return new URL(d, ctx.base).pathname;
      } catch {
        return d;
      }
    });
    if (typeof got === 'string' && resolved.some((r) => got.endsWith(r)))
      return { cls: 'a', reason: 'the page declares another image (og:image / twitter:image)' };
    const path = (() => {
      try {
        return new URL(want).pathname.toLowerCase();
      } catch {
        return want.toLowerCase();
      }
    })();
    return p.markup.includes(path)
      ? { cls: 'c', reason: 'the expected image is on the page' }
      : { cls: 'd', reason: 'the expected image is not on the page' };
  }
  if (field === 'site_name') {
    const declared = [
      firstMeta(ctx.tags, 'og:site_name'),
      firstMeta(ctx.tags, 'application-name'),
      ...ctx.ld.nodes.map((n) => textOf((n.publisher as Record<string, unknown> | undefined)?.name)),
    ].filter((x): x is string => !!x);
    if (g && declared.some((d) => text(d, true) === g))
      return { cls: 'a', reason: 'the page declares another site name' };
  }
  const w = text(want, true);
  return p.shown.includes(w) || p.markup.includes(w)
    ? { cls: 'c', reason: 'the expected value is on the page' }
    : { cls: 'd', reason: 'the expected value is not on the page' };
}

// ---- per set ----------------------------------------------------------------------------------

export function classifyDev(
  w: { id: string; field: string; want: unknown; got: unknown },
  split: Split,
  _entry: Entry,
  pred: Pred,
  page: BenchPage,
  doc: Document,
): Miss {
  const p = pageOf(doc, page);
  const base = { set: page.set, id: w.id, split, field: w.field, want: w.want, got: w.got };
  const want = Array.isArray(w.want) ? w.want.join(', ') : String(w.want);
  const data = pred.data ?? {};
  switch (w.field) {
    case 'author':
      return { ...base, ...classifyAuthor(p, want, data.author) };
    case 'published_at':
      return { ...base, ...classifyDate(p, want, data.published_at) };
    case 'headline':
      return { ...base, ...classifyHeadline(p, want, pred.content_title) };
    default:
      return { ...base, ...classifyOther(p, w.field, want, data[w.field]) };
  }
}

export function classifyWcxb(
  w: { id: string; field: string; want: unknown; got: unknown },
  split: Split,
  truth: WcxbTruth,
  pred: Pred,
  page: BenchPage,
  doc: Document,
): Miss {
  const p = pageOf(doc, page);
  const base = { set: page.set, id: w.id, split, field: w.field, want: w.want, got: w.got };
  const data = pred.data ?? {};
  switch (w.field) {
    case 'headline':
      return { ...base, ...classifyHeadline(p, truth.title!, pred.content_title) };
    case 'author':
      return { ...base, ...classifyAuthor(p, truth.author, data.author) };
    case 'no_author_where_none':
      return { ...base, ...classifyAuthor(p, null, data.author) };
    case 'date':
      return { ...base, ...classifyDate(p, truth.publish_date, data.published_at) };
    default:
      return { ...base, ...classifyDate(p, null, data.published_at) };
  }
}
