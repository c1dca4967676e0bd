// The content profile: the main article of a single page, or null when there is none.
// First the strict pass: a declared article container (itemprop=articleBody, CMS body classes,
// <article>, <main>) or, failing that, the best-scoring container. When that finds too little,
// a cascade of attempts with relaxed filters; every attempt is kept and the best one wins, so
// relaxing can only help. The DOM is never modified: an attempt is a set of elements to leave
// out, so the same document can go to the index profile afterwards.
import type { AnyNode, ChildNode, Document, Element } from 'domhandler';
import type { Block, Extraction, Inline, ListItem } from '../blocks.js';
import { createUrlResolver, type UrlResolver } from '../dom/url-resolver.js';
import { toBlocks } from '../to-blocks/to-blocks.js';
import { blocksTextLength } from '../to-blocks/block-text.js';
import { collapseWhitespace, rawTextLength } from '../dom/measures.js';
import { ATTEMPTS, type AttemptFlags } from './select/attempt-flags.js';
import { Exclusions } from './exclude/exclusions.js';
import { ElementStats } from './select/element-stats.js';
import { selectContent } from './select/candidates.js';
import { pruneContent } from './prune/prune.js';
import { spareLandingRows } from './prune/landing-rows.js';
import { isNamedTeaser, pruneTeaserBoxes } from './prune/teaser-boxes.js';
import { jsonLdArticle, type JsonLdArticle } from './readings/json-ld-body.js';
import { pageTitle } from '../page/page-title.js';
import { collectPageFacts } from '../page/page-facts.js';
import { semanticContainers } from './select/semantic-containers.js';
import { dropTitleAndByline } from './passes/title-and-byline.js';
import { pruneBlocks } from './passes/link-lines.js';
import { dropFurnitureLines } from './passes/furniture-lines.js';
import { findLead } from './select/lead.js';
import { findStandfirst } from './select/standfirst.js';
import { inRecipeScope, missingIngredients } from './select/recipe-parts.js';
import { titleHeading } from '../page/title-heading.js';
import { dropTaxonomyLinks } from './passes/taxonomy-links.js';
import { withHeadingsBetween } from './select/declared-headings.js';
import { attribute } from '../../parse/nodes.js';
import { isHiddenByMarkup, PageVisibility } from '../dom/visibility.js';
import { beyondStrictExcluded, wholePageExcluded } from './exclude/whole-page-chrome.js';
import { dropMenuLists } from './passes/menu-lists.js';
import { dropRepeatedRuns } from './passes/repeated-runs.js';
import { isFacetPanel } from './exclude/facets.js';
import { isScreenReaderOnly } from './exclude/screen-reader.js';
import { wideGridStats } from './exclude/grid-search.js';
import { isKeyboardCopy } from './exclude/keyboard-copies.js';
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
} from './select/whole-page.js';
import { isElement, isInside, precedes } from '../dom/walk.js';
import { shortInItself, SHORT_DECLARED_BODY_CHARS } from './select/short-declared-body.js';
import { declaredPageType, declaredTypes, sellsOneProduct } from '../page/page-type.js';
import { findPageGrid, type CardGrid } from './select/card-grid.js';
import { productRails } from './exclude/product-rails.js';
import { dropIdRuns } from './passes/id-runs.js';
import { dropAdjacentRepeats, dropNearRepeats, undoubleLines } from './passes/doubled-lines.js';
import { unwrapCardText } from './passes/card-text.js';
import { titleTeaserEntries } from './passes/teaser-titles.js';
import { onlyFooters, onlySupplements } from './select/supplement-boxes.js';
import { dropPictureLines } from './passes/picture-lines.js';
import { inDeclaredThread, threadPosts, threadReplies } from './select/thread-posts.js';
import { declaredReplies } from './select/declared-replies.js';
import { titleBlock } from './select/title-block.js';
import { pageBody } from '../page/page-body.js';

/** Readability's charThreshold: an attempt with this much text ends the cascade. */
const ENOUGH_CHARS = 500;
/** A declared article container wins when it holds at least this share of the scored text. */
const SEMANTIC_SHARE = 0.3;
const SEMANTIC_MIN_CHARS = 25;
/** The chosen container under this share of the page's text is one part of many: the whole
 *  page (minus chrome) is read instead. Half: a service page's longest section (its FAQ, its
 *  feature list) often holds 30-50% of the page, and the other sections are content too. */
const WHOLE_PAGE_SHARE = 0.5;
/** A container with this much text is an article's body, however much else the page holds
 *  (service pages of many sections reach 3,000-6,000 characters in their longest one). */
