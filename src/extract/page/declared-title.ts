// The title a page declares, as the ruling orders it and as a link preview shows it: og:title,
// else twitter:title, else <title>, else JSON-LD headline, else the first <h1>; verbatim
// (entities decoded, whitespace collapsed, nothing cut: a "Story | Brand" title stays whole).
// The metadata fetcher's `title` and clean_web_index's `title`.
import { firstOf, ldText, meta, type Rule } from '../metadata/context.js';
import { clean } from '../metadata/text.js';
import type { TitleContext } from './title-facts.js';

export const DECLARED_TITLE: readonly Rule<string, TitleContext>[] = [
  meta('og:title'),
  meta('twitter:title', 'twitter:text:title'),
  (ctx) => clean(ctx.tags.title),
  ldText('headline'),
  (ctx) => ctx.tags.firstH1,
];

export function declaredTitle(ctx: TitleContext): string {
  return firstOf(ctx, DECLARED_TITLE) ?? '';
}
