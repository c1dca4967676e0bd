// image: og:image, twitter:image, JSON-LD image, <link rel=image_src>, itemprop image, the
// article's first large image; always absolute.
import type { JsonLdNode } from '../../page/json-ld.js';
import { absolute, isSiteOrPerson, meta, type Rule, type RuleContext } from '../context.js';
import { firstFrom, urlOf } from '../json-ld-values.js';
import { resolveUrl } from '../urls.js';
import { MIN_LEAD_IMAGE_WIDTH } from '../thresholds.js';

/** og:image, twitter:image, JSON-LD image/thumbnailUrl, <link rel=image_src>, itemprop image. */
export const IMAGE: readonly Rule<string>[] = [
  absolute(firstCandidate(meta('og:image', 'og:image:url', 'og:image:secure_url'))),
  absolute(firstCandidate(meta('twitter:image', 'twitter:image:src'))),
  // Not a WebSite's, Organization's or Person's image (the site's logo, the writer's photo): those after the
  // article's own <img>.
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

/** A srcset pasted where one URL belongs ("a.jpg 3500w, a.jpg?w=768 768w"): its first URL. */
function firstCandidate(rule: Rule<string>): Rule<string> {
  return (ctx) => {
    const v = rule(ctx);
    return v && SRCSET.test(v) ? v.split(/\s+/)[0]! : v;
  };
}

const ENCODED_SRCSET = /\S%20\d+(?:\.\d+)?[wx](?:,|$)/;

const SRCSET = /\S\s+\d+(?:\.\d+)?[wx]\s*(?:,|$)/;
