// The classes bench/metadata-ceiling.ts puts each miss in, decided mechanically from the page and
// from which rule of urlkit's chain gave the answer (so the counts can be reproduced and checked):
//  (a) ruled: the answer is a value the page declares, in the order "Metadata fetcher data
//      (re-ruled in v3)" sets ("Metadata reports what the page declares, in the order ... Open
//      Graph, then Twitter cards, then HTML <meta> and itemprop, then JSON-LD; only when the page
//      declares nothing does a field come from what the page shows"), and the set expects another
//      value or none; or the headline is the printed <h1> and the set expects the declared title
//      that <h1> tells the same story as ("The cleaners' title (re-ruled in v3)": "the visible <h1>
//      ... when it tells the same story as a declared title");
//  (b) the sets disagree: counted per page by headlineChoice (see metadata-ceiling.ts), not
//      per miss;
//  (c) fixable: the expected value is on the page (its text, markup or address) and no ruling
//      forces our answer;
//  (d) unclear / data: the expected value is nowhere on the page.
// Only the declared sources the ruling names count for (a): a rel/itemprop byline, JSON-LD
// dateCreated or creator, a vendor's meta and a "Written by" twitter label do not.
import type { Document } from 'domhandler';
import { firstMeta } from '../src/extract/metadata/page-tags.js';
import { textOf } from '../src/extract/metadata/json-ld-values.js';
import { text, type Entry, type Pred } from './metadata-score.js';
import type { BenchPage, WcxbTruth } from './metadata-sets.js';
import type { Split } from './quality-split.js';
import { classifyAuthor } from './metadata-ceiling-authors.js';
import { classifyDate } from './metadata-ceiling-dates.js';
import { classifyHeadline } from './metadata-ceiling-headlines.js';
import { pageOf, type Miss, type Page } from './metadata-ceiling-page.js';
// ---- the other metadata-dev fields --------------------------------------------------------------

function classifyOther(p: Page, field: string, want: string, got: unknown): Pick<Miss, 'cls' | 'reason'> {
  const g = typeof got === 'string' ? text(got, true) : '';
  const ctx = p.ctx;
  if (field === 'description') {
    const declared = [
      firstMeta(ctx.tags, 'og:description'),
      firstMeta(ctx.tags, 'twitter:description'),
      firstMeta(ctx.tags, 'description'),
      ...ctx.ld.nodes.map((n) => textOf(n.description)),
    ].filter((x): x is string => !!x);
    if (g && declared.some((d) => text(d, true) === g))
      return { cls: 'a', reason: 'the page declares another description' };
  }
  if (field === 'image') {
    const declared = [firstMeta(ctx.tags, 'og:image'), firstMeta(ctx.tags, 'twitter:image')].filter(
      (x): x is string => !!x,
    );
    const resolved = declared.map((d) => {
      try {
        return new URL(d, ctx.base).pathname;
      } catch {
        return d;
      }
    });
    if (typeof got === 'string' && resolved.some((r) => got.endsWith(r)))
      return { cls: 'a', reason: 'the page declares another image (og:image / twitter:image)' };
    const path = (() => {
      try {
        return new URL(want).pathname.toLowerCase();
      } catch {
        return want.toLowerCase();
      }
    })();
    return p.markup.includes(path)
      ? { cls: 'c', reason: 'the expected image is on the page' }
      : { cls: 'd', reason: 'the expected image is not on the page' };
  }
  if (field === 'site_name') {
    const declared = [
      firstMeta(ctx.tags, 'og:site_name'),
      firstMeta(ctx.tags, 'application-name'),
      ...ctx.ld.nodes.map((n) => textOf((n.publisher as Record<string, unknown> | undefined)?.name)),
    ].filter((x): x is string => !!x);
    if (g && declared.some((d) => text(d, true) === g))
      return { cls: 'a', reason: 'the page declares another site name' };
  }
  const w = text(want, true);
  return p.shown.includes(w) || p.markup.includes(w)
    ? { cls: 'c', reason: 'the expected value is on the page' }
    : { cls: 'd', reason: 'the expected value is not on the page' };
}

// ---- per set ----------------------------------------------------------------------------------

export function classifyDev(
  w: { id: string; field: string; want: unknown; got: unknown },
  split: Split,
  _entry: Entry,
  pred: Pred,
  page: BenchPage,
  doc: Document,
): Miss {
  const p = pageOf(doc, page);
  const base = { set: page.set, id: w.id, split, field: w.field, want: w.want, got: w.got };
  const want = Array.isArray(w.want) ? w.want.join(', ') : String(w.want);
  const data = pred.data ?? {};
  switch (w.field) {
    case 'author':
      return { ...base, ...classifyAuthor(p, want, data.author) };
    case 'published_at':
      return { ...base, ...classifyDate(p, want, data.published_at) };
    case 'headline':
      return { ...base, ...classifyHeadline(p, want, pred.content_title) };
    default:
      return { ...base, ...classifyOther(p, w.field, want, data[w.field]) };
  }
}

export function classifyWcxb(
  w: { id: string; field: string; want: unknown; got: unknown },
  split: Split,
  truth: WcxbTruth,
  pred: Pred,
  page: BenchPage,
  doc: Document,
): Miss {
  const p = pageOf(doc, page);
  const base = { set: page.set, id: w.id, split, field: w.field, want: w.want, got: w.got };
  const data = pred.data ?? {};
  switch (w.field) {
    case 'headline':
      return { ...base, ...classifyHeadline(p, truth.title!, pred.content_title) };
    case 'author':
      return { ...base, ...classifyAuthor(p, truth.author, data.author) };
    case 'no_author_where_none':
      return { ...base, ...classifyAuthor(p, null, data.author) };
    case 'date':
      return { ...base, ...classifyDate(p, truth.publish_date, data.published_at) };
    default:
      return { ...base, ...classifyDate(p, null, data.published_at) };
  }
}
