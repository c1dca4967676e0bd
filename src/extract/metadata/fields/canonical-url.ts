// canonical_url: <link rel=canonical>, og:url, the HTTP Link header's rel=canonical.
import { absolute, meta, type Rule } from '../context.js';
import { linkHeaderTarget } from '../http-headers.js';
import { resolveUrl } from '../urls.js';

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
