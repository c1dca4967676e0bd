// The headline side of bench/metadata-ceiling-classes.ts: the declared titles beside the printed
// <h1>, the class of a headline miss, and how the two sets choose between them.
import type { Document } from 'domhandler';
import { firstMeta } from '../src/extract/metadata/page-tags.js';
import type { RuleContext } from '../src/extract/metadata/context.js';
import { textOf } from '../src/extract/metadata/json-ld-values.js';
import { text, titleForms } from './metadata-score.js';
import type { BenchPage } from './metadata-sets.js';
import { pageOf, type Miss, type Page } from './metadata-ceiling-page.js';

const words = (s: string) =>
  new Set(
    (
      s
        .normalize('NFKC')
        .toLowerCase()
        .match(/[\p{L}\p{N}]{3,}/gu) ?? []
    ).map((w) => w.slice(0, 5)),
  );

/** An independent, strict reading of "tells the same story": at least half the shorter title's words are in both. */
function sameStory(a: string, b: string): boolean {
  const x = words(a);
  const y = words(b);
  const common = [...x].filter((w) => y.has(w)).length;
  const small = Math.min(x.size, y.size);
  return small > 0 && common >= Math.min(2, small) && common * 2 >= small;
}

/** Our reading of the <h1> glues two of the expected words ("productdevelopment") or adds a mark ("¶", "?"). */
function misread(got: string, want: string): boolean {
  if (/[\u00b6#\ufffd]|\p{L}\?\s?\p{L}/u.test(got)) return true;
  const tokens = (s: string) => s.match(/[\p{L}\p{N}]+/gu) ?? [];
  const w = tokens(want);
  const glued = new Set(w.slice(1).map((x, i) => w[i]! + x));
  return tokens(got).some((t) => glued.has(t));
}

function declaredTitles(ctx: RuleContext): string[] {
  const ld = ctx.ld.nodes.map((n) => textOf(n.headline)).filter((x): x is string => !!x);
  return [firstMeta(ctx.tags, 'og:title'), firstMeta(ctx.tags, 'twitter:title'), ctx.tags.title, ...ld].filter(
    (x): x is string => !!x && x.trim() !== '',
  );
}

export function classifyHeadline(p: Page, want: string, got: unknown): Pick<Miss, 'cls' | 'reason'> {
  const w = text(want, true);
  const declared = declaredTitles(p.ctx);
  const wantDeclared = declared.some((d) => titleForms(d).some((f) => text(f, true) === w));
  const printed = p.ctx.tags.h1s.flatMap((h) => [h, ...(p.ctx.tags.h1Lines.get(h) ?? [])]).map((h) => text(h, true));
  const g = typeof got === 'string' ? text(got, true) : '';
  const gotPrinted = g !== '' && printed.includes(g);
  const gotDeclared = g !== '' && declared.some((d) => titleForms(d).some((f) => text(f, true) === g));
  if (wantDeclared && gotPrinted && misread(g, w))
    return { cls: 'c', reason: 'the printed <h1> read with words glued or a mark added (¶, #, a lost character)' };
  if (wantDeclared && gotPrinted && !gotDeclared && sameStory(g, want))
    return { cls: 'a', reason: 'the printed <h1> tells the same story as the declared title the set expects' };
  if (wantDeclared && gotPrinted)
    return { cls: 'c', reason: 'another story printed in an <h1>; the set expects the declared title' };
  if (wantDeclared) return { cls: 'c', reason: 'the set expects a declared title (cut otherwise, or another one)' };
  if (printed.includes(w)) return { cls: 'c', reason: 'the set expects the printed <h1>; we gave another title' };
  if (p.shown.includes(w)) return { cls: 'c', reason: 'the set expects a heading or line of the text' };
  if (p.markup.includes(w)) return { cls: 'c', reason: 'the set expects a title found only in the markup' };
  return { cls: 'd', reason: 'the expected headline is not on the page' };
}

/** How the printed <h1> and the declared title differ on a page where the set chose one of them. */
export const HEADLINE_KINDS = [
  'the <h1> is a label of 1-3 words inside the title (a section, a category, a product family)',
  'the <h1> is the title without a qualifier (a year, a place, a subtitle)',
  'the <h1> is the title with more words',
  'the <h1> words the story otherwise',
] as const;
export type HeadlineKind = (typeof HEADLINE_KINDS)[number];

/**
 * Which convention a page's expected headline follows where the page prints an <h1> that tells the
 * same story as its declared title but differs from it: 'printed' (the <h1>) or 'declared' (the
 * declared title, its brand cut), and how the two differ; null where they do not differ or neither
 * is expected.
 */
export function headlineChoice(
  doc: Document,
  page: BenchPage,
  want: string,
): { convention: 'printed' | 'declared'; kind: HeadlineKind } | null {
  const p = pageOf(doc, page);
  const w = text(want, true);
  const declared = declaredTitles(p.ctx);
  const forms = declared.flatMap((d) => titleForms(d)).map((f) => text(f, true));
  const printed = p.ctx.tags.h1s.flatMap((h) => [h, ...(p.ctx.tags.h1Lines.get(h) ?? [])]).map((h) => text(h, true));
  if (printed.includes(w) && !forms.includes(w)) {
    const d = forms.find((f) => sameStory(f, w));
    if (d !== undefined) return { convention: 'printed', kind: kindOf(w, d) };
  }
  if (forms.includes(w) && !printed.includes(w)) {
    const h = printed.find((x) => sameStory(x, w) && !misread(x, w));
    if (h !== undefined) return { convention: 'declared', kind: kindOf(h, w) };
  }
  return null;
}

function kindOf(h1: string, declared: string): HeadlineKind {
  const inTitle = declared.includes(h1);
  if (inTitle && (h1.match(/[\p{L}\p{N}]+/gu) ?? []).length <= 3) return HEADLINE_KINDS[0];
  if (inTitle) return HEADLINE_KINDS[1];
  return h1.includes(declared) ? HEADLINE_KINDS[2] : HEADLINE_KINDS[3];
}