const WHOLE_PAGE_MAX_CHARS = 6000;
/** Under this share and size the chosen container is plainly one part of many, whatever the rest. */
const WHOLE_PAGE_CLEAR_SHARE = 0.3;
const WHOLE_PAGE_CLEAR_CHARS = 3000;
/** Above it, the whole page is read only when linked list items are under this share of what it adds. */
const LINKED_LIST_SHARE = 0.5;
/** A page of many sections is read whole when the container is under this share of that reading. */
const SECTIONS_GAIN = 0.9;
/** A card grid replaces the chosen container when it holds this many times its text. */
const GRID_OVER = 3;
/** The grid's section (heading, result count, intro) holds at most this many times its text. */
const GRID_WIDEN = 1.5;
/** On a page declared an article, what was found under this share of the page's text is a
 *  sliver of it: the page may be a list set in an article template. */
const ARTICLE_LIST_SHARE = 0.1;
/** On an undeclared page a grid inside the chosen container is read in place from this many
 *  cards: an article's row of teasers under it has a few. */
const UNDECLARED_GRID_CARDS = 8;
/** A relaxed attempt replaces a stricter one only when it finds clearly more. */
const RELAXED_MARGIN = 3;

/** What an attempt chose, before conversion: roots plus what to leave out inside them. */
interface Plan {
  roots: ChildNode[];
  stats: ElementStats;
  pruned: Set<Element>;
  /** Text estimate from the stats (roots minus pruned), to compare plans without converting. */
  chars: number;
  /** Set for a declared body container (itemprop=articleBody or a CMS body class). */
  declaredBody?: boolean;
  /** Prose between the title heading and the roots, printed before them. */
  standfirst: Element[];
  excluded: (el: Element) => boolean;
  flags: AttemptFlags;
}

interface Attempt {
  blocks: Block[];
  chars: number;
  /** Which plan produced it, for the trace. */
  plan: Plan | null;
  strategy: string;
}

/** What the content profile chose, filled in when asked (benchmark tail reports, debugging). */
export interface ContentTrace {
  pageType?: string;
  strategy?: string;
  /** The chosen roots as tag#id.class, joined with " + ". */
  container?: string;
}

/** What the conversions of one extraction share: the page's addresses, what it leaves out (by
 *  its own hidden test) and the paragraphs read from definition terms. */
interface Cx {
  resolver: UrlResolver;
  ex: Exclusions;
  terms: WeakSet<Block>;
}

