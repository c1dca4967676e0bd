// Card grids: a listing's content is its run of repeated cards, which scoring passes over as link
// lines (select/card-grid.ts). A grid is read from its section, with the runs of its cards
// elsewhere on the page; it replaces what was found, or joins it when that is the page's own
// text beside it, or is read in place inside the chosen container.
import type { ChildNode, Document, Element } from 'domhandler';
import type { Block, Inline, ListItem } from '../../blocks.js';
import { isElement, isInside, precedes } from '../../dom/walk.js';
import { toBlocks } from '../../to-blocks/to-blocks.js';
import { blocksTextLength } from '../../to-blocks/block-text.js';
import type { ContentContext } from '../context.js';
import type { CardGrid } from '../select/card-grid.js';
import type { ElementStats } from '../select/element-stats.js';
import { onlySupplements } from '../select/supplement-boxes.js';
import {
  ARTICLE_LIST_SHARE,
  CARD_LINK_SHARE,
  GRID_IN_PLACE_SHARE,
  GRID_KEEPS_CHARS,
  GRID_OVER,
  GRID_WIDEN,
  SHORT_CARD_CHARS,
  SUPPLEMENT_GRID_SHARE,
  UNDECLARED_GRID_CARDS,
} from '../thresholds/readings.js';
import type { Attempt, Plan } from './attempt.js';
import { convertGrid, dropLog, pageOptions, passed, skipping, standfirstBlocks, type SkipRule } from './convert.js';
import { DropLog } from '../../explain.js';
import { ALWAYS, reading } from './reading.js';

/** What was found is a sliver of the page (under ARTICLE_LIST_SHARE of its text). */
function sliver(ctx: ContentContext, found: Attempt): boolean {
  return found.chars < ARTICLE_LIST_SHARE * ctx.facts.textLength;
}

/** The grid search of the 'grid' reading (and of 'grid in place', which asks the same). A
 *  thread's posts repeat one shape too: on a page declared a forum only the strict measure is
 *  searched. */
function firstGrid(ctx: ContentContext, found: Attempt): ReturnType<ContentContext['pageGrid']> {
  return ctx.pageGrid(ctx.declaredType === 'forum' ? null : ctx.wide, GRID_OVER * found.chars);
}

/** A page declared an article is searched only when what was found is a sliver of it (a list of
 *  winners, of languages, of trails set in an article template): now in a declared body, which
 *  stands as found otherwise; elsewhere after the whole page had its turn ('grid after whole
 *  page'). */
export const gridReading = reading({
  name: 'grid',
  kind: 'grid',
  when: 'the page is not declared an article, or what was found is a declared body that is a sliver of it',
  reads:
    'the page grid, when it holds GRID_OVER times what was found, or more than what was found and holds it ' +
    'in its short cards',
  accepts: 'always (joined to what was found when that is GRID_KEEPS_CHARS of text outside the grid)',
  applies: (ctx, found) => ctx.declaredType !== 'article' || (found.plan?.declaredBody === true && sliver(ctx, found)),
  read(ctx, found) {
    const pageGrid = firstGrid(ctx, found);
    const grid = pageGrid?.grid ?? null;
    if (
      pageGrid &&
      grid &&
      (grid.chars > GRID_OVER * found.chars ||
        (ctx.declaredType !== 'forum' && grid.chars > found.chars && withinGrid(found, grid)))
    )
      return withGrid(found, readGrid(ctx, grid, pageGrid.stats));
    return null;
  },
  accept: ALWAYS,
});

/** A grid inside the chosen container keeps its cards, on a page that declares itself a
 *  listing, product or thread, or an undeclared page's long grid (undeclared pages are often
 *  articles with a short row of teasers), and outside a declared article body. */
export const gridInPlaceReading = reading({
  name: 'grid in place',
  kind: 'grid host',
  when: 'the grid reading was tried and read nothing',
  reads:
    'the chosen container with its grid read as cards where it stands (GRID_IN_PLACE_SHARE of it or more; ' +
    'UNDECLARED_GRID_CARDS cards on an undeclared page; a wrapper pruned around it read for the grid alone), ' +
    'unless the cards print little but their links',
  accepts: 'always',
  applies(ctx) {
    const grid = ctx.outcome('grid');
    return grid !== undefined && grid.tried && grid.attempt === undefined;
  },
  read(ctx, found) {
    const pageGrid = firstGrid(ctx, found);
    const grid = pageGrid?.grid ?? null;
    if (
      grid &&
      pageGrid?.stats === ctx.stats &&
      (ctx.declaredType !== 'unknown' || grid.cards >= UNDECLARED_GRID_CARDS) &&
      found.plan &&
      !found.plan.declaredBody &&
      found.plan.stats === ctx.stats &&
      holdsGrid(found.plan, grid)
    )
      return withGridInPlace(ctx, found, found.plan, grid.root);
    return null;
  },
  accept: ALWAYS,
});

