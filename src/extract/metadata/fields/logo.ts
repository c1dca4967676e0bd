// logo: the site's logo as the page declares it: the JSON-LD logo of the publisher or of the
// site's own Organization, og:logo, itemprop=logo, else an image in the page's header marked or
// named as the logo; absolute; null when none (no fallback to the favicon).
import { deref, isType, type JsonLd, type JsonLdNode } from '../../page/json-ld.js';
import { absolute, meta, type Rule } from '../context.js';
import { firstFrom, urlOf } from '../json-ld-values.js';
import { resolveUrl } from '../urls.js';
import { ORGANIZATION, ownOrganisation } from './site-name.js';

/** The nodes a value names: an object, a reference to one, or an array of those. */
function nodesOf(value: unknown, ld: JsonLd): JsonLdNode[] {
  const out: JsonLdNode[] = [];
  for (const v of Array.isArray(value) ? value : [value]) {
    const n = deref(v, ld);
    if (n && typeof n === 'object' && !Array.isArray(n)) out.push(n as JsonLdNode);
  }
  return out;
}

export const LOGO: readonly Rule<string>[] = [
  (ctx) =>
    firstFrom(ctx.ld.nodes, (n) =>
      firstFrom(nodesOf(n.publisher, ctx.ld), (p) => resolveUrl(urlOf(p.logo, ctx.ld), ctx.base)),
    ),
  (ctx) =>
    firstFrom(ctx.ld.nodes, (n) =>
      isType(n, ORGANIZATION) && ownOrganisation(ctx, n) ? resolveUrl(urlOf(n.logo, ctx.ld), ctx.base) : null,
    ),
  absolute(meta('og:logo')),
  absolute(meta('logo')),
  (ctx) => firstFrom(ctx.tags.logos, (u) => resolveUrl(u, ctx.base)),
  (ctx) => firstFrom(ctx.tags.headerLogos, (u) => resolveUrl(u, ctx.base)),
];