export function extractContent(doc: Document, finalUrl: string, trace?: ContentTrace): Extraction | null {
  // The facts walk also finds the body's outermost hidden elements, for the reveal.
  const facts = collectPageFacts(doc, isHiddenByMarkup);
  const visibility = new PageVisibility();
  // The page's raw text length is counted by the facts walk (layout-wrappers.ts reads it).
  const rawChars = new Map<AnyNode, number>();
  const pageChars = (root: AnyNode): number => {
    if (root === doc) return facts.textLength;
    let n = rawChars.get(root);
    if (n === undefined) rawChars.set(root, (n = rawTextLength(root)));
    return n;
  };
  // Nothing asks what is excluded before the reveal below (the answers are remembered).
  const ex = new Exclusions(visibility.isHidden, pageChars);
  const resolver = createUrlResolver(doc, finalUrl, facts.baseHref);
  const cx: Cx = { resolver, ex, terms: new WeakSet() };
  const title = pageTitle(facts);
  // A document pasted into the head holds the first <body>; the root's own one is the page's (page-body.ts).
  const body = pageBody(doc, facts.body);
  const frame: Element | Document = body ?? doc;
  visibility.reveal(frame, body === facts.body ? (facts.hiddenTops ?? undefined) : undefined);

  const heading = titleHeading(facts, title);
  const strict = ATTEMPTS[0]!;
  const stats = new ElementStats(frame, (el) => ex.always(el) || ex.strictly(el, strict));
  const types = declaredTypes(facts.jsonLdScripts);
  const declaredType = declaredPageType(doc, types);
  // Grids are looked for on a wide measure too; on a product page it finds the rails to leave out.
  let wideMeasure: ElementStats | null = null;
  const wide = (): ElementStats => (wideMeasure ??= wideGridStats(ex, frame, stats));
  const rails =
    declaredType === 'product' && sellsOneProduct(types) ? productRails(wide(), frameChars(frame, wide())) : null;
  const scored = planFromScores(cx, frame, stats, strict, heading);
  const declared = planFromDeclaredContainer(cx, stats, strict, heading);
  let first = scored;
  if (declared && declared.chars >= SEMANTIC_SHARE * scored.chars) first = declared;
  // A declared recipe's marked ingredient list joins its steps (recipe-parts.ts).
  if (types.includes('Recipe') || inRecipeScope(first.roots)) first = withIngredients(cx, first, heading);

  let best: Attempt = convert(first, cx, title, first === declared ? 'declared' : 'scored', false, rails);
  // A declared body container (not a mere <article>/<main>, often a teaser) is the page's own
  // statement of where the article is: a short post stays short rather than growing into the
  // sidebar through relaxed filters. A short one on a page declared an article may be an excerpt (short-declared-body.ts).
  const mayBeExcerpt =
    first === declared &&
    declared.declaredBody === true &&
    declaredType === 'article' &&
    best.chars < SHORT_DECLARED_BODY_CHARS &&
    shortInItself(declared.roots, stats);
  const trusted =
    first === declared && declared.declaredBody === true && best.chars >= SEMANTIC_MIN_CHARS && !mayBeExcerpt;
  // On a page declared an article, picture captions stay out of the relaxed attempts too: the
  // article is its text (in a gallery or a listing the captions can be the content).
  const captionsOut = declaredType === 'article';
  if (!trusted && best.chars < ENOUGH_CHARS) {
    // Every relaxed attempt keeps the unlikely containers (strictlyExcluded is off), so they
    // measure the same elements and share one measuring walk; only their scores differ.
    let relaxedStats: ElementStats | null = null;
    let previous: Plan | null = null;
    for (const flags of ATTEMPTS.slice(1)) {
      if (relaxedStats) relaxedStats.resetScores();
      else relaxedStats = new ElementStats(frame, ex.always);
      const relaxed = planFromScores(cx, frame, relaxedStats, flags, heading);
      // Relaxing often changes nothing; the same plan gives the same blocks, which were
      // already weighed (and did not end the cascade).
      if (previous && samePlan(relaxed, previous)) continue;
      previous = relaxed;
      // A relaxed reading that lands on the page's footer alone found no content (supplement-boxes.ts).
      if (onlyFooters(relaxed.roots)) continue;
      const attempt = convert(relaxed, cx, title, 'relaxed', captionsOut, rails);
      if (attempt.chars > RELAXED_MARGIN * best.chars) best = attempt;
      if (attempt.chars >= ENOUGH_CHARS) break;
    }
  }

  // A small find outside the title heading's block, which reads as a chapter's opening (title-block.ts).
  if (best.chars < ENOUGH_CHARS)
    best = withTitleBlock(best, stats, title, heading, finalUrl, (p) => convertTitleBlock(p, stats, strict, cx, title));

  best = withThreadPosts(best, (p) =>
    convert(
      plan(cx, p, best.plan!.stats, best.plan!.flags, heading),
      cx,
      title,
      best.strategy + ' + thread posts',
      captionsOut,
    ),
  );

  // A thread declares itself in JSON-LD, or in microdata around its posts.
  if (
    (declaredType === 'forum' ||
      (declaredType === 'unknown' && best.plan !== null && inDeclaredThread(best.plan.roots))) &&
    isElement(frame)
  )
    best = withThreadReplies(best, frame, ex, (posts, all) =>
      convert(plan(cx, posts, all, ATTEMPTS[1]!, heading), cx, title, best.strategy + ' + replies', captionsOut),
    );

  // A thread in an article template: its replies, declared Comments in a container named a thread (declared-replies.ts).
  const replies = declaredType !== 'forum' && best.plan ? declaredReplies(best.plan.roots) : null;
  if (replies && isElement(frame))
    best = withDeclaredReplies(best, frame, ex, replies, (posts, all) =>
      convert(
        plan(cx, posts, all, ATTEMPTS[1]!, heading),
        cx,
        title,
        best.strategy + ' + declared replies',
        captionsOut,
      ),
    );

  // A listing's content is its card grid, which scoring passes over as link lines.
  // A thread's posts repeat one shape too: on a page declared a forum only the strict measure is searched.
  // A page declared an article is searched only when what was found is a sliver of the page
  // (a list of winners, of languages, of trails set in an article template): in a declared
  // body now, which stands as found otherwise; elsewhere after the whole page had its turn.
  const sliver = (): boolean => best.chars < ARTICLE_LIST_SHARE * facts.textLength;
  // A grid is read from its section, with the runs of its cards elsewhere on the page.
  const readGrid = (grid: CardGrid, gridStats: ElementStats): Attempt =>
    convertGrid(gridRoots(grid, widenGrid(grid.root, gridStats, frame)), gridStats, cx, title, rails);
  const gridNow = declaredType !== 'article' || (best.plan?.declaredBody === true && sliver());
  if (gridNow) {
    const pageGrid = findPageGrid(stats, declaredType === 'forum' ? null : wide, {
      pageChars: facts.textLength,
      mustExceed: GRID_OVER * best.chars,
    });
    const grid = pageGrid?.grid ?? null;
    if (
      pageGrid &&
      grid &&
      (grid.chars > GRID_OVER * best.chars ||
        (declaredType !== 'forum' && grid.chars > best.chars && withinGrid(best, grid)))
    )
      best = withGrid(best, readGrid(grid, pageGrid.stats));
    // A grid inside the chosen container keeps its cards, on a page that declares itself a
    // listing, product or thread, or an undeclared page's long grid (undeclared pages are often
    // articles with a short row of teasers), and outside a declared article body.
    else if (
      grid &&
      pageGrid?.stats === stats &&
      (declaredType !== 'unknown' || grid.cards >= UNDECLARED_GRID_CARDS) &&
      best.plan &&
      !best.plan.declaredBody &&
      best.plan.stats === stats &&
      holdsGrid(best.plan, grid)
    )
      best = withGridInPlace(best, best.plan, grid.root, cx, title);
  }

  // A container holding a small share of the page is one part of a page made of many (service
  // sections, card grids, listings, documentation): read the page minus its chrome instead.
  if (trace) trace.pageType = declaredType;
  let gate: ReturnType<typeof wholePageGate> = null;
  if (declaredType === 'article') {
    // A page that declares itself an article but whose chosen container is a small part of it
    // (a page builder's column, one card, one tab) is read whole too, in the clear band only,
    // without its comments and links to other articles; a declared body or a blog post marked
    // as such is the article, however short.
    if (
      !best.plan?.declaredBody &&
      !best.plan?.roots.some(isBlogPost) &&
      best.chars < WHOLE_PAGE_CLEAR_CHARS &&
      isElement(frame) &&
      smallPart(best.chars, frameChars(frame, stats))
    ) {
      const whole = convertWholePage(
        wholePageRoot(frame, stats),
        cx,
        title,
        (el) => articleWholePageExcluded(cx.ex, el),
        false,
      );
      if (
        best.chars < WHOLE_PAGE_CLEAR_SHARE * whole.chars &&
        linkedListChars(whole.blocks) < LINKED_LIST_SHARE * (whole.chars - best.chars)
      )
        best = whole;
    }
  } else if (
    best.chars < WHOLE_PAGE_MAX_CHARS &&
    isElement(frame) &&
    (gate = wholePageGate(best.chars, frame, stats, wideMeasure, facts.textLength, WHOLE_PAGE_SHARE)) &&
    (gate === 'strict' || !best.plan?.declaredBody)
  ) {
    // Beyond what the strict measure shows, the page may be a post with its comments, reviews
    // and sidebar widgets: those stay out (whole-page.ts), and so does a listing's filter panel
    // (card-grid.ts). A declared body container stands there: a short post beside a long
    // sidebar is still the post.
    const chrome = gate === 'strict' ? wholePageExcluded : beyondStrictExcluded;
    const whole = convertWholePage(
      wholePageRoot(frame, stats),
      cx,
      title,
      (el) => chrome(ex, el) || rails?.has(el) === true || isFacetPanel(el),
    );
    const found = best.chars;
    // In the wider band (a third to a half of the page, or a long section) the rest must be
    // sections of text, not a list of linked items beside a short article (events, teasers).
    const clear =
      gate !== 'unmeasured' && found < WHOLE_PAGE_CLEAR_SHARE * whole.chars && found < WHOLE_PAGE_CLEAR_CHARS;
    // A section that scoring picked on an undeclared page, beside far more of the page's text, is one of many.
    const slight =
      gate === 'strict' &&
      declaredType === 'unknown' &&
      (best.strategy === 'scored' || best.strategy === 'relaxed') &&
      found < whole.chars &&
      slightPart(found, frame, stats) &&
      sectionedBlocks(best.blocks);
    if (
      slight ||
      (found < WHOLE_PAGE_SHARE * whole.chars &&
        (clear || linkedListChars(whole.blocks) < LINKED_LIST_SHARE * (whole.chars - found)))
    )
      best = whole;
  }
  // An undeclared page of many sections, of which the container holds few headings, is read whole when that adds text;
  // so is one whose container lost a run of its sections in conversion (whole-page.ts, sectionsLostInside).
  if (declaredType === 'unknown' && best.strategy !== 'whole page' && best.plan?.stats && isElement(frame)) {
    const many =
      best.chars < SECTIONS_GAIN * frameChars(frame, stats) &&
      manySectionsBeyond(best.plan.roots, best.plan.stats, frame);
    const lost = sectionsLostInside(best.plan.roots, best.plan.stats, best.blocks);
    if (many || lost) {
      const whole = convertWholePage(wholePageRoot(frame, stats), cx, title);
      if (
        best.chars < SECTIONS_GAIN * whole.chars &&
        ((many && manyTitledSections(best.blocks, whole.blocks)) ||
          (lost && moreTitledSections(best.blocks, whole.blocks)))
      )
        best = whole;
    }
  }

  // A reading that is still only an FAQ box or SEO copy gives way to a smaller grid (supplement-boxes.ts).
  if (gridNow && declaredType !== 'forum' && best.plan && onlySupplements(best.plan.roots)) {
    const pageGrid = findPageGrid(stats, wide, {
      pageChars: facts.textLength,
      mustExceed: SUPPLEMENT_GRID_SHARE * best.chars,
    });
    if (pageGrid && pageGrid.grid.chars > SUPPLEMENT_GRID_SHARE * best.chars)
      best = readGrid(pageGrid.grid, pageGrid.stats);
  }

  if (!gridNow && sliver()) {
    const pageGrid = findPageGrid(stats, wide, { pageChars: facts.textLength, mustExceed: GRID_OVER * best.chars });
    if (
      pageGrid &&
      (pageGrid.grid.chars > GRID_OVER * best.chars ||
        (pageGrid.grid.chars > best.chars && withinGrid(best, pageGrid.grid)))
    )
      best = withGrid(best, readGrid(pageGrid.grid, pageGrid.stats));
  }

  // The page's own JSON-LD articleBody, when it holds far more than we found, is the better
  // statement of the article (the markup fooled us, or the text is in a script template).
  const jsonLd = jsonLdArticle(facts.jsonLdScripts);
  if (jsonLd && jsonLd.body.length > 2 * best.chars && jsonLd.body.length > ENOUGH_CHARS) {
    const text = jsonLdStandfirst(jsonLd) + jsonLd.body;
    best = { blocks: paragraphsOf(text), chars: text.length, plan: null, strategy: 'json-ld articleBody' };
  }
  if (trace) {
    trace.strategy = best.strategy;
    trace.container = best.plan ? best.plan.roots.map(describe).join(' + ') : '(json-ld)';
  }
  if (best.chars === 0) return null;
  return { title, blocks: dropTaxonomyLinks(best.blocks, finalUrl) };
}