/** A reading that is still only an FAQ box or SEO copy gives way to a smaller grid
 *  (select/supplement-boxes.ts). */
export const supplementsReading = reading({
  name: 'grid for supplements',
  kind: 'grid',
  when:
    'the grid reading was tried, the page is not declared a forum, and what was found is only FAQ boxes ' +
    'or SEO copy',
  reads: 'the page grid, when it holds SUPPLEMENT_GRID_SHARE of what was found or more',
  accepts: 'always',
  applies: (ctx, found) =>
    ctx.outcome('grid')?.tried === true &&
    ctx.declaredType !== 'forum' &&
    found.plan !== null &&
    onlySupplements(found.plan.roots),
  read(ctx, found) {
    const pageGrid = ctx.pageGrid(ctx.wide, SUPPLEMENT_GRID_SHARE * found.chars);
    if (pageGrid && pageGrid.grid.chars > SUPPLEMENT_GRID_SHARE * found.chars)
      return readGrid(ctx, pageGrid.grid, pageGrid.stats);
    return null;
  },
  accept: ALWAYS,
});

/** On a page declared an article, a sliver of the page after the whole page had its turn. */
export const lateGridReading = reading({
  name: 'grid after whole page',
  kind: 'grid',
  when: 'the grid reading was not tried, and what was found is a sliver of the page (ARTICLE_LIST_SHARE)',
  reads: 'as the grid reading',
  accepts: 'always',
  applies: (ctx, found) => ctx.outcome('grid')?.tried !== true && sliver(ctx, found),
  read(ctx, found) {
    const pageGrid = ctx.pageGrid(ctx.wide, GRID_OVER * found.chars);
    if (
      pageGrid &&
      (pageGrid.grid.chars > GRID_OVER * found.chars ||
        (pageGrid.grid.chars > found.chars && withinGrid(found, pageGrid.grid)))
    )
      return withGrid(found, readGrid(ctx, pageGrid.grid, pageGrid.stats));
    return null;
  },
  accept: ALWAYS,
});

/** A grid is read from its section, with the runs of its cards elsewhere on the page. */
function readGrid(ctx: ContentContext, grid: CardGrid, gridStats: ElementStats): Attempt {
  return convertGrid(ctx, gridRoots(grid, widenGrid(grid.root, gridStats, ctx.frame)), gridStats);
}

/** What was found lies inside a grid of short cards, in some of them (their <article>s taken
 *  for the page's own, their descriptions kept and their titles pruned as links): the grid's
 *  reading holds it, and replaces it whenever it holds more. */
function withinGrid(found: Attempt, grid: CardGrid): boolean {
  const roots = found.plan?.roots ?? [];
  return (
    grid.chars <= SHORT_CARD_CHARS * grid.cards &&
    roots.length > 0 &&
    roots.every((r) => r !== grid.root && isInside(r, grid.root))
  );
}

function holdsGrid(p: Plan, grid: CardGrid): boolean {
  let chars = 0;
  let inside = false;
  for (const r of p.roots) {
    chars += p.stats.get(r as Element)?.chars ?? 0;
    if (contains(r, grid.root)) inside = true;
  }
  return inside && grid.chars >= GRID_IN_PLACE_SHARE * chars;
}

/** A card grid inside the chosen container is read as a grid where it stands: the link-line
 *  pass would drop its cards (a title link, a price) as link lines. Null when its cards print
 *  nothing but their links (a link list: teasers, downloads), which the pass judged rightly. */
function withGridInPlace(ctx: ContentContext, found: Attempt, p: Plan, grid: Element): Attempt | null {
  const standIn: Block = { type: 'paragraph', children: [{ type: 'text', text: 'grid' }] };
  const log = dropLog(ctx);
  const hostRule = hostSkipping(p, grid);
  const raw = [
    ...standfirstBlocks(ctx, p, log),
    ...toBlocks(
      p.roots,
      ctx.resolver,
      pageOptions(
        ctx,
        {
          skip: skipping(ctx, hostRule, log, p),
          readNoscript: (el) => p.stats.get(el) !== undefined,
          placeholder: { el: grid, block: standIn },
        },
        log,
      ),
    ),
  ];
  const blocks = passed(ctx, 'grid host', raw, log);
  const at = blocks.indexOf(standIn);
  if (at < 0) return null;
  const cardRule: SkipRule = (el) => (!p.stats.get(el) ? 'excluded' : null);
  const cards = passed(
    ctx,
    'grid cards',
    toBlocks([grid], ctx.resolver, pageOptions(ctx, { skip: skipping(ctx, cardRule, log, p) }, log)),
    log,
  );
  if (linkTextShare(cards) > CARD_LINK_SHARE) return null;
  const out = [...blocks.slice(0, at), ...cards, ...blocks.slice(at + 1)];
  return {
    blocks: out,
    chars: blocksTextLength(out),
    plan: p,
    strategy: found.strategy + ' + grid',
    log: log ?? undefined,
  };
}

