// A page that declares an FAQ and prints it: the printed FAQ is read with what was found, when
// that left it out (a service's or a shop's questions in a box of their own after the body).
import type { ChildNode } from 'domhandler';
import { isInside, precedes } from '../../dom/walk.js';
import { declaredFaq } from '../select/declared-faq.js';
import { plan } from './attempt.js';
import { convert } from './convert.js';
import { reading } from './reading.js';

export const declaredFaqReading = reading<ChildNode[]>({
  name: 'declared FAQ',
  kind: 'container',
  when:
    'the page, not declared an article, declares an FAQPage in JSON-LD and prints two of its questions ' +
    'or more outside what was found (the box replaces roots inside it, not all of them)',
  reads: "what was found with the printed FAQ's box, in page order",
  accepts: 'more than what was found',
  applies(ctx, found) {
    const p = found.plan;
    // Not on a declared article: the FAQ beside an article's body restates it for search more
    // often than it adds to it (measured: articles lost more than they gained).
    if (!p?.stats || ctx.declaredType === 'article' || !ctx.types.includes('FAQPage')) return false;
    const box = declaredFaq(ctx.facts.jsonLdScripts, ctx.frame, p.stats);
    if (!box || p.roots.some((r) => r === box || isInside(box, r))) return false;
    // Roots inside the box are some of its answers (read without their questions): the box
    // replaces them. A box holding every root is not a part of what was found but all of it.
    const outside = p.roots.filter((r) => !isInside(r, box));
    if (outside.length === 0) return false;
    return [...outside, box].sort((a, b) => (precedes(a, b) ? -1 : 1));
  },
  read(ctx, found, roots) {
    const p = found.plan!;
    const widened = plan(ctx, roots, p.stats, p.flags);
    return convert(ctx, { ...widened, declaredBody: p.declaredBody }, found.strategy + ' + FAQ', ctx.captionsOut);
  },
  accept: (_ctx, found, attempt) => attempt.chars > found.chars,
});