/** When the strict pass found little and a relaxed one chose one short block that is one of
 *  several look-alikes (a thread's opening post beside its replies), all of them are the
 *  content (thread-posts.ts). Not after a strict pass: an article body found there stands
 *  alone, and its look-alikes are comments or teasers. */
function withThreadPosts(found: Attempt, convertPosts: (posts: Element[]) => Attempt): Attempt {
  if (!found.plan || found.strategy !== 'relaxed') return found;
  let main: Element | null = null;
  for (const r of found.plan.roots)
    if (isElement(r) && (!main || (found.plan.stats.get(r)?.chars ?? 0) > (found.plan.stats.get(main)?.chars ?? 0)))
      main = r;
  const posts = main && threadPosts(main, found.plan.stats);
  if (!posts) return found;
  const attempt = convertPosts(posts);
  return attempt.chars > found.chars ? attempt : found;
}

/** The title heading's block replaces a smaller find outside it (title-block.ts). */
function withTitleBlock(
  found: Attempt,
  stats: ElementStats,
  title: string | null,
  heading: Element | null,
  finalUrl: string,
  convertBlock: (block: Element) => Attempt,
): Attempt {
  let host: string | null = null;
  try {
    host = new URL(finalUrl).hostname;
  } catch {
    host = null;
  }
  const block = titleBlock(stats, title, heading, found.plan?.roots ?? [], host);
  if (!block) return found;
  const attempt = convertBlock(block);
  return attempt.chars > found.chars ? attempt : found;
}

