// Rule chains, one per field, in the spirit of metascraper: each rule reads one source and
// returns a value or null; the first non-null wins. The order of each chain is the
// documented priority (docs/metadata.md).
import type { JsonLd, JsonLdNode } from './json-ld.js';
import { deref, firstFrom, isType, namesOf, textOf, urlOf } from './json-ld.js';
import { AGENCY, NUMBERED_LOGIN, cleanAuthor } from './author-names.js';
import { dateInUrl, findDateInText, toIsoDate } from './dates.js';
import { linkHeaderTarget } from './http-headers.js';
import { normaliseLang } from './lang.js';
import type { BylineTag, PageTags } from './page-tags.js';
import { firstMeta } from './page-tags.js';
import { clean, collapse, decodeEntities } from './text.js';
import { resolveUrl } from './urls.js';

export interface RuleContext {
  tags: PageTags;
  ld: JsonLd;
  /** <base href> resolved, else the final URL. */
  base: string;
  finalUrl: string;
  headers: Record<string, string>;
  /** The document's visible text, computed on first use (only the last rules need it). */
  bodyText: () => string;
}

export type Rule<T> = (ctx: RuleContext) => T | null;

export function firstOf<T>(ctx: RuleContext, chain: readonly Rule<T>[]): T | null {
  for (const rule of chain) {
    const v = rule(ctx);
    if (v !== null && v !== undefined) return v;
  }
  return null;
}

const meta =
  (...keys: string[]): Rule<string> =>
  (ctx) =>
    firstMeta(ctx.tags, ...keys);
const ldText =
  (key: string, nodes: (n: JsonLdNode) => boolean = () => true): Rule<string> =>
  (ctx) =>
    firstFrom(ctx.ld.nodes, (n) => (nodes(n) ? textOf(n[key]) : null));
const ldDate =
  (key: string): Rule<string> =>
  (ctx) =>
    firstFrom(ctx.ld.nodes, (n) => toIsoDate(textOf(n[key])));
const metaDate =
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
const timeDate =
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
const absolute =
  (rule: Rule<string>): Rule<string> =>
  (ctx) =>
    resolveUrl(rule(ctx), ctx.base);

const ARTICLE_OR_PAGE =
  /Article|Posting|Report|Review|Recipe|Product|Event|Course|Book|Movie|Video|Audio|Podcast|Episode|CreativeWork|WebPage|Page$|Question|HowTo|Dataset|SoftwareApplication|JobPosting/;
const articleOrPage = (n: JsonLdNode) => isType(n, ARTICLE_OR_PAGE);

/**
 * A declared title that contains the page's own <h1> plus more (a site name, a section, a
 * series: "Story - Section - Brand") is that headline: the <h1> is what the page shows as it.
 */
function headline(rule: Rule<string>): Rule<string> {
  return (ctx) => {
    const t = rule(ctx);
    if (!t) return null;
    const lower = fold(t);
    // The longest <h1> the title holds, unless it is the brand the title ends with ("Story | Brand").
    let best: string | null = null;
    for (const h of ctx.tags.h1s.slice(0, 5)) {
      const hl = fold(h);
      if (
        hl.length >= 12 &&
        hl.length < lower.length &&
        lower.includes(hl) &&
        !endsAsBrand(lower, hl) &&
        (!best || h.length > best.length)
      )
        best = h;
    }
    return best ?? t;
  };
}

/** The title ends with this part after a brand separator (" | ", " - ", " — "): a site name, not the story. */
function endsAsBrand(title: string, part: string): boolean {
  return title.endsWith(part) && /\s[|\-\u2013\u2014\u00b7\u2022]\s*$/.test(title.slice(0, title.length - part.length));
}

