// A reading's roots to blocks: the conversion (to-blocks) with what the reading leaves out, then
// the block passes of its kind (passes/passes.ts).
import type { Element } from 'domhandler';
import type { Block } from '../../blocks.js';
import { toBlocks, type ToBlocksOptions } from '../../to-blocks/to-blocks.js';
import { blocksTextLength } from '../../to-blocks/block-text.js';
import type { ContentContext } from '../context.js';
import { runPasses, type BlockKind } from '../passes/passes.js';
import { isScreenReaderOnly } from '../exclude/screen-reader.js';
import { isFacetPanel } from '../exclude/facets.js';
import { isKeyboardCopy } from '../exclude/keyboard-copies.js';
import { wholePageExcluded } from '../exclude/whole-page-chrome.js';
import type { ElementStats } from '../select/element-stats.js';
import type { AttemptFlags } from '../select/attempt-flags.js';
import type { Attempt, Plan } from './attempt.js';

/** The conversion's options for this page: its hidden test and its definition terms. */
export function pageOptions(ctx: ContentContext, rest: Omit<ToBlocksOptions, 'isHidden' | 'terms'>): ToBlocksOptions {
  return { isHidden: ctx.ex.isHidden, terms: ctx.terms, ...rest };
}

/** `blocks` through the passes of `kind` (weighed on all of them: no unweighed pass applies). */
export function passed(ctx: ContentContext, kind: BlockKind, blocks: Block[]): Block[] {
  return runPasses(kind, blocks, ctx).blocks;
}

/** The standfirst, converted on its own: it may sit in a container the plan leaves out as a
 *  whole (a "header" class), so the plan's exclusion rules apply inside it. */
export function standfirstBlocks(ctx: ContentContext, p: Plan): Block[] {
  return p.standfirst.length > 0 ? toBlocks(p.standfirst, ctx.resolver, pageOptions(ctx, { skip: p.excluded })) : [];
}

/** A container reading: the plan's roots minus what it pruned (and, on a page declared an
 *  article, picture captions; on a product page, its rails). */
export function convert(
  ctx: ContentContext,
  p: Plan,
  strategy: string,
  captionsOut = false,
  leaveOut: Set<Element> | null = null,
): Attempt {
  const raw = [
    ...standfirstBlocks(ctx, p),
    // A <noscript> the plan kept (see exclusions) is the article's no-script copy.
    ...toBlocks(
      p.roots,
      ctx.resolver,
      pageOptions(ctx, {
        skip: (el) =>
          !p.stats.get(el) ||
          p.pruned.has(el) ||
          (captionsOut && el.name === 'figcaption') ||
          leaveOut?.has(el) === true ||
          isScreenReaderOnly(el),
        readNoscript: (el) => p.stats.get(el) !== undefined,
      }),
    ),
  ];
  const blocks = passed(ctx, 'container', raw);
  return { blocks, chars: blocksTextLength(blocks), plan: p, strategy };
}

/** The title heading's block read as it stands: its links are its content (a table of
 *  contents), so the link-line pass does not run. */
export function convertTitleBlock(
  ctx: ContentContext,
  root: Element,
  stats: ElementStats,
  flags: AttemptFlags,
): Attempt {
  const raw = toBlocks(
    [root],
    ctx.resolver,
    pageOptions(ctx, { skip: (el) => !stats.get(el) || isScreenReaderOnly(el) }),
  );
  const blocks = passed(ctx, 'title block', raw);
  return {
    blocks,
    chars: blocksTextLength(blocks),
    plan: {
      roots: [root],
      stats,
      pruned: new Set(),
      chars: stats.get(root)?.chars ?? 0,
      standfirst: [],
      excluded: (el) => ctx.ex.always(el) || ctx.ex.strictly(el, flags),
      flags,
    },
    strategy: 'title block',
  };
}

/** The page (from `root`) minus what `skip` leaves out. It is weighed without the card-text
 *  pass: whether the page is read whole does not depend on its cards' descriptions. */
export function convertWholePage(
  ctx: ContentContext,
  root: Element,
  kind: 'whole page' | 'article whole page' = 'whole page',
  skip: (el: Element) => boolean = (el) => wholePageExcluded(ctx.ex, el),
): Attempt {
  const raw = toBlocks(
    [root],
    ctx.resolver,
    pageOptions(ctx, { skip: (el) => skip(el) || isScreenReaderOnly(el), readNoscript: (el) => !skip(el) }),
  );
  const { blocks, weighed } = runPasses(kind, raw, ctx);
  return { blocks, chars: blocksTextLength(weighed), plan: { roots: [root] } as Plan, strategy: 'whole page' };
}

/** A card grid's roots read as they are: no link pruning (a card's title is its link, and the
 *  cards are the content). A product page's rails stay out of a grid that holds them (a layout
 *  grid of the page's sections). */
export function convertGrid(ctx: ContentContext, roots: Element[], stats: ElementStats): Attempt {
  const rails = ctx.rails;
  const raw = toBlocks(
    roots,
    ctx.resolver,
    pageOptions(ctx, {
      skip: (el) =>
        !stats.get(el) ||
        (!roots.includes(el) && (rails?.has(el) === true || isFacetPanel(el))) ||
        isScreenReaderOnly(el) ||
        isKeyboardCopy(el),
    }),
  );
  const blocks = passed(ctx, 'grid', raw);
  return {
    blocks,
    chars: blocksTextLength(blocks),
    plan: { roots: [roots[0]!] } as Plan,
    strategy: roots.length > 1 ? 'card grids' : 'card grid',
  };
}