/** Replies gained must add this share to what was found. */
const REPLIES_GAIN = 0.2;

/** On a page declared a thread, the replies the strict pass left out with their "comment"
 *  wrappers are content too (thread-posts.ts). */
function withThreadReplies(
  found: Attempt,
  frame: Element,
  ex: Exclusions,
  convertPosts: (posts: Element[], all: ElementStats) => Attempt,
): Attempt {
  const p = found.plan;
  if (!p || p.roots.length === 0) return found;
  const all = new ElementStats(frame, ex.always);
  const kept = (el: Element): boolean => {
    if (!p.stats.get(el)) return false;
    let inRoot = false;
    for (let a: ChildNode | null = el; a; a = a.parent as ChildNode | null) {
      if (isElement(a) && p.pruned.has(a)) return false;
      if (p.roots.includes(a)) inRoot = true;
    }
    return inRoot;
  };
  const posts = threadReplies(all, kept, (el) => !p.stats.get(el));
  if (!posts) return found;
  const attempt = convertPosts(posts, all);
  return attempt.chars > (1 + REPLIES_GAIN) * found.chars ? attempt : found;
}

/** The opening post (what was found) and its declared replies (declared-replies.ts). */
function withDeclaredReplies(
  found: Attempt,
  frame: Element,
  ex: Exclusions,
  replies: Element[],
  convertPosts: (posts: Element[], all: ElementStats) => Attempt,
): Attempt {
  const all = new ElementStats(frame, ex.always);
  const attempt = convertPosts([...(found.plan!.roots as Element[]), ...replies], all);
  return attempt.chars > (1 + REPLIES_GAIN) * found.chars ? attempt : found;
}

function planFromScores(
  cx: Cx,
  frame: Element | Document,
  stats: ElementStats,
  flags: AttemptFlags,
  heading: Element | null,
): Plan {
  const selection = selectContent(frame, stats, flags);
  return plan(cx, [...findLead(selection.roots, stats), ...selection.roots], stats, flags, heading);
}

