// Where the headline is printed in the page's visible text: bylines and datelines are read
// near it.
import type { RuleContext } from './context.js';
import { firstMeta } from './page-tags.js';
import { collapse, fold } from './text.js';
import { BRAND_SEP } from './site.js';
import { HEADLINE_PREFIX_CHARS, MIN_HEADLINE_PREFIX_CHARS } from './thresholds.js';

/** Soft hyphens break long words where the page allows; a title does not print them. */
const SOFT_HYPHEN = /\u00ad/g;

/**
 * The <h1> that is the headline: the first one, unless it is missing from every declared title
 * while a later one is in it (the first is then the site's or a section's name: "Bundeskriminalamt
 * (BKA)" over "Messengerdienste sind kein rechtsfreier Raum").
 */
function headlineH1(ctx: RuleContext): string | null {
  const first = ctx.tags.firstH1;
  if (!first || ctx.tags.h1s.length < 2) return first;
  const titles = [ctx.tags.title, firstMeta(ctx.tags, 'og:title')]
    .filter((t): t is string => !!t)
    .map((t) => fold(collapse(t)));
  const named = (h: string) => {
    const f = fold(collapse(h.replace(SOFT_HYPHEN, '')));
    return f.length >= MIN_HEADLINE_PREFIX_CHARS && titles.some((t) => t.includes(f));
  };
  if (titles.length === 0 || named(first)) return first;
  return ctx.tags.h1s.find(named) ?? first;
}

/**
 * Where the headline is printed in the visible text: its <h1> (headlineH1); on a page without
 * one, the declared title (og:title, else <title> up to its first brand separator, else whole)
 * where the page prints it.
 */
export function headlineAt(ctx: RuleContext, text: string): number {
  const h1 = headlineH1(ctx);
  if (h1) {
    const at = text.indexOf(h1.slice(0, HEADLINE_PREFIX_CHARS));
    if (at >= 0) return at;
    // The text breaks a line at each element in the <h1> ("<span>Kicker</span> - Story"): its longest line.
    const longest = (ctx.tags.h1Lines.get(h1) ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
    return longest.length >= MIN_HEADLINE_PREFIX_CHARS ? text.indexOf(longest.slice(0, HEADLINE_PREFIX_CHARS)) : -1;
  }
  const title = ctx.tags.title ? collapse(ctx.tags.title) : null;
  for (const t of [firstMeta(ctx.tags, 'og:title'), title?.split(BRAND_SEP)[0], title]) {
    const head = t ? collapse(t).slice(0, HEADLINE_PREFIX_CHARS) : '';
    if (head.length >= MIN_HEADLINE_PREFIX_CHARS) {
      const at = text.indexOf(head);
      if (at >= 0) return at;
    }
  }
  return -1;
}
