// Where the headline is printed in the page's visible text: bylines and datelines are read
// near it.
import type { RuleContext } from './context.js';
import { firstMeta } from './page-tags.js';
import { collapse } from './text.js';
import { BRAND_SEP } from './site.js';
import { HEADLINE_PREFIX_CHARS, MIN_HEADLINE_PREFIX_CHARS } from './thresholds.js';

/**
 * Where the headline is printed in the visible text: the first <h1>; on a page without one, the
 * declared title (og:title, else <title> up to its first brand separator) where the page prints it.
 */
export function headlineAt(ctx: RuleContext, text: string): number {
  if (ctx.tags.firstH1) return text.indexOf(ctx.tags.firstH1.slice(0, HEADLINE_PREFIX_CHARS));
  for (const t of [
    firstMeta(ctx.tags, 'og:title'),
    ctx.tags.title ? collapse(ctx.tags.title).split(BRAND_SEP)[0]! : null,
  ]) {
    const head = t ? collapse(t).slice(0, HEADLINE_PREFIX_CHARS) : '';
    if (head.length >= MIN_HEADLINE_PREFIX_CHARS) {
      const at = text.indexOf(head);
      if (at >= 0) return at;
    }
  }
  return -1;
}
