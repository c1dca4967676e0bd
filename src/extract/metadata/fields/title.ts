// title: the declared title (og:title, twitter:title, <title>, JSON-LD headline or the article
// node's name), or the visible <h1> where it tells the same story better; else the first <h1>.
import type { Rule, RuleContext } from '../context.js';
import { collapse } from '../text.js';
import { visibleOrDeclaredTitle } from '../visible-title.js';

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
