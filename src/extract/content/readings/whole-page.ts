// The whole page as content: a container holding a small share of the page is one part of a
// page made of many (service sections, card grids, listings, documentation), and the page minus
// its chrome is read instead (select/whole-page.ts has the gate and the measures).
import type { ChildNode, Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { isElement, isPlainTag } from '../../dom/walk.js';
import { articleWholePageExcluded, beyondStrictExcluded, wholePageExcluded } from '../exclude/whole-page-chrome.js';
import { isFacetPanel } from '../exclude/facets.js';
import {
  frameChars,
  linkedListChars,
  manySectionsBeyond,
  manyTitledSections,
  moreTitledSections,
  sectionedBlocks,
  sectionsLostInside,
  slightPart,
  wholePageGate,
  wholePageRoot,
} from '../select/whole-page.js';
import {
  LINKED_LIST_SHARE,
  SECTIONS_GAIN,
  WHOLE_PAGE_CLEAR_CHARS,
  WHOLE_PAGE_CLEAR_SHARE,
  WHOLE_PAGE_MAX_CHARS,
  WHOLE_PAGE_SHARE,
} from '../thresholds/readings.js';
import { convertWholePage } from './convert.js';
import { reading } from './reading.js';
import { BLOG_POST } from '../../vocabulary/region-words.js';

/** A page that declares itself an article but whose chosen container is a small part of it (a
 *  page builder's column, one card, one tab) is read whole too, in the clear band only, without
 *  its comments and links to other articles; a declared body or a blog post marked as such is
 *  the article, however short. */
export const articleWholePageReading = reading<Element>({
  name: 'whole page (declared article)',
  kind: 'article whole page',
  when:
    'the page is declared an article, and what was found (no declared body, no blog post) is under ' +
    "WHOLE_PAGE_CLEAR_CHARS and WHOLE_PAGE_SHARE of the page's measured text",
  reads: 'the page minus its chrome, its comments and its links to other articles',
  accepts:
    'what was found is under WHOLE_PAGE_CLEAR_SHARE of it, and linked list items under LINKED_LIST_SHARE ' +
    'of what it adds',
  applies: (ctx, found) =>
    ctx.declaredType === 'article' &&
    !found.plan?.declaredBody &&
    !found.plan?.roots.some(isBlogPost) &&
    found.chars < WHOLE_PAGE_CLEAR_CHARS &&
    isElement(ctx.frame) &&
    smallPart(found.chars, frameChars(ctx.frame, ctx.stats))
      ? ctx.frame
      : false,
  read: (ctx, _found, frame) =>
    convertWholePage(ctx, wholePageRoot(frame, ctx.stats), 'article whole page', (el) =>
      articleWholePageExcluded(ctx.ex, el),
    ),
  accept: (_ctx, found, whole) =>
    found.chars < WHOLE_PAGE_CLEAR_SHARE * whole.chars &&
    linkedListChars(whole.blocks) < LINKED_LIST_SHARE * (whole.chars - found.chars),
});

interface Gate {
  frame: Element;
  gate: 'strict' | 'wide' | 'unmeasured';
}

/** Beyond what the strict measure shows, the page may be a post with its comments, reviews and
 *  sidebar widgets: those stay out (exclude/whole-page-chrome.ts), and so does a listing's filter
 *  panel. A declared body container stands there: a short post beside a long sidebar is still
 *  the post. */
export const wholePageReading = reading<Gate>({
  name: 'whole page',
  kind: 'whole page',
  when:
    'the page is not declared an article, what was found is under WHOLE_PAGE_MAX_CHARS, and the gate ' +
    '(select/whole-page.ts) finds it a small part of the page',
  reads: 'the page minus its chrome (beyond the strict gate, minus comments, reviews and sidebars too)',
  accepts:
    "a scored section of an undeclared page's many (slightPart), or under WHOLE_PAGE_SHARE of it with " +
    'the rest clear (WHOLE_PAGE_CLEAR_SHARE, WHOLE_PAGE_CLEAR_CHARS) or not mostly linked list items',
  applies(ctx, found) {
    const frame = ctx.frame;
    if (ctx.declaredType === 'article' || found.chars >= WHOLE_PAGE_MAX_CHARS || !isElement(frame)) return false;
    const wide = ctx.wideIfMeasured();
    const gate = wholePageGate(found.chars, frame, ctx.stats, wide, ctx.facts.textLength, WHOLE_PAGE_SHARE);
    return gate && (gate === 'strict' || !found.plan?.declaredBody) ? { frame, gate } : false;
  },
  read(ctx, _found, { frame, gate }) {
    const chrome = gate === 'strict' ? wholePageExcluded : beyondStrictExcluded;
    return convertWholePage(
      ctx,
      wholePageRoot(frame, ctx.stats),
      'whole page',
      (el) => chrome(ctx.ex, el) || ctx.rails?.has(el) === true || isFacetPanel(el),
    );
  },
  accept(ctx, best, whole, { frame, gate }) {
    const found = best.chars;
    // In the wider band (a third to a half of the page, or a long section) the rest must be
    // sections of text, not a list of linked items beside a short article (events, teasers).
    const clear =
      gate !== 'unmeasured' && found < WHOLE_PAGE_CLEAR_SHARE * whole.chars && found < WHOLE_PAGE_CLEAR_CHARS;
    // A section that scoring picked on an undeclared page, beside far more of the page's text, is one of many.
    const slight =
      gate === 'strict' &&
      ctx.declaredType === 'unknown' &&
      (best.strategy === 'scored' || best.strategy === 'relaxed') &&
      found < whole.chars &&
      slightPart(found, frame, ctx.stats) &&
      sectionedBlocks(best.blocks);
    return (
      slight ||
      (found < WHOLE_PAGE_SHARE * whole.chars &&
        (clear || linkedListChars(whole.blocks) < LINKED_LIST_SHARE * (whole.chars - found)))
    );
  },
});

interface Sections {
  frame: Element;
  many: boolean;
  lost: boolean;
}

/** An undeclared page of many sections, of which the container holds few headings, is read
 *  whole when that adds text; so is one whose container lost a run of its sections in
 *  conversion (select/whole-page.ts, sectionsLostInside). */
export const manySectionsReading = reading<Sections>({
  name: 'many sections',
  kind: 'whole page',
  when:
    'the page declares nothing, what was found is a container not read whole, and it holds few of the ' +
    "page's headings (manySectionsBeyond) or lost a run of its sections in conversion (sectionsLostInside)",
  reads: 'the page minus its chrome',
  accepts: 'what was found is under SECTIONS_GAIN of it, and it adds titled sections of prose',
  applies(ctx, found) {
    const frame = ctx.frame;
    const p = found.plan;
    if (ctx.declaredType !== 'unknown' || found.strategy === 'whole page' || !p?.stats || !isElement(frame))
      return false;
    const many =
      found.chars < SECTIONS_GAIN * frameChars(frame, ctx.stats) && manySectionsBeyond(p.roots, p.stats, frame);
    const lost = sectionsLostInside(p.roots, p.stats, found.blocks);
    return many || lost ? { frame, many, lost } : false;
  },
  read: (ctx, _found, { frame }) => convertWholePage(ctx, wholePageRoot(frame, ctx.stats)),
  accept: (_ctx, found, whole, { many, lost }) =>
    found.chars < SECTIONS_GAIN * whole.chars &&
    ((many && manyTitledSections(found.blocks, whole.blocks)) ||
      (lost && moreTitledSections(found.blocks, whole.blocks))),
});

/** Under WHOLE_PAGE_SHARE of the page's measured text, or more than all of it (the strict
 *  measure left out the page's wrappers: found text then says nothing about the page's size). */
function smallPart(found: number, page: number): boolean {
  return found < WHOLE_PAGE_SHARE * page || found > page;
}

function isBlogPost(n: ChildNode): boolean {
  if (!isPlainTag(n)) return false;
  const cls = attribute(n, 'class');
  return cls !== undefined && BLOG_POST.test(cls);
}