/** Scores must have been computed on `stats` (pruning reads them). */
function planFromDeclaredContainer(
  cx: Cx,
  stats: ElementStats,
  flags: AttemptFlags,
  heading: Element | null,
): Plan | null {
  const groups = semanticContainers(stats);
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g]!;
    const el = group[0];
    if (!el || stats.get(el)!.chars < SEMANTIC_MIN_CHARS) continue;
    // All containers declared the same way form the article (a lead "excerpt" and the body,
    // or a body split into sections), in document order; nested ones count once.
    const declared = withHeadingsBetween(outermostInOrder(group, stats), stats);
    const p = plan(cx, [...findLead(declared, stats), ...declared], stats, flags, heading);
    if (p.chars >= SEMANTIC_MIN_CHARS) return { ...p, declaredBody: g <= 1 };
  }
  return null;
}

function outermostInOrder(group: Element[], stats: ElementStats): Element[] {
  const members = new Set<Element>(group);
  const firstIsNotTeaser = group[0] !== undefined && !isNamedTeaser(group[0]);
  const out: Element[] = [];
  for (const el of stats.order) {
    if (!members.has(el)) continue;
    // Link-heavy look-alikes (teaser lists reusing the body class) are not article text.
    if (el !== group[0] && stats.linkDensity(el) > 0.35) continue;
    // Cards of other articles set as <article>s beside the body ("Teaser__article") announce
    // other pages; unless the first member is one of them too (a hub's list of teasers).
    if (el !== group[0] && firstIsNotTeaser && isNamedTeaser(el)) continue;
    let nested = false;
    for (let p = el.parent; p; p = p.parent) {
      if (members.has(p as Element)) {
        nested = true;
        break;
      }
    }
    if (!nested) out.push(el);
  }
  return out;
}

function plan(cx: Cx, roots: ChildNode[], stats: ElementStats, flags: AttemptFlags, heading: Element | null): Plan {
  const pruned = new Set<Element>();
  pruneContent(roots, stats, flags, pruned, cx.ex.isHidden);
  pruneTeaserBoxes(roots, stats, pruned);
  spareLandingRows(pruned, stats);
  let chars = 0;
  for (const r of roots) chars += stats.get(r as Element)?.chars ?? 0;
  for (const p of pruned) chars -= stats.get(p)?.chars ?? 0;
  const excluded = (el: Element): boolean => cx.ex.always(el) || cx.ex.strictly(el, flags);
  const standfirst = findStandfirst(heading, { roots, stats, pruned, excluded });
  for (const el of standfirst) chars += stats.get(el)?.chars ?? 0;
  return { roots, stats, pruned, chars, standfirst, excluded, flags };
}

/** The title heading's block read as it stands: its links are its content (a table of
 *  contents), so the link-line pass is not run. */
function convertTitleBlock(
  root: Element,
  stats: ElementStats,
  flags: AttemptFlags,
  cx: Cx,
  title: string | null,
): Attempt {
  const raw = toBlocks([root], cx.resolver, {
    isHidden: cx.ex.isHidden,
    terms: cx.terms,
    skip: (el) => !stats.get(el) || isScreenReaderOnly(el),
  });
  const blocks = undoubleLines(dropIdRuns(dropFurnitureLines(dropTitleAndByline(raw, title))));
  return {
    blocks,
    chars: blocksTextLength(blocks),
    plan: {
      roots: [root],
      stats,
      pruned: new Set(),
      chars: stats.get(root)?.chars ?? 0,
      standfirst: [],
      excluded: (el) => cx.ex.always(el) || cx.ex.strictly(el, flags),
      flags,
    },
    strategy: 'title block',
  };
}

function withIngredients(cx: Cx, p: Plan, heading: Element | null): Plan {
  const { list, before } = missingIngredients(p.roots, p.stats, p.pruned);
  if (!list) return p;
  return {
    ...plan(cx, before ? [list, ...p.roots] : [...p.roots, list], p.stats, p.flags, heading),
    declaredBody: p.declaredBody,
  };
}

/** Same roots, leave-outs and standfirst over the same measures: the same conversion (the
 *  relaxed attempts' exclusion rules are the same, see above). */
