// keywords: meta keywords, news_keywords, article:tag and JSON-LD keywords, in this order.
import type { RuleContext } from '../context.js';
import { textOf } from '../json-ld-values.js';
import { collapse } from '../text.js';
import { MAX_KEYWORDS } from '../thresholds.js';

/** Union, in this order, of meta keywords, news_keywords, article:tag and JSON-LD keywords. */
export function keywords(ctx: RuleContext): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (raw: string) => {
    const k = collapse(raw, 200);
    const key = k.toLowerCase();
    if (k === '' || seen.has(key) || out.length >= MAX_KEYWORDS) return;
    seen.add(key);
    out.push(k);
  };
  for (const key of ['keywords', 'news_keywords'])
    for (const v of ctx.tags.meta.get(key) ?? []) v.split(',').forEach(add);
  for (const v of ctx.tags.meta.get('article:tag') ?? []) add(v);
  const ld = ctx.ld.nodes.find((n) => n.keywords !== undefined);
  if (ld) {
    const k = ld.keywords;
    if (typeof k === 'string') k.split(',').forEach((s) => add(textOf(s) ?? ''));
    else if (Array.isArray(k)) for (const s of k) add(textOf(s) ?? '');
  }
  return out;
}
