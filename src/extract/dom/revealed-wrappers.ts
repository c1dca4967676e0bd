// Page-wide wrappers that the markup hides and a script reveals: a streaming render's
// `<div hidden>` chunks, a `class="hide"` or `visibility:hidden` root shown once the page's
// script has run. Read from markup alone, every word of such a page is hidden; in a browser it
// is the page. A hidden subtree is taken as such a wrapper when it holds more text than all
// that is visible beside it (or the page's visible text is a small share of it), and it is not
// named as a menu, modal or other overlay. Hidden menus, modals and duplicates hold less text
// than the visible page, and stay hidden.
import { ElementType } from 'domelementtype';
import type { Element, ParentNode } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { isElement } from './walk.js';
import { nonSpaceLength } from './measures.js';
import { HIDDEN_SCAN_SKIP } from '../vocabulary/tags.js';
import { HIDDEN_UNTIL_ASKED } from '../vocabulary/overlay-words.js';

/** One of `words` ("a|b") as a class or id word of its own, or a dash/underscore part of one. */
export function classWordPattern(words: string): RegExp {
  return new RegExp(`(?:^|[\\s_-])(?:${words})(?:$|[\\s_-])`, 'i');
}
/** Overlays and navigation that are hidden until asked for, whatever their size. */
const OVERLAY = classWordPattern(`${HIDDEN_UNTIL_ASKED}|sidebar|flyout|print`);
/** A revealed wrapper holds a page's worth of text, not a line. */
const MIN_CHARS = 200;
/** Visible text under this share of the hidden text: the page is (mostly) its hidden part. */
const VISIBLE_SHARE = 0.25;

/**
 * The hidden elements of `root` to read as shown, outermost first. `isHiddenByMarkup` is the
 * markup test (visibility.ts) without the reveal. `rootTops`: the outermost hidden elements of
 * `root`, when a walk of the caller's has found them already (page-facts.ts).
 */
export function findRevealedWrappers(
  root: ParentNode,
  isHiddenByMarkup: (el: Element) => boolean,
  rootTops?: Element[],
): Element[] {
  const out: Element[] = [];
  const scopes: ParentNode[] = [root];
  // A revealed wrapper is itself a page: the same test runs inside it, for a second level of
  // hidden chunks (a collapsed panel inside a hidden stream chunk). Bounded depth.
  for (let depth = 0; depth < 3 && scopes.length > 0; depth++) {
    const next: ParentNode[] = [];
    for (const scope of scopes) {
      const topElements = scope === root && rootTops ? rootTops : hiddenTops(scope, isHiddenByMarkup);
      // Most pages hide only overlays, menus and icons, which never qualify; only a non-overlay
      // top of MIN_CHARS or more can, and text is counted to the last word (hidden menus and
      // modals can be long) only when one does.
      const overlay = topElements.map(isOverlay);
      if (!topElements.some((el, i) => !overlay[i] && textChars(el, MIN_CHARS) >= MIN_CHARS)) continue;
      const tops = topElements.map((el) => ({ el, chars: textChars(el, Infinity) }));
      let hidden = 0;
      for (const t of tops) hidden += t.chars;
      if (hidden < MIN_CHARS) continue;
      const eligible = tops.filter((t, i) => t.chars >= MIN_CHARS && !overlay[i]);
      if (eligible.length === 0) continue;
      // Past this much visible text no hidden element qualifies: counting stops there, so a
      // page with a hidden menu beside its visible article is not counted to the last word.
      const enough = Math.max(VISIBLE_SHARE * hidden, ...eligible.map((t) => t.chars));
      const hiddenSet = new Set(tops.map((t) => t.el));
      const visible = visibleChars(scope, hiddenSet, enough);
      const mostlyHidden = visible < VISIBLE_SHARE * hidden;
      for (const t of eligible) {
        if (mostlyHidden || t.chars > visible || isWholeMain(t.el, hiddenSet)) {
          out.push(t.el);
          next.push(t.el);
        }
      }
    }
    scopes.length = 0;
    scopes.push(...next);
  }
  return out;
}

/** Levels from a hidden wrapper up to the page's main landmark that it fills. */
const MAIN_LEVELS = 3;

/**
 * The hidden element is all that the page's main landmark (`<main>`, role main) shows: nothing
 * visible beside it on the way up. A main landmark with nothing in it is not a page a reader is
 * shown; a script reveals its content (a store app's lock screen hides the product until it has
 * checked the visitor), however much the site's header and footer menus hold beside it.
 */
function isWholeMain(el: Element, hidden: ReadonlySet<Element>): boolean {
  let node: Element = el;
  for (let level = 0; level < MAIN_LEVELS; level++) {
    const parent = node.parent;
    if (!parent || !isElement(parent) || visibleChars(parent, hidden, 1) > 0) return false;
    if (parent.name === 'main' || attribute(parent, 'role') === 'main') return true;
    node = parent;
  }
  return false;
}

/** Page wrappers are generic containers; a hidden list, table or term list is a data store
 *  (variant tables, option lists) the script reads, not a page it shows. */
const WRAPPER_TAGS = new Set(['div', 'section', 'main', 'article', 'span', 'form']);

function isOverlay(el: Element): boolean {
  if (!WRAPPER_TAGS.has(el.name)) return true;
  if (
    el.name === 'dialog' ||
    el.name === 'nav' ||
    el.name === 'aside' ||
    el.name === 'header' ||
    el.name === 'footer' ||
    el.name === 'menu'
  )
    return true;
  const role = attribute(el, 'role');
  if (role === 'dialog' || role === 'alertdialog' || role === 'navigation' || role === 'menu' || role === 'tooltip')
    return true;
  if (attribute(el, 'aria-modal') === 'true') return true;
  const cls = attribute(el, 'class');
  const id = attribute(el, 'id');
  return (cls !== undefined && OVERLAY.test(cls)) || (id !== undefined && OVERLAY.test(id));
}

/** The outermost hidden elements of `scope`. */
function hiddenTops(scope: ParentNode, isHiddenByMarkup: (el: Element) => boolean): Element[] {
  const tops: Element[] = [];
  const stack: ParentNode[] = [scope];
  while (stack.length > 0) {
    const node = stack.pop()!;
    // By index: this runs once a page, so a large page meets it unoptimised, where `for...of`
    // made a step object per child.
    const kids = node.children;
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i]!;
      if (!isElement(c) || HIDDEN_SCAN_SKIP.has(c.name)) continue;
      if (isHiddenByMarkup(c)) tops.push(c);
      else stack.push(c);
    }
  }
  return tops;
}

/** Non-space characters of `scope` outside `hidden`, counted up to `limit`. */
function visibleChars(scope: ParentNode, hidden: ReadonlySet<Element>, limit: number): number {
  let n = 0;
  const stack: ParentNode[] = [scope];
  while (stack.length > 0 && n < limit) {
    const node = stack.pop()!;
    const kids = node.children;
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i]!;
      if (c.type === ElementType.Text) n += nonSpaceLength(c.data);
      else if (isElement(c) && !HIDDEN_SCAN_SKIP.has(c.name) && !hidden.has(c)) stack.push(c);
    }
  }
  return n;
}

/** Non-space characters under `el` (readable elements only), counted up to `limit`. */
function textChars(el: Element, limit: number): number {
  return visibleChars(el, EMPTY, limit);
}

const EMPTY: ReadonlySet<Element> = new Set();
