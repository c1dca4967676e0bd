// A reading's roots to blocks: the conversion (to-blocks) with what the reading leaves out, then
// the block passes of its kind (passes/passes.ts).
import type { Element } from 'domhandler';
import type { Block } from '../../blocks.js';
import { toBlocks } from '../../to-blocks/to-blocks.js';
import type { ToBlocksOptions } from '../../to-blocks/options.js';
import { blocksTextLength } from '../../to-blocks/block-text.js';
import type { ContentContext } from '../context.js';
import { runPasses, type BlockKind } from '../passes/passes.js';
import { isScreenReaderOnly } from '../exclude/screen-reader.js';
import { isFacetPanel } from '../exclude/facets.js';
import { isKeyboardCopy } from '../exclude/keyboard-copies.js';
import { wholePageRule } from '../exclude/whole-page-chrome.js';
import { fromTitleHeading } from '../select/title-start.js';
import { pruneRule } from '../prune/prune.js';
import { isListInText } from '../prune/introduced-lists.js';
import { DropLog } from '../../explain.js';
import type { ElementStats } from '../select/element-stats.js';
import { ATTEMPTS, type AttemptFlags } from '../select/attempt-flags.js';
import type { Attempt, Plan } from './attempt.js';
import { authorLines, readingAuthors } from './post-authors.js';
import { isQuoteCaption } from '../exclude/flow-captions.js';

/** The conversion's options for this page: its hidden test, its definition terms and its lists
 *  set in the run of the text (and, when explaining, where the log notes each block's element). */
export function pageOptions(
  ctx: ContentContext,
  rest: Omit<ToBlocksOptions, 'isHidden' | 'listsInText'>,
  log: DropLog | null = null,
): ToBlocksOptions {
  const listsInText = { test: isListInText, into: ctx.listsInText };
  return { isHidden: ctx.ex.isHidden, listsInText, origins: log?.origins, ...rest };
}

/** A new drop log when the extraction explains itself, else null (nothing is noted). */
export function dropLog(ctx: ContentContext): DropLog | null {
  return ctx.explaining ? new DropLog() : null;
}

/** Why a conversion leaves an element out: a rule's name, or null to read it. 'excluded' and
 *  'pruned' are told apart further when explaining (see `skipping`). */
export type SkipRule = (el: Element) => string | null;

/** The conversion's skip test from `rule`. With a log, each element left out is noted under its
 *  rule: 'excluded' as the exclusion that left it out under `flags`, 'pruned' as the prune rule. */
export function skipping(
  ctx: ContentContext,
  rule: SkipRule,
  log: DropLog | null,
  p?: Pick<Plan, 'stats' | 'flags'>,
): (el: Element) => boolean {
  if (!log) return (el) => rule(el) !== null;
  return (el) => {
    const r = rule(el);
    if (r === null) return false;
    log.element(el, p ? refined(ctx, r, el, p) : r, p && r === 'pruned' ? leftOutBefore(ctx, p) : undefined);
    return true;
  };
}

/** Inside a pruned box, the boxes the plan's exclusions had left out before it was weighed
 *  (they hold no stats): each under the exclusion that left it out. */
function leftOutBefore(ctx: ContentContext, p: Pick<Plan, 'stats' | 'flags'>): (el: Element) => string | null {
  return (el) => (p.stats.get(el) ? null : refined(ctx, 'excluded', el, p));
}

function refined(ctx: ContentContext, rule: string, el: Element, p: Pick<Plan, 'stats' | 'flags'>): string {
  if (rule === 'excluded') return ctx.ex.reason(el, p.flags) ?? rule;
  if (rule === 'pruned') return pruneRule(el, p.stats, p.flags, ctx.ex.isHidden) ?? 'teaser box';
  return rule;
}

/** `blocks` through the passes of `kind` (weighed on all of them: no unweighed pass applies). */
export function passed(ctx: ContentContext, kind: BlockKind, blocks: Block[], log: DropLog | null = null): Block[] {
  return runPasses(kind, blocks, ctx, log).blocks;
}

/** The standfirst, converted on its own: it may sit in a container the plan leaves out as a
 *  whole (a "header" class), so the plan's exclusion rules apply inside it. */
export function standfirstBlocks(ctx: ContentContext, p: Plan, log: DropLog | null = null): Block[] {
  if (p.standfirst.length === 0) return [];
  const rule: SkipRule = (el) => (p.excluded(el) ? 'excluded' : null);
  return toBlocks(p.standfirst, ctx.resolver, pageOptions(ctx, { skip: skipping(ctx, rule, log, p) }, log));
}

/** A container reading: the plan's roots minus what it pruned (and, on a page declared an
 *  article, picture captions; on a product page, its rails and what stands above its title). */
