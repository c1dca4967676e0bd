// The page a bench/metadata-ceiling.ts miss is classified on, the classes themselves, and which
// rule of a chain answered.
import type { Document } from 'domhandler';
import { readJsonLd } from '../src/extract/page/json-ld.js';
import { collectTags } from '../src/extract/metadata/page-tags.js';
import { documentBase } from '../src/extract/metadata/urls.js';
import { visibleText } from '../src/extract/metadata/visible-text.js';
import type { Rule, RuleContext } from '../src/extract/metadata/context.js';
import { text } from './metadata-score.js';
import type { BenchPage } from './metadata-sets.js';
import type { Split } from './quality-split.js';

export const CLASSES = ['a', 'b', 'c', 'd'] as const;
export type Cls = (typeof CLASSES)[number];

export interface Miss {
  set: BenchPage['set'];
  id: string;
  split: Split;
  field: string;
  want: unknown;
  got: unknown;
  cls: Cls;
  reason: string;
  /** Which rule of the chain answered (author, published_at). */
  source?: string;
  /** (b): a page of the other set that expects the opposite. */
  pair?: string;
}

export function ruleIndex<T>(ctx: RuleContext, chain: readonly Rule<T>[]): number {
  for (const [i, rule] of chain.entries()) {
    const v = rule(ctx);
    if (v !== null && v !== undefined) return i;
  }
  return -1;
}

export interface Page {
  ctx: RuleContext;
  /** Visible text, white space collapsed, folded. */
  shown: string;
  /** The raw markup, white space collapsed, folded. */
  markup: string;
  url: string;
}

export function pageOf(doc: Document, page: BenchPage): Page {
  const tags = collectTags(doc);
  const url = page.requested;
  let body: string | null = null;
  const ctx: RuleContext = {
    tags,
    ld: readJsonLd(tags.jsonLd),
    base: documentBase(doc, url),
    finalUrl: url,
    headers: { 'content-type': page.contentType },
    bodyText: () => (body ??= visibleText(doc)),
  };
  return { ctx, shown: text(ctx.bodyText(), true), markup: text(page.html, true), url: page.url };
}
