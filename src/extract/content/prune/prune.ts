// Inside the chosen content: leave out containers that read like page furniture (link lists,
// share bars, form blocks, image strips, short headings of boilerplate sections).
import type { ChildNode, Element } from 'domhandler';
import { classNameWeight, classWeight } from '../../dom/patterns.js';
import { classAndId, isElement, isQuoteFooter, visitElements } from '../../dom/walk.js';
import { isDataTable } from '../../to-blocks/tables.js';
import type { HiddenTest } from '../../dom/visibility.js';
import type { AttemptFlags } from '../select/attempt-flags.js';
import type { ElementStats } from '../select/element-stats.js';
import { BoxFacts } from './box-facts.js';
import { isIntroducedList, isListInText } from './introduced-lists.js';
import { isAmongProse, isProseWidget } from '../exclude/prose-widgets.js';
import { attribute } from '../../../parse/nodes.js';
import { INGREDIENTS, NOT_SHARE, PROMOTED_NODE, SHARE } from '../../vocabulary/class-words.js';
import {
  ANCESTOR_TAG_LEVELS,
  EMBED_MIN_CHARS,
  ILLUSTRATED_CHARS_PER_IMAGE,
  ILLUSTRATED_MAX_LINK_DENSITY,
  IMAGE_STRIP_PARAGRAPHS_PER_IMAGE,
  LINKED_HEADING_MAX_CHARS,
  LINKED_HEADING_MIN_LINK_DENSITY,
  LINK_LIST_MAX_CHARS,
  LINK_LIST_MIN_LINK_DENSITY,
  LIST_ITEM_ALLOWANCE,
  MAX_LINK_DENSITY,
  PARAGRAPHS_PER_INPUT,
  PROMOTED_MAX_LINK_DENSITY,
  PROMOTED_WEIGHT,
  PROSE_MIN_COMMAS,
  SHARE_BAR_MAX_CHARS,
  SHORT_BARE_MAX_CHARS,
  SHORT_BARE_MAX_IMAGES,
  TOC_SHARE,
} from '../thresholds/prunes.js';

const CONDITIONAL = new Set([
  'form',
  'fieldset',
  'table',
  'ul',
  'ol',
  'div',
  'section',
  'dl',
  'aside',
  'nav',
  'header',
  'footer',
]);
const NOT_SHARE_ALL = new RegExp(NOT_SHARE.source, 'gi');

export function pruneContent(
  roots: ChildNode[],
  stats: ElementStats,
  flags: AttemptFlags,
  excluded: Set<Element>,
  isHidden: HiddenTest,
): void {
  // One record of subtree answers for the whole walk: a box kept has its boxes judged in turn.
  const facts = new BoxFacts(stats, isHidden);
  for (const root of roots) {
    if (!isElement(root)) continue;
    visitElements(root, (el) => {
      if (!stats.get(el)) return false;
      if (pruneRule(el, stats, flags, isHidden, facts) !== null) {
        excluded.add(el);
        return false;
      }
      return true;
    });
  }
}

/** Why pruning leaves `el` out of its container (the rule's name), or null to keep it.
 *  `facts`: the subtree answers of the stats and test given, shared by the questions of one walk. */
