// description: og:description, twitter:description, meta description, JSON-LD description,
// the lead paragraph; the first that reads as a description of this page.
import { articleOrPage, isSiteOrPerson, ldText, meta, type Rule, type RuleContext } from '../context.js';
import { textOf } from '../json-ld-values.js';
import { isHomePage, siteHosts, titleBrand } from '../site.js';
import { clean, decodeEntities, fold } from '../text.js';
import { MAX_TAGLINE_WORDS } from '../thresholds.js';

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
 * The first source that reads as a description, verbatim as text: entities decoded (also those
 * encoded twice, "I&#8217;m"), markup pasted into a meta tag ("<p>...") read as the words it
 * wraps, white space collapsed, nothing cut. A value that is only the site's name or a byline
 * ("Written by Staff"), or the site's own blurb on an inner page, describes nothing: the next
 * source is read.
 */
export const DESCRIPTION: readonly Rule<string>[] = [
  (ctx) => {
    for (const rule of DESCRIPTION_SOURCES) {
      const v = asText(rule(ctx));
      if (v !== null && describes(ctx, v)) return v;
    }
    return null;
  },
];

function asText(v: string | null): string | null {
  if (!v) return null;
  let s = v;
  if (/&(?:#\d{2,6}|#x[\da-f]{2,5}|[a-z]{2,8});/i.test(s)) s = decodeEntities(s);
  if (/<\/?[a-z][^>]*>|<[a-z]+\s[^>]*$/i.test(s)) s = s.replace(/<[a-z][^>]*(?:>|$)|<\/[a-z]+\s*>/gi, ' ');
  return clean(s, 20_000);
}

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
    d.split(/\s+/).length <= MAX_TAGLINE_WORDS &&
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
