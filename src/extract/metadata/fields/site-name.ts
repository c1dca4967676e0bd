// site_name: the names the page declares for its site (JSON-LD publisher, og:site_name,
// application-name, the WebSite or the site's own Organization), else the brand part of <title>.
import { isType, type JsonLdNode } from '../../page/json-ld.js';
import { firstOf, type Rule, type RuleContext } from '../context.js';
import { firstFrom, namesOf, textOf } from '../json-ld-values.js';
import { declaredHosts, finalHost, hostBrand, siteHosts, siteNameValue, titleBrand } from '../site.js';

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
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?<!\s),?\s+(?:GmbH(?:\s*&\s*Co\.?\s*KG)?|gGmbH|AG|SE|KG|e\.\s?V\.|Inc\.?|LLC|L\.L\.C\.|Ltd\.?|Limited|plc|PLC|Corp\.?|Co\.|S\.A\.?|SA|S\.L\.|SAS|SARL|S\.r\.l\.|Srl|S\.p\.A\.|B\.V\.|BV|N\.V\.|AB|ASA|A\/S|Oy)$/;

export const ORGANIZATION = /^(?:Organization|NewsMediaOrganization|Corporation|OnlineBusiness|OnlineStore)$/;

/** An Organization node that stands for the site: @id "...#organization"/"#publisher", or its url the site's root. */
export function ownOrganisation(ctx: RuleContext, n: JsonLdNode): boolean {
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