/** What the container's reading leaves out around the grid: what it excluded and pruned, except
 *  that a wrapper pruned around the grid (a results box pruned as an image strip: cards with
 *  pictures and no paragraphs) is read for the grid alone, its toolbars and its other children
 *  left out as pruned; otherwise the grid's place would go with it. */
function hostSkipping(p: Plan, grid: Element): SkipRule {
  const opened: Element[] = [];
  for (let a = grid.parent; a && isElement(a); a = a.parent) if (p.pruned.has(a)) opened.push(a);
  if (opened.length === 0) return (el) => (!p.stats.get(el) ? 'excluded' : p.pruned.has(el) ? 'pruned' : null);
  return (el) => {
    if (!p.stats.get(el)) return 'excluded';
    if (contains(el, grid)) return null;
    return p.pruned.has(el) || opened.some((o) => isInside(el, o)) ? 'pruned' : null;
  };
}

function linkTextShare(blocks: Block[]): number {
  let all = 0;
  let linked = 0;
  const stack: Array<{ b: Block | ListItem | Inline; inLink: boolean }> = blocks.map((b) => ({ b, inLink: false }));
  while (stack.length > 0) {
    const { b, inLink } = stack.pop()!;
    if ('type' in b && (b.type === 'text' || b.type === 'code')) {
      const n = b.text.trim().length;
      all += n;
      if (inLink) linked += n;
      continue;
    }
    const link = 'type' in b && b.type === 'link';
    if ('children' in b && Array.isArray(b.children))
      for (const c of b.children as Array<Block | Inline>) stack.push({ b: c, inLink: inLink || link });
    if ('type' in b && b.type === 'list') for (const it of b.items) stack.push({ b: it, inLink });
    if ('type' in b && b.type === 'table')
      for (const row of b.rows)
        for (const cell of row.cells) for (const c of cell.children) stack.push({ b: c, inLink });
  }
  return all === 0 ? 1 : linked / all;
}

/** The grid's own section: its heading and result count sit just above it. */
function widenGrid(root: Element, stats: ElementStats, frame: Element | Document): Element {
  const limit = GRID_WIDEN * stats.get(root)!.chars;
  let el = root;
  for (let p = el.parent; p && p !== frame && isElement(p) && (stats.get(p)?.chars ?? Infinity) <= limit; p = p.parent)
    el = p;
  return el;
}

function withGrid(found: Attempt, grid: Attempt): Attempt {
  const gridRoot = grid.plan!.roots[0]!;
  const roots = found.plan?.roots ?? [];
  // Found text inside the grid's section is printed with it already.
  if (found.chars < GRID_KEEPS_CHARS || roots.length === 0 || roots.some((r) => contains(gridRoot, r))) return grid;
  // A container around the grid left the cards out as links: they follow its text.
  const before = roots.some((r) => contains(r, gridRoot)) || precedes(roots[0]!, gridRoot);
  const blocks = before ? [...found.blocks, ...grid.blocks] : [...grid.blocks, ...found.blocks];
  let log: DropLog | undefined;
  if (found.log || grid.log) {
    log = new DropLog();
    log.append(found.log);
    log.append(grid.log);
  }
  return {
    blocks,
    chars: found.chars + grid.chars,
    plan: { ...grid.plan!, roots: before ? [...roots, gridRoot] : [gridRoot, ...roots] },
    strategy: 'card grid + ' + found.strategy,
    log,
  };
}

/** `inner` is `outer` or inside it. */
function contains(outer: ChildNode, inner: ChildNode): boolean {
  return inner === outer || isInside(inner, outer);
}

/** The grid's section and the runs of cards of its shape elsewhere on the page, in page order. */
function gridRoots(grid: CardGrid, section: Element): Element[] {
  const roots = [section];
  for (const el of grid.more) if (!contains(section, el) && !contains(el, section)) roots.push(el);
  return roots.length === 1 ? roots : roots.sort((a, b) => (a === b ? 0 : precedes(a, b) ? -1 : 1));
}