export function convert(
  ctx: ContentContext,
  p: Plan,
  strategy: string,
  captionsOut = false,
  leaveOut: Set<Element> | null = null,
): Attempt {
  const log = dropLog(ctx);
  if (log) for (const el of p.cards ?? []) log.element(el, 'cards beside the declared body');
  const own: SkipRule = (el) =>
    !p.stats.get(el)
      ? 'excluded'
      : p.pruned.has(el)
        ? 'pruned'
        : captionsOut && el.name === 'figcaption' && !isQuoteCaption(el)
          ? 'caption on an article page'
          : leaveOut?.has(el) === true
            ? 'product rail'
            : isScreenReaderOnly(el, ctx.ex.digits)
              ? 'screen-reader only'
              : null;
  // The chosen thread's posts read again with their authors and dates (post-authors.ts).
  const authors = p.postLines ?? null;
  const rule = authors ? readingAuthors(own, authors, p.postBodies) : own;
  const converted = [
    ...standfirstBlocks(ctx, p, log),
    // A <noscript> the plan kept (see exclusions) is the article's no-script copy.
    ...toBlocks(
      p.roots,
      ctx.resolver,
      pageOptions(ctx, { skip: skipping(ctx, rule, log, p), readNoscript: (el) => p.stats.get(el) !== undefined }, log),
    ),
  ];
  const raw = authors ? authorLines(converted, authors, ctx.postLines) : converted;
  const blocks = passed(ctx, 'container', raw, log);
  // On a page declared a product, the container (its <main>, its product column) opens with the
  // shop's bar as the page read whole does, and prints from its title on; weighed on all its text.
  // An article's own kicker or summary can stand above its title inside its container.
  const shown = ctx.declaredType === 'product' ? fromTitleHeading(blocks, ctx.heading) : blocks;
  return {
    blocks: shown,
    chars: blocksTextLength(blocks),
    plan: p,
    strategy,
    log: log ?? undefined,
    again: (q) => convert(ctx, q, strategy, captionsOut, leaveOut),
  };
}

/** The title heading's block read as it stands: its links are its content (a table of
 *  contents), so the link-line pass does not run. */
export function convertTitleBlock(
  ctx: ContentContext,
  root: Element,
  stats: ElementStats,
  flags: AttemptFlags,
): Attempt {
  const log = dropLog(ctx);
  const rule: SkipRule = (el) =>
    !stats.get(el) ? 'excluded' : isScreenReaderOnly(el, ctx.ex.digits) ? 'screen-reader only' : null;
  const raw = toBlocks(
    [root],
    ctx.resolver,
    pageOptions(ctx, { skip: skipping(ctx, rule, log, { stats, flags }) }, log),
  );
  const blocks = passed(ctx, 'title block', raw, log);
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
    log: log ?? undefined,
  };
}

/** The page (from `root`) minus what `rule` leaves out. It is weighed without the card-text
 *  pass: whether the page is read whole does not depend on its cards' descriptions. */
export function convertWholePage(
  ctx: ContentContext,
  root: Element,
  kind: 'whole page' | 'article whole page' = 'whole page',
  rule: SkipRule = (el) => wholePageRule(ctx.ex, el),
): Attempt {
  const log = dropLog(ctx);
  const all: SkipRule = (el) => rule(el) ?? (isScreenReaderOnly(el, ctx.ex.digits) ? 'screen-reader only' : null);
  const raw = toBlocks(
    [root],
    ctx.resolver,
    pageOptions(
      ctx,
      { skip: skipping(ctx, all, log, { stats: ctx.stats, flags: NO_STRIP }), readNoscript: (el) => rule(el) === null },
      log,
    ),
  );
  const { blocks, weighed } = runPasses(kind, raw, ctx, log);
  // Weighed with what stands above its title (the readings are compared on the page as read
  // whole), the reading prints from its title on.
  return {
    blocks: fromTitleHeading(blocks, ctx.heading),
    chars: blocksTextLength(weighed),
    plan: { roots: [root] } as Plan,
    strategy: 'whole page',
    log: log ?? undefined,
  };
}

/** Under these flags only the always-rules leave an element out (the whole page's 'excluded'). */
const NO_STRIP = ATTEMPTS[ATTEMPTS.length - 1]!;

/** A card grid's roots read as they are: no link pruning (a card's title is its link, and the
 *  cards are the content). A product page's rails stay out of a grid that holds them (a layout
 *  grid of the page's sections). */
export function convertGrid(ctx: ContentContext, roots: Element[], stats: ElementStats): Attempt {
  const rails = ctx.rails;
  const log = dropLog(ctx);
  const inner = (el: Element): boolean => !roots.includes(el);
  const rule: SkipRule = (el) =>
    !stats.get(el)
      ? 'excluded'
      : inner(el) && rails?.has(el) === true
        ? 'product rail'
        : inner(el) && isFacetPanel(el)
          ? 'facet panel'
          : isScreenReaderOnly(el, ctx.ex.digits)
            ? 'screen-reader only'
            : isKeyboardCopy(el)
              ? 'keyboard copy'
              : null;
  const raw = toBlocks(
    roots,
    ctx.resolver,
    pageOptions(ctx, { skip: skipping(ctx, rule, log, { stats, flags: ATTEMPTS[1]! }) }, log),
  );
  const blocks = passed(ctx, 'grid', raw, log);
  return {
    blocks,
    chars: blocksTextLength(blocks),
    plan: { roots: [roots[0]!] } as Plan,
    strategy: roots.length > 1 ? 'card grids' : 'card grid',
    log: log ?? undefined,
  };
}
