// description: og:description, twitter:description, meta description, JSON-LD description,
// the lead paragraph; the first that reads as a description of this page.
import { articleOrPage, isSiteOrPerson, ldText, meta, type Rule, type RuleContext } from '../context.js';
import { textOf } from '../json-ld-values.js';
import { isHomePage, siteHosts, titleBrand } from '../site.js';
import { clean, decodeEntities, fold, trimEndWhere } from '../text.js';

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
const CUT_SHORT =
  /(?<!\s)\s*(?:\.{3}|\u2026|\[(?:\.{3}|\u2026)\]|\((?:\.{3}|\u2026)\)|(?<=[\p{L}\p{N}])\s+read more)\s*$/iu;

/**
 * A description cut short with an ellipsis ("...für Reinig...") where another source of the
 * page (the meta description, JSON-LD, the lead paragraph) starts with the same words and goes
 * on: that one is the whole text the short one was cut from, and a reader takes it.
 */
function completed(chosen: string, later: readonly (string | null)[]): string {
  const cut = CUT_SHORT.exec(chosen);
  if (!cut) return chosen;
  const head = trimEndWhere(fold(chosen.slice(0, cut.index)), (c) => /[\s\p{P}]/u.test(c));
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
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
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