const fold = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201c\u201d]/g, "'")
    .replace(/"/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Separators between a title's parts ("Story | Brand", "Brand » Blog Archiv » Story", "Story : Brand"). */
const PART_SEP = /\s+(?:[|\-\u2013\u2014\u00b7\u2022:\u00bb/]|::)\s+/g;

/**
 * A title with the site's own name as one of its parts (the logo <h1>, og:site_name,
 * application-name) is the story with the brand around it: the parts before the brand, or
 * after it when the brand comes first.
 */
function withoutSiteName(rule: Rule<string>): Rule<string> {
  return (ctx) => {
    const t = rule(ctx);
    if (!t) return null;
    // The part that names the site by its host ("Story » ProNATs e.V." on pronats.de) is its name too.
    const byHost = hostBrand(ctx.tags.title, [...siteHosts(ctx), ...declaredHosts(ctx)]);
    const names = new Set(
      [...declaredSiteNames(ctx), ...(byHost ? [byHost] : [])].map(fold).filter((x) => x.length >= 3),
    );
    if (!names.size) return t;
    const cuts = [...t.matchAll(PART_SEP)];
    const bounds = [0, ...cuts.flatMap((c) => [c.index!, c.index! + c[0].length]), t.length];
    for (let i = 0; cuts.length && i < bounds.length; i += 2) {
      if (!names.has(fold(t.slice(bounds[i]!, bounds[i + 1]!)))) continue;
      // "Story - Section | Brand": what precedes the brand; "Brand - Story": what follows it,
      // without a short section right after the brand ("Brand » Blog Archiv » Story").
      let story = i === 0 ? t.slice(bounds[2]!) : t.slice(0, bounds[i - 1]!);
      if (i === 0 && bounds.length > 4 && t.slice(bounds[2]!, bounds[3]!).split(/\s+/).length <= 2)
        story = t.slice(bounds[4]!);
      // "Story | Section | Forum | Brand": short sections (one or two words) right before the brand go with it.
      for (let j = i - 2; i > 0 && j >= 2; j -= 2) {
        if (t.slice(bounds[j]!, bounds[j + 1]!).split(/\s+/).length > 2) break;
        story = t.slice(0, bounds[j - 1]!);
      }
      // One word left is a section ("Geschichte | Site"), not a story.
      return /\S\s+\S/.test(story.trim()) ? story.trim() : t;
    }
    // A site name that has a separator of its own ("AOC media - Analyse Opinion Critique",
    // "Salsa-Figuren - Rueda in Berlin") spans several parts: the title ends or starts with it
    // (a "|" may then stand without spaces: "NEWS WEB EASY|Story").
    for (const c of t.matchAll(BRAND_EDGE_SEP)) {
      const [start, end] = [c.index!, c.index! + c[0].length];
      const story = names.has(fold(t.slice(end)))
        ? t.slice(0, start)
        : names.has(fold(t.slice(0, start)))
          ? t.slice(end)
          : null;
      if (
        story !== null &&
        /\S\s+\S|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{4}/u.test(story.trim())
      )
        return story.trim();
    }
    return t;
  };
}

/**
 * A Chinese or Japanese title with its section and site glued on by "_" or "-" without spaces
 * ("这个约会软件..._智能_好奇心日报", "武汉的声音...！-新华网"): the story before them, when that is
 * a whole line (at least six characters) and each glued part is short.
 */
function withoutGluedBrand(rule: Rule<string>): Rule<string> {
  return (ctx) => {
    const t = rule(ctx);
    const m = t ? GLUED_BRAND.exec(t) : null;
    if (!t || !m) return t;
    const story = m[1]!;
    return (story.match(CJK_CHAR) ?? []).length >= 6 ? story : t;
  };
}

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u3000-\\u303f\\uff01-\\uff60';
const CJK_CHAR = new RegExp(`[${CJK}]`, 'gu');
const GLUED_BRAND = new RegExp(`^(.*?[${CJK}])(?:[_\\-\\uff0d][${CJK}A-Za-z0-9]{1,10}){1,3}$`, 'u');

/** Where a multi-part site name meets the story: a title separator, or "|" without spaces. */
const BRAND_EDGE_SEP = new RegExp(`${PART_SEP.source}|\\s*[|\\uff5c]\\s*`, 'g');

/**
 * A meta title that stops where the page's <title> goes on with a quotation mark ("Senador ...
 * califica a Biden de" for "... de \"incapacitado\""): a quote left unescaped in the attribute
 * ended the value there, so it is not the title.
 */
function uncut(rule: Rule<string>): Rule<string> {
  return (ctx) => {
    const v = rule(ctx);
    const t = clean(ctx.tags.title);
    return v && t && t.length > v.length && t.startsWith(v) && /^\s*["\u201c\u201d\u201e\u00ab]/.test(t.slice(v.length))
      ? null
      : v;
  };
}

/** og:title, twitter:title, <title> (each cut to the page's <h1> when it contains it), JSON-LD headline (or an article/page node's name), first <h1>. */
const DECLARED_TITLE: readonly Rule<string>[] = [
  headline(withoutSiteName(uncut(meta('og:title')))),
  headline(withoutSiteName(uncut(meta('twitter:title', 'twitter:text:title')))),
  headline(withoutSiteName(withoutGluedBrand((ctx) => clean(ctx.tags.title)))),
  ldText('headline'),
  ldText('name', articleOrPage),
];

/**
 * The declared title, or the page's visible headline when that tells the same story in other
 * words: og:title and <title> are often a social or search variant ("13 Ways To..." for "The
 * Transformative Power Of..."), and a reader takes the <h1>. The <h1> must share words with
 * the declared title (else it is a section or site banner), have at least three words (not a
 * brand like "Tonight News"), and not be the declared headline plus a kicker or date glued in
 * front ("Tunesien Große Aufgaben..."): then the declared one is the clean form.
 */
export const TITLE: readonly Rule<string>[] = [
  (ctx) => asPrinted(ctx, visibleOrDeclaredTitle(ctx)),
  (ctx) => ctx.tags.firstH1,
];

/**
 * A title written with plain hyphens where the page prints the same words with typographic
 * dashes ("Januar - Mai" in og:title, "Januar – Mai" in its <h1> or <title>): the form the page
 * shows. Only the dash characters may differ.
 */
function asPrinted(ctx: RuleContext, t: string | null): string | null {
  if (!t || !/ - /.test(t)) return t;
  const plain = (s: string) => s.replace(/[\u2013\u2014]/g, '-');
  const key = plain(t);
  const sources = [
    ...ctx.tags.h1s.slice(0, 3).flatMap((h) => [h, ...(ctx.tags.h1Lines.get(h) ?? [])]),
    ctx.tags.title,
    ...(ctx.tags.meta.get('og:title') ?? []),
    ...(ctx.tags.meta.get('twitter:title') ?? []),
  ];
  for (const s of sources) {
    if (!s) continue;
    const c = collapse(s);
    const i = plain(c).indexOf(key);
    if (i < 0) continue;
    const printed = c.slice(i, i + t.length);
    if (printed !== t && /[\u2013\u2014]/.test(printed)) return printed;
  }
  return t;
}

/** The declared title, or the visible <h1> where it tells the same story better (see docs/metadata.md). */
function visibleOrDeclaredTitle(ctx: RuleContext): string | null {
  const declared = firstOf(ctx, DECLARED_TITLE);
  if (!declared) return null;
  const brands = new Set(
    [titleBrand(ctx.tags.title), ...(ctx.tags.meta.get('og:site_name') ?? [])]
      .filter((b): b is string => !!b)
      .map(fold),
  );
  // A declared title that only names the site ("ICON Magazine", "Anwalt Niemeyer" on
  // anwaltniemeyer.de) or says "Home" names no page: the page's first <h1> is its headline.
  if (onlySiteName(ctx, declared)) {
    const own = ctx.tags.h1s.find((x) => !brands.has(fold(x)) && !onlySiteName(ctx, x) && /\p{L}{2}/u.test(x));
    if (own) return own;
  }
  // Compared with every declared form: og:title may be a section name where <title> is the story.
  const forms = [declared, ...DECLARED_TITLE.map((r) => r(ctx)).filter((x): x is string => !!x)];
  // A declared title of one word ("Gefahrstoff-Service", "Beitragseinreichung") is the page's
  // label in a menu; the first <h1>, a sentence on the same subject ("Gefahrstoffmanagement für
  // Hersteller..."), is its headline.
  if (!/\s/.test(declared.trim())) {
    const stems = (
      declared
        .normalize('NFKC')
        .toLowerCase()
        .match(/\p{L}{6,}/gu) ?? []
    ).map((w) => w.slice(0, 6));
    const h1 = ctx.tags.h1s.find((x) => !brands.has(fold(x)) && !onlySiteName(ctx, x));
    const words = h1
      ? (h1
          .normalize('NFKC')
          .toLowerCase()
          .match(/[\p{L}\p{N}]+/gu) ?? [])
      : [];
    if (h1 && words.length >= 3 && words.some((w) => stems.some((st) => w.startsWith(st)))) return h1;
  }
  // The first <h1> is the declared title in capitals ("TRANSFORMATIONSLABOR ERNÄHRUNG"): the page prints it so.
  const caps = ctx.tags.firstH1;
  if (
    caps &&
    caps === caps.toUpperCase() &&
    caps !== caps.toLowerCase() &&
    !brands.has(fold(caps)) &&
    titleForms(declared).some((t) => fold(t) === fold(caps))
  )
    return caps;
  const h = sameStoryH1(
    ctx.tags.h1s.filter((x) => !brands.has(fold(x))),
    forms,
  );
  if (!h) return declared;
  const fh = fold(h);
  const cut = titleForms(declared).map(fold);
  // The visible headline goes on where the declared one stops ("How to Care for Hydrangeas"
  // -> "... to Get the Most Beautiful Blooms"): the page's full headline.
  // Not when the rest is a line of its own (a subtitle, a dateline in a <span> of the <h1>).
  const first = fold(ctx.tags.h1Lines.get(h)?.[0] ?? h);
  if (
    cut.some(
      (t) =>
        fh.startsWith(t) &&
        fh.length > t.length &&
        first.length > t.length &&
        /^(?:[\s\p{L}]|[:,]\s)/u.test(fh.slice(t.length)),
    )
  )
    return h;
  // The declared title is the whole <h1>, kicker line included ("Klimaschutz: Bohren, bis es
  // heiß wird" over <span>Klimaschutz</span><span>: </span><span>Bohren...</span>): the headline is its main line.
  const main = cut.some((t) => t === fh) ? withoutKicker(ctx, h, true) : h;
  if (main !== h) return main;
  // The declared title is only the <h1>'s kicker line, or starts with it ("Wurmkiste" over
  // "Wurmkiste selber bauen", "Initiative EnergieEffizienz - kostenloser Stromcheck" over
  // "Kostenloser Stromcheck für private Haushalte"): the headline is the main line.
  const kicked = withoutKicker(ctx, h);
  if (kicked !== h) {
    const kicker = fold(ctx.tags.h1Lines.get(h)!.find((l) => /[\p{L}\p{N}]/u.test(l))!);
    if (
      cut.some((t) => t === kicker || (t.startsWith(kicker) && /^\s*[|\-\u2013\u2014:]\s/.test(t.slice(kicker.length))))
    )
      return kicked;
  }

  return cut.some((t) => fh.endsWith(t) || fh.startsWith(t) || (t === fold(declared) && fh.includes(t)))
    ? declared
    : withoutKicker(ctx, h);
}

/** The names the site gives itself: its logo <h1>, og:site_name, application-name. */
function declaredSiteNames(ctx: RuleContext): string[] {
  return [
    ...ctx.tags.brandH1s,
    ...(ctx.tags.meta.get('og:site_name') ?? []),
    ...(ctx.tags.meta.get('application-name') ?? []),
  ];
}

/** The site's own name (og:site_name, application-name, its logo, its host name) or a bare "Home". */
function onlySiteName(ctx: RuleContext, t: string): boolean {
  const f = fold(t);
  if (/^(?:home|homepage|startseite|start|accueil|inicio|home ?page)$/.test(f)) return true;
  if (declaredSiteNames(ctx).some((n) => fold(n) === f)) return true;
  const squash = f
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
  return squash.length >= 5 && siteHosts(ctx).some((h) => h.split('.').some((l) => l.replace(/-/g, '') === squash));
}

/**
 * An <h1> shown as two lines, a short kicker over the headline ("Nach Corona-Lockerungen" /
 * "Autohäuser rechnen mit..."): the headline is the second line. `separated`: only when an
 * element holding just a separator stands between them (the kicker is then marked as one).
 */
function withoutKicker(ctx: RuleContext, h: string, separated = false): string {
  // A separator printed between the two lines (often visually hidden: "<span>: </span>") is no line of its own.
  const all = ctx.tags.h1Lines.get(h) ?? [];
  const lines = all.filter((l) => /[\p{L}\p{N}]/u.test(l));
  if (lines.length !== 2 || (separated && (all.length !== 3 || /[\p{L}\p{N}]/u.test(all[1]!)))) return h;
  const [kicker, main] = lines as [string, string];
  const words = (x: string) => x.split(/\s+/).length;
  return words(kicker) <= 3 &&
    words(main) >= 3 &&
    kicker.length < main.length &&
    /^[\p{L}\p{N}"„“«]/u.test(main) &&
    !/[:\-\u2013\u2014|]$/.test(kicker)
    ? main
    : h;
}

/** Share of the smaller word set the two texts have in common above which they tell one story. */
const SAME_STORY = 0.2;

function sameStoryH1(h1s: readonly string[], declared: readonly string[]): string | null {
  // Words compared by their first seven letters: inflected forms ("elektronisches", "elektronische") are one word.
  const stem = (set: Set<string>) => new Set([...set].map((x) => x.slice(0, 7)));
  const ds = declared.map((d) => stem(wordSet(d))).filter((d) => d.size > 0);
  let best: string | null = null;
  let bestShare = 0;
  for (const h of h1s.slice(0, 3)) {
    const w = stem(wordSet(h));
    if (h.length < 8 || (w.size < 3 && /\s/.test(h)) || !w.size) continue;
    for (const d of ds) {
      let common = 0;
      let content = 0;
      for (const x of w)
        if (d.has(x)) {
          common++;
          if (!SHORT_WORD.test(x)) content++;
        }
      // Only short words in common ("für", "die", "the") tell nothing about the story.
      const share = content ? common / Math.min(w.size, d.size) : 0;
      if (share > bestShare) [best, bestShare] = [h, share];
    }
  }
  return bestShare >= SAME_STORY ? best : null;
}

/** A word of at most three Latin, Cyrillic or Greek letters: an article, a preposition. */
const SHORT_WORD = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]{1,3}$/u;

const wordSet = (s: string) =>
  new Set(
    s
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [],
  );

const BRAND_SEP = /\s+[|\-\u2013\u2014\u00b7\u2022:\uff5c]\s+|\s*[\uff1a\uff5c]\s*/;

/** The title and the title with a short brand part (at most 6 words) cut from its end or start. */
function titleForms(t: string): string[] {
  const parts = t.split(BRAND_SEP);
  const forms = [t];
  if (parts.length >= 2) {
    if (parts[parts.length - 1]!.split(/\s+/).length <= 6) forms.push(parts.slice(0, -1).join(' '));
    if (parts[0]!.split(/\s+/).length <= 6) forms.push(parts.slice(1).join(' '));
  }
  return forms.filter((f) => f.trim().length >= 8);
}

/** og:description, twitter:description, meta description, JSON-LD description, the lead paragraph. */
const DESCRIPTION_SOURCES: readonly Rule<string>[] = [
  meta('og:description'),
  meta('twitter:description'),
  meta('description', 'dc.description', 'dcterms.description'),
  ldText('description', articleOrPage),
  // Not the site's own blurb or an author's bio: a WebSite, Organization or Person node describes
  // the site or the writer, not this page.
  ldText('description', (n) => !isSiteOrPerson(n)),
  (ctx) => ctx.tags.lead,
];

const SITE_OR_PERSON = /^(?:WebSite|Organization|NewsMediaOrganization|Corporation|LocalBusiness|Person|Blog)$/;
const isSiteOrPerson = (n: JsonLdNode) => isType(n, SITE_OR_PERSON) && !articleOrPage(n);

/**
 * The first source that reads as a description, as text: markup pasted into a meta tag
 * ("<p>...", "...and<a class=") and entities encoded twice ("I&#8217;m") are what a reader
 * would not see; a value that is only the site's name, the title, or a byline ("Written by
 * Staff") describes nothing, so the next source is read. A description cut short with an
 * ellipsis gives way to the whole text it was cut from, when another source has it.
 */
export const DESCRIPTION: readonly Rule<string>[] = [
  (ctx) => {
    const values = DESCRIPTION_SOURCES.map((r) => asText(r(ctx)));
    const idx = values.findIndex((v) => v !== null && describes(ctx, v));
    if (idx < 0) return null;
    // The lead paragraph (last source) is not a completion: annotators and unfurlers keep the declared text as it is.
    // The article node's JSON-LD name (some CMSs put the standfirst there) is a declared whole text too.
    return completed(unglued(ctx, values[idx]!), [
      ...values.slice(idx + 1, -1),
      ldText('name', articleOrPage)(ctx),
      ldText('alternativeHeadline', articleOrPage)(ctx),
    ]);
  },
];

/**
 * The headline pasted before the description with nothing between ("Vom Boden aus gedachtAnn
 * Cotten verwebt..." where the page prints "Vom Boden aus gedacht" as its <h1> and the rest
 * under it): the headline is the title's, the rest is the description.
 */
function unglued(ctx: RuleContext, d: string): string {
  const h1 = ctx.tags.firstH1;
  if (!h1 || h1.length < 8 || d.length < h1.length + 20 || !d.startsWith(h1)) return d;
  return /^\p{Lu}/u.test(d.slice(h1.length)) && /\p{Ll}$/u.test(h1) ? d.slice(h1.length) : d;
}

/** An ellipsis that cuts a text short: "...", "…", "[…]", "(...)", "&#8230" written out. */
const CUT_SHORT = /\s*(?:\.{3}|\u2026|\[(?:\.{3}|\u2026)\]|\((?:\.{3}|\u2026)\)|(?<=[\p{L}\p{N}])\s+read more)\s*$/iu;

/**
 * A description cut short with an ellipsis ("...für Reinig...") where another source of the
 * page (the meta description, JSON-LD, the lead paragraph) starts with the same words and goes
 * on: that one is the whole text the short one was cut from, and a reader takes it.
 */
function completed(chosen: string, later: readonly (string | null)[]): string {
  const cut = CUT_SHORT.exec(chosen);
  if (!cut) return chosen;
  const head = fold(chosen.slice(0, cut.index)).replace(/[\s\p{P}]+$/u, '');
  if (head.length < 40) return chosen;
  for (const v of later) {
    if (!v) continue;
    const f = fold(v);
    if (f.startsWith(head) && f.length > head.length + 1 && !CUT_SHORT.test(v)) return v;
  }
  return chosen;
}

function asText(v: string | null): string | null {
  if (!v) return null;
  let s = v;
  if (/&(?:#\d{2,6}|#x[\da-f]{2,5}|[a-z]{2,8});/i.test(s)) s = decodeEntities(s);
  if (/<\/?[a-z][^>]*>|<[a-z]+\s[^>]*$/i.test(s)) s = s.replace(/<[a-z][^>]*(?:>|$)|<\/[a-z]+\s*>/gi, ' ');
  // A date stamp printed before the text ("06.11.2023, 11.41 Uhr : In Nord wurde..."): not its words.
  s = s.replace(DATE_STAMP, '');
  return clean(s, 20_000);
}

/** A numeric date, an optional time, then a colon or dash, at a text's start. */
const DATE_STAMP =
  /^\s*(?:\d{1,2}\.\d{1,2}\.\d{4}|\d{4}-\d{2}-\d{2})(?:,?\s*\d{1,2}[:.]\d{2}(?:\s*Uhr)?)?\s*[:\-\u2013\u2014|]\s+(?=\p{L})/u;

/** Not just the site's name, the page title, or a byline. */
function describes(ctx: RuleContext, d: string): boolean {
  const f = fold(d);
  if (/^(?:written|posted|published)\s+by\b|^(?:von|by)\s+\S+(?:\s+\S+)?$/i.test(d)) return false;
  // A blog platform's stand-in for a post without an excerpt.
  if (/^(?:visit|see|read) the (?:post|article|full post) for more\.?$/i.test(d)) return false;
  // The site's own blurb (its JSON-LD WebSite/Organization description) repeated on an inner page.
  if (!isHomePage(ctx) && ctx.ld.nodes.some((n) => isSiteOrPerson(n) && fold(textOf(n.description) ?? '') === f))
    return false;
  // A short tagline naming the site's own domain ("nachtkritik.de - das unabhängige Theaterportal",
  // "++ example.de Blaulicht ++") describes the site, not an inner page.
  if (
    !isHomePage(ctx) &&
    d.split(/\s+/).length <= 8 &&
    siteHosts(ctx).some((h) => h.includes('.') && !/^[\d.]+$/.test(h) && f.includes(h))
  )
    return false;
  const names = [
    ...(ctx.tags.meta.get('og:site_name') ?? []),
    ...(ctx.tags.meta.get('application-name') ?? []),
    titleBrand(ctx.tags.title),
    ...ctx.tags.brandH1s,
  ];
  return !names.some((n) => n && fold(n) === f);
}

/** The site's own host names without "www.": the final URL's and the page's own canonical
 *  address's (a copy served elsewhere still names its site). */
function siteHosts(ctx: RuleContext): string[] {
  const canonical = ctx.tags.links.find((l) => l.rel.includes('canonical'))?.href ?? firstMeta(ctx.tags, 'og:url');
  const out: string[] = [];
  for (const u of [ctx.finalUrl, canonical]) {
    try {
      if (u) out.push(new URL(u, ctx.finalUrl).hostname.replace(/^www\./, ''));
    } catch {}
  }
  return out;
}

/** The site's home page (its URL path is "/" or an index file): there the site's blurb is the page's. */
function isHomePage(ctx: RuleContext): boolean {
  try {
    return /^\/(?:index\.\w{2,5})?$/.test(new URL(ctx.finalUrl).pathname);
  } catch {
    return false;
  }
}

/** <link rel=canonical>, og:url, HTTP Link rel=canonical. */
export const CANONICAL_URL: readonly Rule<string>[] = [
  (ctx) => {
    for (const l of ctx.tags.links)
      if (l.rel.includes('canonical')) {
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

/**
 * A value that can be a site's name: not a URL ("https://www.example.com", "//example.com",
 * "www.example.com"), not a template left unfilled ("{{site.name}}", "%sitename%") or a
 * placeholder ("null", "undefined"), and with letters or digits. ("example.com" is a name.)
 */
function siteNameValue(v: string | null | undefined): string | null {
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

const siteMeta =
  (...keys: string[]): Rule<string> =>
  (ctx) => {
    for (const key of keys)
      for (const v of ctx.tags.meta.get(key) ?? []) {
        const s = siteNameValue(v);
        if (s) return s;
      }
    return null;
  };

/** The host a URL-valued site name gives ("https://www.horizont.net", "www.bmas.de" -> "horizont.net", "bmas.de"). */
function declaredHosts(ctx: RuleContext): string[] {
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
    } catch {}
  }
  return hosts;
}

function finalHost(ctx: RuleContext): string | null {
  try {
    return new URL(ctx.finalUrl).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/**
 * JSON-LD publisher name (@graph and @id references followed), og:site_name, application-name,
 * JSON-LD WebSite name (each skipped when it is a URL, empty or a placeholder), then the brand
 * part of <title>: the part naming the site's host first ("BMAS - Story" on bmas.de), else the
 * host a URL-valued declaration gives ("horizont.net" for og:site_name "https://www.horizont.net"),
 * else the short part at the title's end or start.
 */
const DECLARED_SITE_NAMES: readonly Rule<string>[] = [
  (ctx) =>
    firstFrom(
      ctx.ld.nodes,
      (n) =>
        namesOf(n.publisher, ctx.ld)
          .map(siteNameValue)
          .find((s) => !!s) ?? null,
    ),
  siteMeta('og:site_name'),
  siteMeta('application-name', 'apple-mobile-web-app-title'),
  (ctx) => firstFrom(ctx.ld.nodes, (n) => (isType(n, /^WebSite$/) ? siteNameValue(textOf(n.name)) : null)),
  // The site's own organisation (Yoast's "#organization" node, or one whose url is the site's
  // home page): not any organisation the page is about.
  // Its legal form is the company's, not the site's name ("Verivox GmbH" -> "Verivox").
  (ctx) =>
    firstFrom(ctx.ld.nodes, (n) =>
      isType(n, ORGANIZATION) && ownOrganisation(ctx, n)
        ? siteNameValue(textOf(n.name)?.replace(LEGAL_FORM, '') ?? null)
        : null,
    ),
];

/** A company's legal form at the end of its name: "GmbH", "e.V.", "Inc.", "Ltd", "S.A."... */
const LEGAL_FORM =
  /,?\s+(?:GmbH(?:\s*&\s*Co\.?\s*KG)?|gGmbH|AG|SE|KG|e\.\s?V\.|Inc\.?|LLC|L\.L\.C\.|Ltd\.?|Limited|plc|PLC|Corp\.?|Co\.|S\.A\.?|SA|S\.L\.|SAS|SARL|S\.r\.l\.|Srl|S\.p\.A\.|B\.V\.|BV|N\.V\.|AB|ASA|A\/S|Oy)$/;

const ORGANIZATION = /^(?:Organization|NewsMediaOrganization|Corporation|OnlineBusiness|OnlineStore)$/;

/** An Organization node that stands for the site: @id "...#organization"/"#publisher", or its url the site's root. */
function ownOrganisation(ctx: RuleContext, n: JsonLdNode): boolean {
  const id = typeof n['@id'] === 'string' ? n['@id'] : '';
  if (/#(?:organi[sz]ation|publisher)$/i.test(id)) return true;
  const url = textOf(n.url);
  if (!url) return false;
  try {
    const u = new URL(url, ctx.finalUrl);
    return /^\/?$/.test(u.pathname) && siteHosts(ctx).includes(u.hostname.replace(/^www\./, ''));
  } catch {
    return false;
  }
}

/** A name written as a bare host ("Salon.com", "example.co.uk"). */
const BARE_HOST = /^[\p{L}\d][\p{L}\d-]*(?:\.[\p{L}\d-]+)*\.[a-z]{2,6}$/iu;

export const SITE_NAME: readonly Rule<string>[] = [
  // The declared names in the ruled order; a name written as its host ("Salon.com") gives way to
  // the same name without the domain ending that the page also declares ("Salon" in og:site_name).
  (ctx) => {
    const first = firstOf(ctx, DECLARED_SITE_NAMES);
    // A declared name with its slogan ("Raw Story - Celebrating 18 Years of Independent
    // Journalism" on rawstory.com): the part that names the site's host is its name.
    if (first && !BARE_HOST.test(first)) return hostBrand(first, siteHosts(ctx)) ?? first;
    if (!first) return first;
    const brand = first.slice(0, first.indexOf('.')).toLowerCase();
    const declared = DECLARED_SITE_NAMES.map((rule) => rule(ctx));
    for (const v of declared) if (v && v.replace(/[\s-]+/g, '').toLowerCase() === brand) return v;
    // A host written in lower case ("example.com", "news.example.com") is an address a CMS
    // filled in, not the name the site gives itself: a name it declares elsewhere goes first.
    if (first === first.toLowerCase()) return declared.find((v) => v && !BARE_HOST.test(v)) ?? first;
    return first;
  },
  (ctx) => hostBrand(ctx.tags.title, [finalHost(ctx), ...declaredHosts(ctx)]),
  (ctx) => declaredHosts(ctx)[0] ?? null,
  (ctx) => siteNameValue(titleBrand(ctx.tags.title)),
];

/**
 * The part of a title that names the site by its host ("Home | Example Site" on
 * example-site.com, "BMAS - Story" on bmas.de): the host name is the strongest sign of which
 * part is the brand, whether it stands first or last.
 */
function hostBrand(title: string | null, hosts: readonly (string | null)[]): string | null {
  const t = clean(title);
  if (!t) return null;
  const parts = t.split(/\s+[|\-\u2013\u2014\u00b7\u2022:\u00bb]\s+/);
  if (parts.length < 2) return null;
  // The hosts' labels without www and the top-level domain: "news", "example" for news.example.co.uk.
  const labels = hosts
    .flatMap((h) => (h ? h.split('.').slice(0, -1) : []))
    .map((l) => l.replace(/-/g, ''))
    .filter((l) => l.length >= 3 && !/^(?:www|com|org|net|gov|edu)$/.test(l));
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
      part.split(/\s+/).length <= 5 &&
      p.length >= 3 &&
      labels.some((l) => p === l || p.startsWith(l) || (p.length >= 4 && l.startsWith(p)))
    )
      return value;
  }
  return null;
}

/** "Story - Brand" / "Brand | Story": the short part at the end (or start) of a title with one separator. */
function titleBrand(title: string | null): string | null {
  const t = clean(title);
  if (!t) return null;
  const parts = t.split(/\s+[|\-\u2013\u2014\u00b7\u2022:]\s+/);
  if (parts.length < 2) return null;
  const last = parts[parts.length - 1]!;
  const first = parts[0]!;
  const short = (x: string) => x.split(' ').length <= 4 && x.length <= 40 && /\p{L}{2}/u.test(x);
  if (short(last) && last.length < first.length) return last;
  if (short(first) && first.length < last.length) return first;
  return null;
}

/** og:image, twitter:image, JSON-LD image/thumbnailUrl, <link rel=image_src>, itemprop image. */
export const IMAGE: readonly Rule<string>[] = [
  absolute(firstCandidate(meta('og:image', 'og:image:url', 'og:image:secure_url'))),
  absolute(firstCandidate(meta('twitter:image', 'twitter:image:src'))),
  // Not a WebSite's, Organization's or Person's image (the site's logo, the writer's photo): those after the article's own <img>.
  (ctx) => firstFrom(ctx.ld.nodes, (n) => (isSiteOrPerson(n) ? null : ldImage(ctx, n))),
  (ctx) => {
    const link = ctx.tags.links.find((l) => l.rel.includes('image_src'));
    return link ? resolveUrl(link.href, ctx.base) : null;
  },
  absolute(meta('image')),
  // Nothing declared: the article's first image that is not a small icon or spacer.
  (ctx) => {
    const img = ctx.tags.images.find(
      (i) =>
        i.inArticle &&
        (i.width === 0 || i.width >= MIN_LEAD_IMAGE_WIDTH) &&
        !/\.svg(?:$|[?#])|sprite|pixel|spacer|blank\.gif|logo|avatar|icon/i.test(i.src),
    );
    if (!img) return null;
    // A srcset list in src, its spaces possibly percent-encoded ("a.jpg%203500w,%20a.jpg?w=768%20768w"): its first URL.
    const src = ENCODED_SRCSET.test(img.src) ? img.src.replace(/%20/g, ' ') : img.src;
    return resolveUrl(SRCSET.test(src) ? src.split(/\s+/)[0] : src, ctx.base);
  },
  (ctx) => firstFrom(ctx.ld.nodes, (n) => ldImage(ctx, n)),
  // A search engine's thumbnail (<meta name=thumbnail>): a small copy, so only when nothing else shows.
  absolute(meta('thumbnail')),
];

const ldImage = (ctx: RuleContext, n: JsonLdNode) =>
  resolveUrl(urlOf(n.image, ctx.ld) ?? urlOf(n.thumbnailUrl, ctx.ld) ?? urlOf(n.primaryImageOfPage, ctx.ld), ctx.base);

const MIN_LEAD_IMAGE_WIDTH = 200;

/** A srcset pasted where one URL belongs ("a.jpg 3500w, a.jpg?w=768 768w"): its first URL. */
function firstCandidate(rule: Rule<string>): Rule<string> {
  return (ctx) => {
    const v = rule(ctx);
    return v && SRCSET.test(v) ? v.split(/\s+/)[0]! : v;
  };
}

const ENCODED_SRCSET = /\S%20\d+(?:\.\d+)?[wx](?:,|$)/;
const SRCSET = /\S\s+\d+(?:\.\d+)?[wx]\s*(?:,|$)/;

// article:author is often a profile URL, not a name: cleanAuthor rejects URLs, so the chain
// goes on to where the name is written (JSON-LD, the byline).
const byline =
  (rule: Rule<string>): Rule<string> =>
  (ctx) =>
    people(ctx, cleanAuthor(rule(ctx)));
const metaAll =
  (...keys: string[]): Rule<string> =>
  (ctx) => {
    // Several <meta name=author> tags are several authors.
    for (const key of keys) {
      const names = (ctx.tags.meta.get(key) ?? [])
        .map((v) => people(ctx, cleanAuthor(v)))
        .filter((v): v is string => !!v);
      if (names.length) return [...new Set(names)].join(', ');
    }
    return null;
  };

/**
 * The names that are people: a name that is the site's or publisher's own ("ABC News" as meta
 * author, "Pete Evans, CBC News") is the organisation, not a byline, so it is dropped.
 */
function people(ctx: RuleContext, names: string | null): string | null {
  if (!names) return null;
  const orgs = organisations(ctx);
  // "Us Weekly Staff", "Example News Team": the site's own staff is the site.
  const bare = (n: string) =>
    n.replace(/\s+(?:staff|team|editors|editorial\s+(?:staff|team|board)|newsroom|desk)$/i, '');
  const isOrg = (n: string) => orgs.has(fold(n)) || orgs.has(compact(n));
  // "unocero - Alberto Ávila": the site's name and the writer's joined by a spaced dash.
  const split = names.split(', ').map((n) => {
    const parts = n.split(/\s+[-\u2013\u2014|]\s+/);
    if (parts.length !== 2) return n;
    return isOrg(parts[0]!) ? parts[1]! : isOrg(parts[1]!) ? parts[0]! : n;
  });
  const kept = split.filter((n) => !isOrg(n) && !isOrg(bare(n)));
  return kept.length ? kept.join(', ') : null;
}

/** A name without case, spaces or punctuation, prefixed so it never equals a folded name. */
const compact = (s: string) => `~${fold(s).replace(/[\s\p{P}\p{S}]+/gu, '')}`;

function organisations(ctx: RuleContext): Set<string> {
  const out = new Set<string>();
  const add = (s: string | null | undefined) => {
    if (!s) return;
    out.add(fold(s));
    // The same name written another way: "Interscenario" for "INTERSCENAR.IO", "Spiegel Online" for "SPIEGEL-ONLINE".
    if (compact(s).length >= 5) out.add(compact(s));
    // Its initials, as a desk signs ("LN" for "Lübecker Nachrichten", "JF" for "Junge Freiheit").
    const words = s.split(/[\s-]+/).filter((w) => /^\p{Lu}/u.test(w));
    if (words.length >= 2 && words.length <= 4 && words.length === s.split(/[\s-]+/).length)
      out.add(fold(words.map((w) => w[0]).join('')));
  };
  for (const v of ctx.tags.meta.get('og:site_name') ?? []) add(v);
  for (const v of ctx.tags.meta.get('application-name') ?? []) add(v);
  for (const n of ctx.ld.nodes) {
    // A publisher that is a Person (a personal site) is someone who may sign the page.
    const pub = deref(n.publisher, ctx.ld);
    if (!(pub && typeof pub === 'object' && !Array.isArray(pub) && isType(pub as JsonLdNode, /^Person$/)))
      for (const p of namesOf(n.publisher, ctx.ld)) add(p);
    // A node typed both Person and Organization (a personal site's Yoast graph) is a person.
    if (isType(n, /^(?:Organization|NewsMediaOrganization|Corporation|WebSite)$/) && !isType(n, /^Person$/))
      add(textOf(n.name));
  }
  add(titleBrand(ctx.tags.title));
  // The site's own host name ("spiegel.de", "ORF.at").
  for (const h of siteHosts(ctx)) add(h);
  return out;
}

/** "Written by" / "Verfasst von" in a twitter:labelN (Yoast and others): its twitter:dataN. */
const WRITTEN_BY =
  /^(?:written\s+by|author|authors|by|verfasst\s+von|geschrieben\s+von|autor(?:in)?|écrit\s+par|auteur|escrito\s+por|autor|scritto\s+da|geschreven\s+door)$/i;
function twitterLabelled(label: RegExp): Rule<string> {
  return (ctx) => {
    for (let i = 1; i <= 4; i++) {
      const l = firstMeta(ctx.tags, `twitter:label${i}`);
      if (l && label.test(l.trim())) return firstMeta(ctx.tags, `twitter:data${i}`);
    }
    return null;
  };
}

/** How many elements apart two declared author names still belong to one byline. */
const SAME_BYLINE_ELEMENTS = 8;

/**
 * A first name alone ("Nils") completed from the author's own bio in the page's JSON-LD: the
 * Person node of that name whose description starts with the full name ("Nils Pickert ist freier
 * Autor..."). Only a capitalised surname (with name particles) right after the first name counts.
 */
export function fullName(ctx: RuleContext, author: string | null): string | null {
  if (!author) return author;
  // "Gillman, Steve" (a catalogue's surname first) where the page prints "Steve Gillman".
  const inverted = /^(\p{Lu}[\p{L}'-]+), (\p{Lu}[\p{L}'-]+)$/u.exec(author);
  if (inverted && ctx.bodyText().includes(`${inverted[2]} ${inverted[1]}`)) return `${inverted[2]} ${inverted[1]}`;
  // A login written as one word ("arianschlichenmayer") where a byline shows the name it spells ("Arian Schlichenmayer").
  if (/^[\p{Ll}\d._-]{6,}$/u.test(author)) {
    const key = author.replace(/[\d._-]+/g, '');
    for (const b of ctx.tags.bylines) {
      const n = cleanAuthor(b.text);
      if (n && !n.includes(', ') && n.includes(' ') && n.toLowerCase().replace(/[^\p{L}]+/gu, '') === key) return n;
    }
  }
  if (!/^\p{Lu}[\p{L}'-]+$/u.test(author)) return author;
  const at = new RegExp(
    `^${author}((?:\\s+(?:van|von|de|der|den|du|la|le|di|da|dos|del|ten|ter))*\\s+\\p{Lu}[\\p{L}'-]*\\p{L}(?:-\\p{Lu}[\\p{L}'-]*\\p{L})?)(?=$|[\\s,.;:(\\u2013\\u2014-])`,
    'u',
  );
  const found = new Set<string>();
  for (const n of ctx.ld.nodes) {
    if (!isType(n, /^Person$/) || textOf(n.name) !== author) continue;
    const m = at.exec(collapse(textOf(n.description) ?? ''));
    if (m) found.add(`${author}${m[1]}`);
  }
  if (found.size === 0) {
    // Else a line of the page that is the full name alone (a byline box: "<p class=full-name>Todd Bates</p>").
    const line = new RegExp(
      `^${author}((?:\\s+(?:van|von|de|der|den|du|la|le|di|da)){0,2}(?:\\s+\\p{Lu}[\\p{L}'-]*\\p{L}){1,2})$`,
      'u',
    );
    for (const l of ctx.bodyText().split('\n')) {
      const m = line.exec(l.trim());
      if (m) found.add(`${author}${m[1]}`);
    }
  }
  return found.size === 1 ? [...found][0]! : author;
}

/** A numeric date, an optional time, a separator or "von"/"by", then a name, and nothing else on the line. */
const DATELINE_BYLINE =
  /^(\d{1,2}\.\s?\d{1,2}\.\s?\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{2,4})(?:\s*[,|\u00b7\u2022]?\s*\d{1,2}[:.]\d{2}(?:\s*(?:Uhr|h))?)?\s*(?:[|\u00b7\u2022\u2013\u2014-]|von|by|par|por)\s+(\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*){0,3})$/u;
/** "Hamburg (dpa/lno) – ": a place, the agency in parentheses, a dash, the story. */
const WIRE_DATELINE = /^\p{Lu}[\p{L}.' -]{1,40}?\s\(([\p{L}/, -]{2,24})\)\s*[-\u2013\u2014:]\s/u;
/** How far before and after the headline's start such a dateline is read (characters of visible text). */
const DATELINE_BEFORE = 600;
const DATELINE_AFTER = 1500;

/** How much of the page's visible text, from its end, is read for a copyright line. */
const COPYRIGHT_TAIL = 3000;
/** "©", "(c)" or "Copyright" (with years) or "2006-2008 by", then the holder, to the line's end or a period. */
const COPYRIGHT =
  /(?:(?:©|\(c\)|copyright)(?:\s*(?:©|\(c\)|\d{4}(?:\s*[-\u2013]\s*(?:\d{4})?)?|by))*|\d{4}\s*[-\u2013]\s*\d{4}\s+by)\s+([^\n.]{3,60})/gi;

/** meta author, article:author, JSON-LD author(s), byl / dc.creator / parsely-author / sailthru.author, the page's byline. */
export const AUTHOR: readonly Rule<string>[] = [
  // Open Graph first (the ruled order): article:author is the article's, while a site often
  // sets <meta name=author> once for every page (its publisher, its CMS user).
  // Several article:author tags are several authors, as several <meta name=author> are.
  metaAll('article:author', 'book:author'),
  metaAll('author'),
  (ctx) => {
    const names = firstFrom(ctx.ld.nodes, (n) => {
      const list = namesOf(n.author, ctx.ld)
        .map((s) => people(ctx, cleanAuthor(s)))
        .filter((s): s is string => !!s);
      return list.length ? list : null;
    });
    return names ? collapse([...new Set(names)].join(', ')) : null;
  },
  metaAll('byl', 'dc.creator', 'dcterms.creator', 'parsely-author', 'sailthru.author', 'citation_author'),
  // JSON-LD creator of the article or page (schema.org's wider "author"), the Person(s) only.
  (ctx) => {
    const names = firstFrom(ctx.ld.nodes, (n) => {
      if (!articleOrPage(n)) return null;
      const persons = ([] as unknown[])
        .concat(n.creator ?? [])
        .map((c) => deref(c, ctx.ld))
        .filter((c) => !!c && typeof c === 'object' && isType(c as JsonLdNode, /^Person$/));
      const list = persons
        .flatMap((c) => namesOf(c, ctx.ld))
        .map((s) => people(ctx, cleanAuthor(s)))
        .filter((s): s is string => !!s);
      return list.length ? list : null;
    });
    return names ? collapse([...new Set(names)].join(', ')) : null;
  },
  // rel=author / itemprop=author first, then byline/author classes, author-page links, names
  // after "By"; the first that reads as a name.
  // Bylines in boxes of other stories (teasers, related, most read) only when the page has no other.
  (ctx) => {
    const own = ctx.tags.bylines.filter((b) => !b.teaser);
    return (own.length < ctx.tags.bylines.length ? pageByline(ctx, own) : null) ?? pageByline(ctx, ctx.tags.bylines);
  }, // A dateline that ends with its author ("04.02.2022 | 13:10 Uhr | Jane Doe", "25.10.2022 -
  // Jane Doe") on a line of its own by the headline.
  (ctx) => {
    const text = ctx.bodyText();
    const h1 = ctx.tags.firstH1 ? text.indexOf(ctx.tags.firstH1.slice(0, 40)) : -1;
    const near =
      h1 >= 0 ? text.slice(Math.max(0, h1 - DATELINE_BEFORE), h1 + DATELINE_AFTER) : text.slice(0, DATELINE_AFTER);
    for (const line of near.split('\n')) {
      const m = DATELINE_BYLINE.exec(line.trim());
      if (m && findDateInText(m[1]!, { shortYear: true })) {
        const n = people(ctx, cleanAuthor(m[2]!));
        if (n) return n;
      }
    }
    return null;
  },
  // A signature closing the text: the last short emphasised, right-aligned or dash-led line
  // after the last long paragraph ("<p><b><i>Jane Doe</i></b></p>", "— Jane Doe"), a full name.
  (ctx) => {
    const sig = ctx.tags.signatures.filter((x) => x.at > ctx.tags.lastLongAt).at(-1);
    const n = sig ? people(ctx, cleanAuthor(sig.text)) : null;
    return n &&
      n.split(', ').every((x) => /^\p{Lu}\S*(?:\s+(?:\p{Lu}\S*|van|von|de|der|da|di|du|la|le)){1,3}$/u.test(x))
      ? n
      : null;
  },
  // An author meta in a vendor's namespace ("cXenseParse:author"), when the page's byline names nobody.
  (ctx) => {
    for (const [key, values] of ctx.tags.meta)
      if (/^[a-z][\w-]*[:.]author$/.test(key) && !/^(?:article|book|og|twitter):/.test(key)) {
        const names = values.map((v) => people(ctx, cleanAuthor(v))).filter((v): v is string => !!v);
        if (names.length) return [...new Set(names)].join(', ');
      }
    return null;
  },
  // A personal site's copyright line ("© 2019 Jane Doe", "(c) Jane Doe • Rechte", "2006-2008 by
  // Jane Doe"): the person who holds the rights to the page wrote it, when nobody else signs it.
  (ctx) => {
    const text = ctx.bodyText();
    for (const m of text.slice(-COPYRIGHT_TAIL).matchAll(COPYRIGHT)) {
      const n = people(ctx, cleanAuthor(m[1]!.split(/\s+(?:[•|·\u2013\u2014-]|all rights|alle rechte)\s*/i)[0]!));
      if (
        n &&
        !n.includes(', ') &&
        /^\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}\.)?(?:\s+(?:van|von|de|der)?\s*\p{Lu}[\p{L}'-]+){1,2}$/u.test(n)
      )
        return n;
    }
    return null;
  },
  // A wire story's dateline: the place, then the agency (and its desk) in parentheses, opening
  // the first paragraph after the headline ("Hamburg (dpa/lno) – Trotz...").
  (ctx) => {
    const text = ctx.bodyText();
    const h1 = headlineAt(ctx, text);
    if (h1 < 0) return null;
    for (const line of text.slice(h1, h1 + NEAR_HEADLINE).split('\n')) {
      const m = WIRE_DATELINE.exec(line.trim());
      if (!m) continue;
      const parts = m[1]!.split(/\s*[/,]\s*/);
      return parts.some((p) => AGENCY.test(p)) && parts.every((p) => AGENCY.test(p) || /^\p{Ll}{2,4}$/u.test(p))
        ? m[1]!
        : null;
    }
    return null;
  },
  // The reading-time card some CMSs add (Yoast): the account that posted the page, so only
  // when neither the declared sources nor the page's byline name anyone.
  byline(twitterLabelled(WRITTEN_BY)),
  // Last, the organisation the page itself declares as its author (meta author "Deutscher
  // Tennis Bund" on the federation's own site): dropped above as the site's name, it still
  // signs a page where nobody else does.
  (ctx) => {
    for (const key of ['article:author', 'author', 'byl', 'dc.creator', 'dcterms.creator']) {
      for (const v of ctx.tags.meta.get(key) ?? []) {
        const n = cleanAuthor(v);
        if (n) return n;
      }
    }
    return firstFrom(
      ctx.ld.nodes,
      (n) =>
        namesOf(n.author, ctx.ld)
          .map((s) => cleanAuthor(s))
          .find((s): s is string => !!s) ?? null,
    );
  },
];

/** The page's byline by strength: rel/itemprop author, byline classes, author links, "By" names. */
function pageByline(ctx: RuleContext, bylines: readonly BylineTag[]): string | null {
  let own: string | null = null;
  // A numbered login ("link78") yields to a name in any byline; it signs only where none does.
  let login: string | null = null;
  for (const strength of [0, 1, 2, 3]) {
    const names: string[] = [];
    let last = -1;
    // A byline element before the headline belongs to a teaser or a list above the article
    // ("related", "most read"): the article's own bylines after its <h1> come first.
    const h1At = ctx.tags.firstH1At;
    const ordered =
      strength === 1 && h1At >= 0
        ? [...bylines.filter((b) => (b.at ?? 0) > h1At), ...bylines.filter((b) => (b.at ?? 0) <= h1At)]
        : bylines;
    for (const b of ordered)
      if (b.strength === strength) {
        // Declared authors far from the first one are other articles' (teasers, related links).
        if (strength === 0 && names.length && (b.at ?? 0) - last > SAME_BYLINE_ELEMENTS) break;
        const cleaned = cleanAuthor(b.text);
        const n = people(ctx, cleaned);
        if (strength <= 1) own ??= cleaned;
        if (n && NUMBERED_LOGIN.test(n)) {
          login ??= n;
          continue;
        }
        if (n && !names.includes(n)) {
          names.push(n);
          last = b.at ?? 0;
        }
        if (strength >= 1 && names.length) break;
      }
    if (names.length) return [...new Set(names.join(', ').split(', '))].join(', ');
  }
  // A marked byline that only names the site itself: on a personal site ("Wolfgang Schmale"
  // on wolfgangschmale.eu) the site's name is the author's.
  return own && !NUMBERED_LOGIN.test(own) ? own : (login ?? own);
}

/** article:published_time, JSON-LD datePublished, common date metas, <time itemprop|pubdate>, JSON-LD dateCreated, first <time>. */
export const PUBLISHED_AT: readonly Rule<string>[] = [
  metaDate('article:published_time', 'og:published_time', 'og:article:published_time'),
  ldDate('datePublished'),
  metaDate(
    'datepublished',
    'date',
    'pubdate',
    'publishdate',
    'publish_date',
    'publish-date',
    'publication_date',
    'dc.date',
    'dc.date.issued',
    'dcterms.issued',
    'dcterms.created',
    'dcterms.date',
    'sailthru.date',
    'parsely-pub-date',
    'citation_publication_date',
    'citation_date',
    'dc:date',
    'dc:created',
    'dcterms:created',
    'dcterms:issued',
    'dcterms:date',
    'schema:datepublished',
  ),
  timeDate((t) => (t.itemprop === 'datepublished' || t.pubdate) && !t.comment),
  ldDate('dateCreated'),
  ldDate('uploadDate'),
  // What the page shows: a full date in its URL path, a <time>, an element marked as a date or byline.
  (ctx) => dateInUrl(ctx.finalUrl),
  // An element marked as the publication date itself ("post-date", "published", "created"),
  // outside teasers and sidebars: the page's own, before any <time> or date-marked element.
  (ctx) => firstFrom(ctx.tags.pubDateTexts, markedDate),
  // A <time> in a quoted or embedded post (a tweet, an Instagram post) dates that post.
  timeDate((t) => !t.quoted && !t.comment),
  // An element marked as a date shows its date as the page writes it, a two-digit year included ("Party, 30.10.23").
  (ctx) => firstFrom(ctx.tags.dateTexts, markedDate),
  // Last, the visible text (as htmldate reads it): a date announced as a publication date,
  // else the first date written just after the headline (where news and blog pages print it,
  // 23.01.2022 included), else the first date written with a month name, else any full date.
  (ctx) => {
    const text = ctx.bodyText().slice(0, MAX_DATE_TEXT);
    // The first announcement followed by a date (a "Published" link or heading may come first).
    let seen = 0;
    for (const announced of text.matchAll(PUBLISHED_WORDS)) {
      const d = findDateInText(text.slice(announced.index!, announced.index! + 120));
      if (d || ++seen >= MAX_ANNOUNCEMENTS) return d;
    }
    return null;
  },
  (ctx) => {
    const text = ctx.bodyText();
    const h1 = headlineAt(ctx, text);
    if (h1 < 0) return null;
    // A dateline printed just above the <h1> ("In the media 02.12.19"), from a word's start.
    const before = ctx.tags.firstH1 ? Math.max(0, h1 - ABOVE_HEADLINE) : h1;
    const from = before === 0 || before === h1 ? before : before + text.slice(before, h1).search(/\s|$/);
    return findDateInText(text.slice(from, h1 + NEAR_HEADLINE), { shortYear: true });
  },
  (ctx) => findDateInText(ctx.bodyText().slice(0, MAX_DATE_TEXT), { numeric: false }),
  (ctx) => findDateInText(ctx.bodyText().slice(0, MAX_DATE_TEXT)),
  // Nothing shown: a date meta in a vendor's namespace ("five_hundred_pixels:uploaded"), then
  // the publication date the page's script data carries ("createdAt", "release_date").
  (ctx) => {
    for (const [key, values] of ctx.tags.meta)
      if (
        /[:._](?:uploaded|published|created|pubdate|publish_?date|date_?published)(?:_?(?:at|date|time|on))?$/.test(
          key,
        ) &&
        !/modif|updat/.test(key)
      ) {
        for (const v of values) {
          const d = toIsoDate(v);
          if (d) return d;
        }
      }
    return null;
  },
  // Microdata <meta itemprop=dateCreated / uploadDate> (a recipe's or video's): only when nothing is shown,
  // as such keys often date the thing described ("01/01/2004" on a recipe page), not the page.
  metaDate('datecreated', 'uploaddate'),
  (ctx) => firstFrom(ctx.tags.scriptDates, (s) => toIsoDate(s)),
  // Last, a full date in the path of the page's declared image ("/files/2016/05/04/cover.png"): uploaded with the page.
  (ctx) =>
    firstFrom(
      ['og:image', 'twitter:image', 'twitter:image:src'].flatMap((k) => ctx.tags.meta.get(k) ?? []),
      (u) => dateInUrl(resolveUrl(u, ctx.base) ?? ''),
    ),
];

/**
 * A declared instant in UTC ("2023-11-09T01:09:55Z") written on the page's own clock when the
 * page shows that same instant in local time ("November 8, 2023 at 6:09 p.m.", a <time
 * datetime> without offset): the offset is the difference, so the page's calendar day (the
 * 8th, not the 9th) survives, as the ruling on dates asks. Only a whole number of quarter hours
 * within -12..+14 h, at the same minute, counts as the same instant.
 */
export function onPageClock(ctx: RuleContext, iso: string | null): string | null {
  if (!iso || !/T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z$/.test(iso)) return iso;
  const utc = Date.parse(iso);
  if (Number.isNaN(utc)) return iso;
  const { out, sure } = onShownClock(ctx, iso, utc);
  if (sure) return out;
  // The page shows the day but not the time ("17 de Febrero 2020" for 2020-02-18T02:18:11Z): the
  // same instant at the whole-hour offset nearest to UTC that falls on the day shown. Only within
  // a few hours of midnight UTC (a day shown further off is another date on the page), and not
  // at midnight itself (a bare date stored as 00:00Z).
  if (/T00:00(?::00(?:\.0+)?)?Z$/.test(iso)) return out;
  const day = shownDay(ctx);
  if (!day || out.slice(0, 10) === day) return out;
  const gap = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${iso.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
  if (gap !== 1 && gap !== -1) return out;
  const ms = ((utc % 86_400_000) + 86_400_000) % 86_400_000;
  const offset = gap < 0 ? -(Math.floor(ms / 3_600_000) + 1) * 60 : Math.ceil((86_400_000 - ms) / 3_600_000) * 60;
  return Math.abs(offset) <= SHOWN_DAY_HOURS * 60 ? atOffset(iso, utc, offset) : out;
}

/** How far (hours) from UTC a shown day may move a declared instant. */
const SHOWN_DAY_HOURS = 3;

/** The first calendar day the page shows for its date: a <time>'s text, a date-marked element, the date by the headline. */
function shownDay(ctx: RuleContext): string | null {
  const shown: string[] = [];
  for (const t of ctx.tags.times.filter((x) => !x.comment && !x.quoted).slice(0, 3)) shown.push(t.text);
  shown.push(...ctx.tags.dateTexts.slice(0, 3));
  for (const s of shown) {
    const d = s && !/^\d{4}-\d{2}-\d{2}T/.test(s) ? findDateInText(s, { shortYear: true }) : null;
    // A shown time of day that is not the instant's dates another moment (an update): no clue to the day.
    if (d) return d.includes('T') ? null : d;
  }
  const text = ctx.bodyText();
  const h1 = headlineAt(ctx, text);
  const near =
    h1 >= 0
      ? findDateInText(text.slice(Math.max(0, h1 - ABOVE_HEADLINE), h1 + NEAR_HEADLINE), { shortYear: true })
      : null;
  return near && !near.includes('T') ? near : null;
}

/** The instant on the clock the page shows (sure: a shown wall time or the same instant declared with its offset). */
function onShownClock(ctx: RuleContext, iso: string, utc: number): { out: string; sure: boolean } {
  const shown: string[] = [];
  for (const t of ctx.tags.times.slice(0, 10)) shown.push(t.datetime, t.text);
  shown.push(...ctx.tags.dateTexts.slice(0, 10));
  // The dateline printed by the headline ("Ariel Melgar Cabrera 3/5/2022 22:41").
  const text = ctx.bodyText();
  const h1 = headlineAt(ctx, text);
  if (h1 >= 0) {
    const near = findDateInText(text.slice(Math.max(0, h1 - ABOVE_HEADLINE), h1 + NEAR_HEADLINE), { shortYear: true });
    if (near) {
      shown.push(near);
      // "3/5/2022" read month-first may be the day-first date of the same instant.
      const dm = /^(\d{4})-(\d{2})-(\d{2})(T.*)$/.exec(near);
      if (dm && dm[2] !== dm[3] && +dm[3]! <= 12) shown.push(`${dm[1]}-${dm[3]}-${dm[2]}${dm[4]}`);
    }
  }
  for (const s of shown) {
    const local = s ? (toIsoDate(s) ?? findDateInText(s)) : null;
    const m = local && /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(local);
    if (!m) continue;
    const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
    const diff = Math.round((wall - Math.floor(utc / 60_000) * 60_000) / 60_000);
    if (diff === 0) return { out: iso, sure: true };
    if (!realOffset(diff)) continue;
    return { out: atOffset(iso, utc, diff), sure: true };
  }
  // The same instant declared elsewhere on the page with its offset (a <time datetime>, a
  // JSON-LD or meta date: "2023-11-08T21:11:03-05:00" for "2023-11-09T02:11:03Z"), else the
  // offset of another date the page declares (its dateModified, a video's uploadDate): the
  // page's clock, so its calendar day.
  let other: number | null = null;
  for (const d of declaredDates(ctx)) {
    const m = /T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?([+-])(\d{2}):(\d{2})$/.exec(d);
    if (!m) continue;
    const offset = (m[1] === '-' ? -1 : 1) * (+m[2]! * 60 + +m[3]!);
    if (offset === 0 || !realOffset(offset)) continue;
    if (Math.abs(Date.parse(d) - utc) < 60_000) return { out: atOffset(iso, utc, offset), sure: true };
    other ??= offset;
  }
  return { out: other !== null ? atOffset(iso, utc, other) : iso, sure: false };
}

/** Offsets the world's clocks use that are not whole hours (India +05:30, Nepal +05:45, Newfoundland -03:30...). */
const PART_HOUR_OFFSETS = new Set([-570, -210, -150, 210, 270, 330, 345, 390, 525, 570, 630, 765]);

/** A UTC offset some place uses: whole hours within -12..+14, or one of the part-hour zones (not "+01:30"). */
function realOffset(minutes: number): boolean {
  if (minutes < -12 * 60 || minutes > 14 * 60) return false;
  return minutes % 60 === 0 || PART_HOUR_OFFSETS.has(minutes);
}

/** A UTC instant written with an offset of `diff` minutes ("...T18:09:55-07:00"). */
function atOffset(iso: string, utc: number, diff: number): string {
  const at = new Date(utc + diff * 60_000).toISOString().replace(/Z$/, '');
  const a = Math.abs(diff);
  const frac = /\.\d+Z$/.test(iso) ? at : at.replace(/\.\d{3}$/, '');
  return `${frac}${diff < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/** Every full date the page declares: date metas, JSON-LD dates, <time datetime>. */
function declaredDates(ctx: RuleContext): string[] {
  const out: string[] = [];
  for (const [key, values] of ctx.tags.meta)
    if (/date|time|published|modified|created|issued/.test(key))
      for (const v of values) {
        const d = toIsoDate(v);
        if (d) out.push(d);
      }
  for (const n of ctx.ld.nodes)
    for (const key of ['datePublished', 'dateModified', 'dateCreated', 'uploadDate']) {
      const d = toIsoDate(textOf(n[key]));
      if (d) out.push(d);
    }
  for (const t of ctx.tags.times) {
    const d = toIsoDate(t.datetime);
    if (d) out.push(d);
  }
  return out;
}

/**
 * Where the headline is printed in the visible text: the first <h1>; on a page without one, the
 * declared title (og:title, else <title> up to its first brand separator) where the page prints it.
 */
function headlineAt(ctx: RuleContext, text: string): number {
  if (ctx.tags.firstH1) return text.indexOf(ctx.tags.firstH1.slice(0, 40));
  for (const t of [
    firstMeta(ctx.tags, 'og:title'),
    ctx.tags.title ? collapse(ctx.tags.title).split(BRAND_SEP)[0]! : null,
  ]) {
    const head = t ? collapse(t).slice(0, 40) : '';
    if (head.length >= 12) {
      const at = text.indexOf(head);
      if (at >= 0) return at;
    }
  }
  return -1;
}

/** The date an element marked as a date shows: an ISO instant in its attribute, else the date
 *  as the page writes it, a two-digit year included. */
function markedDate(text: string): string | null {
  return (/^\d{4}-\d{2}-\d{2}T/.test(text) ? toIsoDate(text) : null) ?? findDateInText(text, { shortYear: true });
}

/** How far after the headline a numeric date still belongs to it (characters of visible text). */
const NEAR_HEADLINE = 1500;
/** How far above the headline a dateline still belongs to it (characters of visible text). */
const ABOVE_HEADLINE = 150;
/** How many publication words in the text are tried for a date after them. */
const MAX_ANNOUNCEMENTS = 5;
/** How much of the visible text is searched for a date at all. */
const MAX_DATE_TEXT = 20_000;

const PUBLISHED_WORDS =
  /(?<!\p{L})(?:published|posted|updated|veröffentlicht|erschienen|aktualisiert|erstellt|publiziert|publié|mis à jour|publicado|pubblicato|gepubliceerd|opublikowano|publicerad|udgivet)(?!\p{L})/giu;

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
  for (const key of ['keywords', 'news_keywords'])
    for (const v of ctx.tags.meta.get(key) ?? []) v.split(',').forEach(add);
  for (const v of ctx.tags.meta.get('article:tag') ?? []) add(v);
  const ld = ctx.ld.nodes.find((n) => n.keywords !== undefined);
  if (ld) {
    const k = ld.keywords;
    if (typeof k === 'string') k.split(',').forEach((s) => add(textOf(s) ?? ''));
    else if (Array.isArray(k)) for (const s of k) add(textOf(s) ?? '');
  }
  return out;
}
