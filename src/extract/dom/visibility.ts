// Hidden-element detection from markup alone (no CSS engine): what the page itself says is
// not shown. Screen-reader-only text is kept, since it is real text meant for readers.
// A page-wide wrapper that a script reveals (revealed-wrappers.ts) is read as shown by the
// extraction that found it (PageVisibility).
import type { Element, ParentNode } from 'domhandler';
import { attribute, type ParsedElement } from '../../parse/nodes.js';
import { classWordPattern, findRevealedWrappers } from './revealed-wrappers.js';
import { placeStreamedChunks } from './streamed-chunks.js';
import { elementSibling, holdsHeading, isPlainTag, someWithin } from './walk.js';
import { afterQuestion } from './question-toggle.js';
import { HIDDEN_CLASS, PANEL_CLASS, SLIDE_COPY } from '../vocabulary/overlay-words.js';
import { HIDDEN_UNTIL_ASKED } from '../vocabulary/overlay-words.js';

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;
/** A word every HIDDEN_CLASS match holds (a quick test before it). */
const HIDDEN_CLASS_WORDS = /hid|d-none|invisible/i;

/** Is this element hidden? One page's answer: the markup's, less what that page reveals. */
export type HiddenTest = (el: Element) => boolean;

/** One extraction's view of what is shown: the markup's word, except for the page-wide wrappers
 *  that the page's script reveals (revealed-wrappers.ts), once `reveal` has found them. Each
 *  extraction has its own, so that no answer depends on what was extracted before. */
export class PageVisibility {
  /** Elements read as shown though their markup hides them. */
  private readonly revealed = new Set<Element>();

  readonly isHidden: HiddenTest = (el) =>
    // The markup test first: most elements are not hidden, and need no look-up in the set.
    isHiddenByMarkup(el) && !this.revealed.has(el);

  /** Marks the page-wide hidden wrappers under `root` as shown; returns them. `rootTops`: the
   *  outermost hidden elements of `root`, when already found (collectPageFacts). */
  reveal(root: ParentNode, rootTops?: Element[]): Element[] {
    // A streaming render's late chunks go to their places first (they are then no longer hidden).
    if (rootTops && placeStreamedChunks(root, rootTops) > 0) rootTops = rootTops.filter((el) => el.children.length > 0);
    const found = findRevealedWrappers(root, isHiddenByMarkup, rootTops);
    for (const el of found) this.revealed.add(el);
    return found;
  }
}

/** The markup test alone, without the reveal (a disclosure panel is not hidden: see below). */
export function isHiddenByMarkup(el: Element): boolean {
  return hiddenByMarkup(el) && !isClosedPanel(el);
}

/** Overlays and menus hidden until asked for stay hidden whatever their class. */
const NOT_PANEL = classWordPattern(`${HIDDEN_UNTIL_ASKED}|submenu`);

/** A panel the markup hides that is read as shown (one answer of an accordion, one tab). */
export function isOpenedPanel(el: Element): boolean {
  return hiddenByMarkup(el) && isClosedPanel(el);
}

function isClosedPanel(el: Element): boolean {
  const role = attribute(el, 'role');
  const cls = attribute(el, 'class') ?? '';
  // The ARIA accordion pattern names its panels by role alone: a region labelled by its header.
  const ariaPanel = role === 'tabpanel' || (role === 'region' && attribute(el, 'aria-labelledby') !== undefined);
  if (!ariaPanel && !PANEL_CLASS.test(cls) && !afterPlainToggle(el) && !disclosedByPrevious(el) && !afterQuestion(el))
    return false;
  if (SLIDE_COPY.test(cls) || NOT_PANEL.test(cls)) return false;
  const id = attribute(el, 'id');
  if (id !== undefined && NOT_PANEL.test(id)) return false;
  return (
    role !== 'dialog' &&
    role !== 'alertdialog' &&
    role !== 'menu' &&
    role !== 'navigation' &&
    attribute(el, 'aria-modal') !== 'true'
  );
}

/**
 * The markup says hidden (before the panel and reveal exceptions). The page-facts walk, the
 * strict measuring walk and the conversion to blocks each ask about most elements of a page
 * (through isHiddenByMarkup), so parsed elements keep the answer (ParsedElement.hiddenByMarkup).
 * It reads only the element's own name and attributes, which no tree change (removals, revealed
 * wrappers) touches; once an element's `attribs` object is built (and may be written to), it is
 * judged afresh each time.
 */
function hiddenByMarkup(el: Element): boolean {
  const parsed = el as ParsedElement;
  // null only on parsed elements whose attributes are still the parser's list.
  if (parsed.attributeObject === null) {
    let judged = parsed.hiddenByMarkup;
    if (judged === 0) parsed.hiddenByMarkup = judged = judgeMarkup(el) ? 2 : 1;
    return judged === 2;
  }
  return judgeMarkup(el);
}