export function pruneRule(
  el: Element,
  stats: ElementStats,
  flags: AttemptFlags,
  isHidden: HiddenTest,
  facts = new BoxFacts(stats, isHidden),
): string | null {
  const info = stats.get(el)!;
  const name = el.name;

  if (name.length === 2 && name[0] === 'h' && name[1]! >= '1' && name[1]! <= '6') {
    // A heading styled as boilerplate, or one that is all link (a "Related" teaser title).
    // Its class says how it is styled; its id is usually an anchor made from its own words
    // ("nav_the_foil_remains"), which says nothing about boilerplate.
    const styled = flags.weightClasses ? classNameWeight(el) : 0;
    // A heading linked to itself (a permalink anchor, a table of contents' target) is a
    // section heading all the same.
    if (styled < 0) return 'boilerplate heading';
    return info.chars > 0 &&
      stats.linkDensity(el) > LINKED_HEADING_MIN_LINK_DENSITY &&
      info.chars < LINKED_HEADING_MAX_CHARS &&
      !facts.linksWithinPage(el)
      ? 'linked heading'
      : null;
  }
  // SHARE is case-blind and holds no space, so it is tried on the class and the id as they
  // stand: the lower-cased join is made only for a match and for the conditional containers.
  const cls = attribute(el, 'class');
  const id = attribute(el, 'id');
  if (
    ((cls && SHARE.test(cls)) || (id && SHARE.test(id))) &&
    info.chars < SHARE_BAR_MAX_CHARS &&
    !NEGATIVE_SAFE(el) &&
    !isShareLookAlike(el, classAndId(el))
  )
    return 'share bar';
  if (!flags.cleanConditionally || !CONDITIONAL.has(name) || isQuoteFooter(el)) return null;
  const ci = classAndId(el);
  if (ci && INGREDIENTS.test(ci)) return null;
  if (name === 'table' && isDataTable(el, isHidden)) return null;
  if (hasAncestorTag(el, 'pre', ANCESTOR_TAG_LEVELS) || hasAncestorTag(el, 'code', ANCESTOR_TAG_LEVELS)) return null;
  // Weighed only here: most elements (paragraphs, inline ones, list items) were answered above without it.
  const weight = flags.weightClasses ? classWeight(el) : 0;

  const isList = name === 'ul' || name === 'ol' || name === 'dl';
  // Lists start from a negative tag weight by design (menus are lists), so a negative score
  // says nothing about a list of real items; link density below judges those.
  const flagged =
    weight < 0 && PROMOTED_NODE.test(cls ?? '')
      ? 2 * PROMOTED_WEIGHT
      : weight < 0 && isProseWidget(el) && isAmongProse(el)
        ? -2 * weight
        : 0;
  if (!isList && weight + info.score + flagged < 0) return 'low score';
  if (info.commas >= PROSE_MIN_COMMAS) return null;

  const p = info.paragraphs;
  const img = info.images;
  const li = info.listItems - LIST_ITEM_ALLOWANCE;
  const inputs = info.inputs;
  const ld = stats.linkDensity(el);
  const len = info.chars;
  const inFigure = hasAncestorTag(el, 'figure', ANCESTOR_TAG_LEVELS);
  // Several pictures and few paragraphs is an image strip, unless the text around them is
  // prose (steps beside photos, forum posts with avatars and smileys, text in <div>s).
  if (
    img > 1 &&
    p / img < IMAGE_STRIP_PARAGRAPHS_PER_IMAGE &&
    !inFigure &&
    !(ld < ILLUSTRATED_MAX_LINK_DENSITY && len >= ILLUSTRATED_CHARS_PER_IMAGE * img)
  )
    return 'image strip';
  if (!isList && li > p) return 'list items over paragraphs';
  const allowedInputs = Math.floor(p / PARAGRAPHS_PER_INPUT);
  if (inputs > allowedInputs && formControls(el, facts, inputs, allowedInputs)) return 'form controls';
  // Short and bare is furniture, but a one-line command is a whole code block: its wrapper
  // (syntax highlighter, copy-button box) goes with it, and code is never pruned. Nor is a
  // wrapper around a paragraph (page builders box each paragraph): a short paragraph is a line
  // of the text ("1. Choose the right pot", "Tel. +81 158-23-2012"), which the line pass judges.
  if (
    !isList &&
    len < SHORT_BARE_MAX_CHARS &&
    (img === 0 || img > SHORT_BARE_MAX_IMAGES) &&
    !inFigure &&
    info.headings === 0 &&
    p === 0 &&
    !facts.of(el).code
  )
    return 'short and bare';
  if (
    !isList &&
    weight < PROMOTED_WEIGHT &&
    ld > MAX_LINK_DENSITY &&
    !linkedWithinPage(el, facts, info.chars, info.linkChars) &&
    !(p > 0 && linkedInLinkLists(el, facts, info.chars, info.linkChars))
  )
    return 'link dense';
  if (
    isList &&
    ld > LINK_LIST_MIN_LINK_DENSITY &&
    len < LINK_LIST_MAX_CHARS &&
    !isIntroducedList(el, (p) => stats.linkDensity(p)) &&
    !isListInText(el)
  )
    return 'link list';
  if (weight >= PROMOTED_WEIGHT && ld > PROMOTED_MAX_LINK_DENSITY) return 'link dense';
  if ((info.embeds === 1 && len < EMBED_MIN_CHARS) || info.embeds > 1) return 'embeds';
  return null;
}

/** More than `allowed` of the stats' `inputs` form controls below `el` once buttons labelled
 *  by a heading are taken out (an FAQ's or accordion's questions, dom/heading-toggle.ts: text,
 *  not controls; the stats count the buttons the attempt did not leave out). Asked only where
 *  the count is already over. */
function formControls(el: Element, facts: BoxFacts, inputs: number, allowed: number): boolean {
  return inputs - facts.of(el).toggles > allowed;
}

/** The box's link text is mostly links into the page itself (a table of contents inside a
 *  section of the article, "#symptoms"): without them it is prose, not a link list. A box that
 *  is itself such a table of contents still is one. */
function linkedWithinPage(el: Element, facts: BoxFacts, chars: number, linkChars: number): boolean {
  const inPage = facts.of(el).inPageLinkChars;
  if (inPage === 0 || (inPage >= TOC_SHARE * linkChars && linkChars >= TOC_SHARE * chars)) return false;
  return (linkChars - inPage) / (chars - inPage) <= MAX_LINK_DENSITY;
}

/** The box's links are mostly in link lists of its own ("More on this school:" and five
 *  guides), each of which the walk leaves out as a link list: without them the box is a
 *  section of prose (a list article's item: its heading, its paragraph, its facts). */
function linkedInLinkLists(el: Element, facts: BoxFacts, chars: number, linkChars: number): boolean {
  const { listChars, listLinkChars, prose } = facts.of(el);
  if (listChars === 0 || listChars >= chars || !prose) return false;
  return (linkChars - listLinkChars) / (chars - listChars) <= MAX_LINK_DENSITY;
}

/** A code block is never a share bar; nor is a box whose only share-like word is another word. */
function isShareLookAlike(el: Element, ci: string): boolean {
  if (el.name === 'pre' || el.name === 'code') return true;
  return NOT_SHARE.test(ci) && !SHARE.test(ci.replace(NOT_SHARE_ALL, ' '));
}

function NEGATIVE_SAFE(el: Element): boolean {
  // The article wrapper itself sometimes carries "share" in a compound class name.
  return el.name === 'article' || el.name === 'main' || attribute(el, 'itemprop') === 'articleBody';
}

function hasAncestorTag(el: Element, tag: string, maxDepth: number): boolean {
  let d = 0;
  for (let p = el.parent; p && d < maxDepth; p = p.parent, d++) {
    if ((p as Element).name === tag) return true;
  }
  return false;
}
