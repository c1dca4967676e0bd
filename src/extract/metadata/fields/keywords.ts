// keywords: meta keywords, news_keywords, article:tag and JSON-LD keywords, in this order.
import type { RuleContext } from '../context.js';
import { textOf } from '../json-ld-values.js';
import { collapse } from '../text.js';
import { MAX_KEYWORDS } from '../thresholds.js';

/** Union, in this order, of meta keywords, news_keywords, article:tag and JSON-LD keywords. */
export function keywords(ctx: RuleContext): string[] {
  const raw: string[] = [];
  for (const key of ['keywords', 'news_keywords'])
    for (const v of ctx.tags.meta.get(key) ?? []) raw.push(...v.split(','));
  raw.push(...(ctx.tags.meta.get('article:tag') ?? []));
  const ld = ctx.ld.nodes.find((n) => n.keywords !== undefined);
  if (ld) {
    const k = ld.keywords;
    if (typeof k === 'string') for (const s of k.split(',')) raw.push(textOf(s) ?? '');
    else if (Array.isArray(k)) for (const s of k) raw.push(textOf(s) ?? '');
  }
  return uniqueKeywords(raw);
}

/** Keywords as read, each once (the first spelling, compared without case), none empty, at most
 *  MAX_KEYWORDS. */
export function uniqueKeywords(raw: Iterable<string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const r of raw) {
    const k = collapse(r, 200);
    const key = k.toLowerCase();
    if (k === '' || seen.has(key)) continue;
    if (out.length >= MAX_KEYWORDS) break;
    seen.add(key);
    out.push(k);
  }
  return out;
}