function judgeMarkup(el: Element): boolean {
  const parsed = el as ParsedElement;
  // The parser's list, read in one pass (the first of a repeated name wins, as attribute()
  // reads it; the parser keeps only the first anyway): most elements have none of these.
  if (parsed.attributeList !== undefined && parsed.attributeObject === null) {
    const list = parsed.attributeList;
    let hidden = false;
    let ariaHidden: string | undefined;
    let style: string | undefined;
    let cls: string | undefined;
    let type: string | undefined;
    let tabindex: string | undefined;
    let role: string | undefined;
    let describedBy = false;
    for (let i = 0; i < list.length; i += 2) {
      const name = list[i]!;
      if (name === 'class') cls ??= list[i + 1];
      else if (name === 'style') style ??= list[i + 1];
      else if (name === 'hidden') hidden = true;
      else if (name === 'aria-hidden') ariaHidden ??= list[i + 1];
      else if (name === 'type') type ??= list[i + 1];
      else if (name === 'tabindex') tabindex ??= list[i + 1];
      else if (name === 'role') role ??= list[i + 1];
      else if (name === 'aria-describedby') describedBy = true;
    }
    return judgeFrom(el.name, hidden, ariaHidden, style, cls, type, tabindex, role === 'tooltip' && !describedBy);
  }
  return judgeFrom(
    el.name,
    attribute(el, 'hidden') !== undefined,
    attribute(el, 'aria-hidden'),
    attribute(el, 'style'),
    attribute(el, 'class'),
    attribute(el, 'type'),
    attribute(el, 'tabindex'),
    attribute(el, 'role') === 'tooltip' && attribute(el, 'aria-describedby') === undefined,
  );
}

/** `tooltip`: role=tooltip on an element not itself described by another (a tooltip is the
 *  description; an element that points at its own description is the trigger, shown). */
function judgeFrom(
  name: string,
  hidden: boolean,
  ariaHidden: string | undefined,
  style: string | undefined,
  cls: string | undefined,
  type: string | undefined,
  tabindex: string | undefined,
  tooltip: boolean,
): boolean {
  if (hidden) return true;
  // A tooltip is shown while the pointer rests on what it explains: a note beside the text.
  if (tooltip) return true;
  if (ariaHidden === 'true') {
    // Some sites put aria-hidden on whole article wrappers used for animations; only trust it
    // on elements that are not obvious content containers. A link taken out of both the
    // reading order and the tab order (aria-hidden + tabindex=-1) is a shown duplicate of a
    // link beside it (a teaser's excerpt linked like its headline), not a hidden one.
    if (name !== 'article' && name !== 'main' && !(name === 'a' && tabindex?.trim() === '-1')) return true;
  }
  if (style && HIDDEN_STYLE.test(style)) return true;
  // HIDDEN_CLASS_WORDS first: every class it matches holds one of its words, and few do.
  if (cls && HIDDEN_CLASS_WORDS.test(cls) && HIDDEN_CLASS.test(cls)) return true;
  if (name === 'input' && type === 'hidden') return true;
  return false;
}

/** The ARIA disclosure pattern: the element just before is, or holds among its first
 *  descendants (someWithin), a `<button>` whose `aria-controls` names this element (an
 *  accordion's header and its answer, a "Details" toggle and its text). A control that opens a
 *  popup (`aria-haspopup`) is a menu's or a dialog's. A `role="button"` element is not read:
 *  a shop's delivery choices drawn so lost product check pages (docs/learned-extraction.md). */
function disclosedByPrevious(el: Element): boolean {
  const id = attribute(el, 'id');
  if (id === undefined || id === '') return false;
  const prev = elementSibling(el, 'prev', isPlainTag);
  if (!prev) return false;
  const opens = (n: Element): boolean => {
    if (n.name !== 'button' || attribute(n, 'aria-haspopup') !== undefined) return false;
    const controls = attribute(n, 'aria-controls');
    return controls !== undefined && controls.trim().split(/\s+/).includes(id);
  };
  return opens(prev) || someWithin(prev, opens);
}

/** The element just before is a <button> holding a heading, with no ARIA state: a plain
 *  click-to-open toggle (an FAQ's question as the button, the answer hidden by a "hidden"
 *  class until the page's script opens it), so the panel is read like a named accordion's.
 *  A toggle that carries `aria-expanded`/`aria-controls` is left to the ARIA rules (its
 *  panels stay hidden unless named or labelled as panels: the reference texts leave most of
 *  those out). Asked only about elements the markup hides; reads the one sibling. */
function afterPlainToggle(el: Element): boolean {
  const b = elementSibling(el, 'prev', isPlainTag);
  if (!b) return false;
  if (b.name !== 'button' || attribute(b, 'aria-expanded') !== undefined || attribute(b, 'aria-controls') !== undefined)
    return false;
  return holdsHeading(b);
}