function samePlan(a: Plan, b: Plan): boolean {
  return (
    a.stats === b.stats &&
    sameList(a.roots, b.roots) &&
    sameList(a.standfirst, b.standfirst) &&
    a.pruned.size === b.pruned.size &&
    [...a.pruned].every((el) => b.pruned.has(el))
  );
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function describe(n: ChildNode): string {
  if (n.type !== 'tag') return '#text';
  const el = n as Element;
  const id = attribute(el, 'id');
  const cls = attribute(el, 'class')?.trim().split(/\s+/).slice(0, 3).join('.');
  return `${el.name}${id ? '#' + id : ''}${cls ? '.' + cls : ''}`;
}

function convert(
  p: Plan,
  cx: Cx,
  title: string | null,
  strategy: string,
  captionsOut = false,
  leaveOut: Set<Element> | null = null,
): Attempt {
  // The standfirst may sit in a container the attempt leaves out as a whole (a "header"
  // class), so it is converted on its own, with the exclusion rules applied inside it.
  const head =
    p.standfirst.length > 0
      ? toBlocks(p.standfirst, cx.resolver, { isHidden: cx.ex.isHidden, terms: cx.terms, skip: p.excluded })
      : [];
  const raw = [
    ...head,
    // A <noscript> the attempt kept (see exclusions) is the article's no-script copy.
    ...toBlocks(p.roots, cx.resolver, {
      isHidden: cx.ex.isHidden,
      terms: cx.terms,
      skip: (el) =>
        !p.stats.get(el) ||
        p.pruned.has(el) ||
        (captionsOut && el.name === 'figcaption') ||
        leaveOut?.has(el) === true ||
        isScreenReaderOnly(el),
      readNoscript: (el) => p.stats.get(el) !== undefined,
    }),
  ];
  const blocks = undoubleLines(
    dropIdRuns(
      dropPictureLines(dropFurnitureLines(pruneBlocks(titleTeaserEntries(dropTitleAndByline(raw, title)), cx.terms))),
    ),
  );
  return { blocks, chars: blocksTextLength(blocks), plan: p, strategy };
}

function convertWholePage(
  root: Element,
  cx: Cx,
  title: string | null,
  skip: (el: Element) => boolean = (el) => wholePageExcluded(cx.ex, el),
  cardText = true,
): Attempt {
  const raw = toBlocks([root], cx.resolver, {
    isHidden: cx.ex.isHidden,
    terms: cx.terms,
    skip: (el) => skip(el) || isScreenReaderOnly(el),
    readNoscript: (el) => !skip(el),
  });
  const prune = (input: Block[]): Block[] =>
    undoubleLines(
      dropIdRuns(
        dropPictureLines(
          dropRepeatedRuns(
            dropMenuLists(
              dropFurnitureLines(pruneBlocks(titleTeaserEntries(dropTitleAndByline(input, title)), cx.terms)),
            ),
          ),
        ),
      ),
    );
  const blocks = prune(raw);
  // Whether the page is read whole is weighed without the linked cards' descriptions (link-cards.ts).
  // On a page declared an article, cards wholly in their link are its teasers of other articles.
  const cards = cardText ? unwrapCardText(raw) : raw;
  return {
    blocks: cards === raw ? blocks : prune(cards),
    chars: blocksTextLength(blocks),
    plan: { roots: [root] } as Plan,
    strategy: 'whole page',
  };
}

/** The grid's cards are most of the chosen container (a listing, not an article with a row
 *  of related teasers under it). */
const GRID_IN_PLACE_SHARE = 0.5;

/** An article's comments, and the other articles it links to, are not the article. */
const ARTICLE_EXTRAS =
  /(?:^|[\s_-])(?:comments?|comment-?list|commentlist|respond|replies|related|more-?stories|read-?next|recommended)(?:$|[\s_-])/i;

/** Under half of the page's measured text, or more than all of it (the strict measure left out
 *  the page's wrappers: found text then says nothing about the page's size). */
function smallPart(found: number, page: number): boolean {
  return found < WHOLE_PAGE_SHARE * page || found > page;
}

/** A blog post marked as such by its content system ("type-post"; hAtom's "hentry" marks
 *  pages and listings too): the post itself, however short. */
const ENTRY = /(?:^|\s)type-post(?:$|\s)/;

function isBlogPost(n: ChildNode): boolean {
  if (n.type !== 'tag') return false;
  const cls = attribute(n as Element, 'class');
  return cls !== undefined && ENTRY.test(cls);
}

function articleWholePageExcluded(ex: Exclusions, el: Element): boolean {
  if (wholePageExcluded(ex, el)) return true;
  const cls = attribute(el, 'class');
  const id = attribute(el, 'id');
  return (cls !== undefined && ARTICLE_EXTRAS.test(cls)) || (id !== undefined && ARTICLE_EXTRAS.test(id));
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

/** A grid holding this share of an FAQ box's or SEO copy's text replaces it. */
const SUPPLEMENT_GRID_SHARE = 0.25;

/** Cards of items (products, stories, repositories) are short; a thread's posts and a page's
 *  sections set in one shape are longer. */
const SHORT_CARD_CHARS = 300;

function holdsGrid(p: Plan, grid: CardGrid): boolean {
  let chars = 0;
  let inside = false;
  for (const r of p.roots) {
    chars += p.stats.get(r as Element)?.chars ?? 0;
    if (contains(r, grid.root)) inside = true;
  }
  return inside && grid.chars >= GRID_IN_PLACE_SHARE * chars;
}

/** A card grid inside the chosen container is read as a grid where it stands: the block pass
 *  would drop its cards (a title link, a price) as link lines. */
function withGridInPlace(found: Attempt, p: Plan, grid: Element, cx: Cx, title: string | null): Attempt {
  const standIn: Block = { type: 'paragraph', children: [{ type: 'text', text: 'grid' }] };
  const head =
    p.standfirst.length > 0
      ? toBlocks(p.standfirst, cx.resolver, { isHidden: cx.ex.isHidden, terms: cx.terms, skip: p.excluded })
      : [];
  const raw = [
    ...head,
    ...toBlocks(p.roots, cx.resolver, {
      isHidden: cx.ex.isHidden,
      terms: cx.terms,
      skip: (el) => !p.stats.get(el) || p.pruned.has(el),
      readNoscript: (el) => p.stats.get(el) !== undefined,
      placeholder: { el: grid, block: standIn },
    }),
  ];
  const blocks = dropFurnitureLines(pruneBlocks(dropTitleAndByline(raw, title), cx.terms));
  const at = blocks.indexOf(standIn);
  if (at < 0) return found;
  const cards = dropPictureLines(
    dropFurnitureLines(
      toBlocks([grid], cx.resolver, { isHidden: cx.ex.isHidden, terms: cx.terms, skip: (el) => !p.stats.get(el) }),
    ),
  );
  // Cards that print nothing but their link are a link list (teasers, downloads): the block
  // pass judged them rightly.
  if (linkTextShare(cards) > CARD_LINK_SHARE) return found;
  const out = [...blocks.slice(0, at), ...cards, ...blocks.slice(at + 1)];
  return { blocks: out, chars: blocksTextLength(out), plan: p, strategy: found.strategy + ' + grid' };
}

const CARD_LINK_SHARE = 0.8;

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

/** Text this long beside the grid is the page's own text (a category's introduction, an
 *  event's description): it stays, with the grid after or before it as the page has them. */
const GRID_KEEPS_CHARS = 500;

function withGrid(found: Attempt, grid: Attempt): Attempt {
  const gridRoot = grid.plan!.roots[0]!;
  const roots = found.plan?.roots ?? [];
  // Found text inside the grid's section is printed with it already.
  if (found.chars < GRID_KEEPS_CHARS || roots.length === 0 || roots.some((r) => contains(gridRoot, r))) return grid;
  // A container around the grid left the cards out as links: they follow its text.
  const before = roots.some((r) => contains(r, gridRoot)) || precedes(roots[0]!, gridRoot);
  const blocks = before ? [...found.blocks, ...grid.blocks] : [...grid.blocks, ...found.blocks];
  return {
    blocks,
    chars: found.chars + grid.chars,
    plan: { ...grid.plan!, roots: before ? [...roots, gridRoot] : [gridRoot, ...roots] },
    strategy: 'card grid + ' + found.strategy,
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

function convertGrid(
  roots: Element[],
  stats: ElementStats,
  cx: Cx,
  title: string | null,
  rails: Set<Element> | null = null,
): Attempt {
  // No link pruning: a card's title is its link, and the cards are the content. A product
  // page's rails stay out of a grid that holds them (a layout grid of the page's sections).
  const raw = toBlocks(roots, cx.resolver, {
    isHidden: cx.ex.isHidden,
    terms: cx.terms,
    skip: (el) =>
      !stats.get(el) ||
      (!roots.includes(el) && (rails?.has(el) === true || isFacetPanel(el))) ||
      isScreenReaderOnly(el) ||
      isKeyboardCopy(el),
  });
  const blocks = dropNearRepeats(
    dropAdjacentRepeats(
      undoubleLines(dropIdRuns(dropPictureLines(dropFurnitureLines(dropTitleAndByline(raw, title))))),
    ),
  );
  return {
    blocks,
    chars: blocksTextLength(blocks),
    plan: { roots: [roots[0]!] } as Plan,
    strategy: roots.length > 1 ? 'card grids' : 'card grid',
  };
}

const STANDFIRST_MIN_CHARS = 80;

/** The article's description opens the JSON-LD text when it is a standfirst: a whole
 *  sentence or two (not cut short with an ellipsis) that the body does not already hold. */
function jsonLdStandfirst(a: JsonLdArticle): string {
  const d = collapseWhitespace(a.description ?? '');
  if (d.length < STANDFIRST_MIN_CHARS || /(?:\.\.\.|…)$/.test(d)) return '';
  const body = collapseWhitespace(a.body);
  return body.includes(d.slice(0, STANDFIRST_MIN_CHARS)) ? '' : d + '\n';
}

function paragraphsOf(text: string): Block[] {
  return text
    .split(/\n\s*\n|\r?\n/)
    .map(collapseWhitespace)
    .filter((t) => t !== '')
    .map((t) => ({ type: 'paragraph', children: [{ type: 'text', text: t }] }));
}
