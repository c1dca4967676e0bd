// Iterative tree helpers. Nothing here recurses on DOM depth, so a hostile 100,000-deep page
// cannot overflow the stack in extraction.
import { ElementType } from 'domelementtype';
import type { AnyNode, ChildNode, Element, ParentNode } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { isHeading } from './headings.js';

export function isElement(node: AnyNode): node is Element {
  // domhandler types: 'tag', 'script', 'style' are all elements.
  return node.type === ElementType.Tag || node.type === ElementType.Script || node.type === ElementType.Style;
}

/** An element of type 'tag' (not a <script> or <style>, which domhandler types apart). */
export function isPlainTag(node: AnyNode): node is Element {
  return node.type === ElementType.Tag;
}

export function isTextNode(node: AnyNode): node is import('domhandler').Text {
  return node.type === ElementType.Text;
}

export function hasChildren(node: AnyNode): node is ParentNode {
  return 'children' in node && Array.isArray(node.children);
}

/**
 * The stack of the last walk that finished, for the next one. A walk of a large page grows its
 * stack to thousands of elements (a parent's children are stacked at once), and a new array
 * grown on every walk was 2 MiB of the row-7 page's garbage. A walk takes it (one started inside
 * a visitor makes its own), empties each slot as it pops it, so that no page's element stays
 * reachable from it, and gives it back unless it grew past SPARE_STACK_MAX slots.
 */
let spareStack: Array<Element | null> | null = null;
const SPARE_STACK_MAX = 65_536;

/**
 * Pre-order visit of every element under `root` (root excluded). The visitor returns false to
 * skip the element's subtree.
 */
export function visitElements(root: ParentNode, visit: (el: Element) => boolean | void): void {
  // Only elements are stacked: texts, about half of all nodes, would be popped for nothing.
  const stack = spareStack ?? [];
  spareStack = null;
  let top = 0;
  for (let i = root.children.length - 1; i >= 0; i--) {
    const node = root.children[i]!;
    if (isElement(node)) stack[top++] = node;
  }
  while (top > 0) {
    const el = stack[--top]!;
    stack[top] = null;
    if (visit(el) === false) continue;
    const kids = el.children;
    for (let i = kids.length - 1; i >= 0; i--) {
      const kid = kids[i]!;
      if (isElement(kid)) stack[top++] = kid;
    }
  }
  if (stack.length <= SPARE_STACK_MAX) spareStack = stack;
}

/** All elements under root with one of the given tag names, in document order. */
export function elementsByTag(root: ParentNode, names: ReadonlySet<string>): Element[] {
  const out: Element[] = [];
  visitElements(root, (el) => {
    if (names.has(el.name)) out.push(el);
  });
  return out;
}

/** First element under root matching the predicate, in document order. */
export function findElement(root: ParentNode, match: (el: Element) => boolean): Element | null {
  let found: Element | null = null;
  visitElements(root, (el) => {
    if (found) return false;
    if (match(el)) {
      found = el;
      return false;
    }
    return true;
  });
  return found;
}

/**
 * Concatenated text of every text node under `node` (like DOM textContent), iteratively. With
 * `limit`, it stops once the text is longer than that (the result is then only known to be long).
 */
export function textContent(node: AnyNode, limit = Infinity): string {
  if (isTextNode(node)) return node.data;
  if (!hasChildren(node)) return '';
  // Most elements hold texts only: those are read without a stack (an array per call was a
  // tenth of a large page's garbage). From the first element child on, the rest goes by stack.
  const kids = node.children;
  let out = '';
  let first = 0;
  for (; first < kids.length && out.length <= limit; first++) {
    const n = kids[first]!;
    if (n.type === ElementType.Text) out += n.data;
    else if (isElement(n)) break;
  }
  if (first >= kids.length || out.length > limit) return out;
  const stack: ChildNode[] = [];
  for (let i = kids.length - 1; i >= first; i--) stack.push(kids[i]!);
  while (stack.length > 0 && out.length <= limit) {
    const n = stack.pop()!;
    if (n.type === ElementType.Text) out += n.data;
    else if (isElement(n)) {
      const inner = n.children;
      for (let i = inner.length - 1; i >= 0; i--) stack.push(inner[i]!);
    }
  }
  return out;
}

/** The nearest sibling before (`prev`) or after (`next`) `el` that `is` accepts (any element, by
 *  default), past text and comments. */
export function elementSibling(
  el: Element,
  way: 'prev' | 'next',
  is: (node: AnyNode) => node is Element = isElement,
): Element | null {
  let n = el[way];
  while (n && !is(n)) n = n[way];
  return n;
}

/** Detach a node from its parent (domhandler keeps sibling links, so fix them too). */
export function removeNode(node: ChildNode): void {
  const parent = node.parent;
  if (parent) {
    const idx = parent.children.indexOf(node);
    if (idx >= 0) parent.children.splice(idx, 1);
  }
  if (node.prev) node.prev.next = node.next;
  if (node.next) node.next.prev = node.prev;
  node.parent = null;
  node.prev = null;
  node.next = null;
}

/** Whether `outer` is an ancestor of `node` (not the node itself). */
export function isInside(node: AnyNode, outer: AnyNode): boolean {
  for (let p = node.parent; p; p = p.parent) if (p === outer) return true;
  return false;
}

/** Whether an ancestor of `node` (not the node itself) is in `set`. */
export function hasAncestorIn(node: AnyNode, set: ReadonlySet<AnyNode>): boolean {
  if (set.size === 0) return false;
  for (let p = node.parent; p; p = p.parent) if (set.has(p)) return true;
  return false;
}

/** Number of element ancestors of `node`. */
export function depthOf(node: AnyNode): number {
  let d = 0;
  for (let p = node.parent; p; p = p.parent) d++;
  return d;
}

/** The class and id of an element as one lower-case string, for pattern tests. */
export function classAndId(el: Element): string {
  const c = attribute(el, 'class');
  const i = attribute(el, 'id');
  if (c && i) return (c + ' ' + i).toLowerCase();
  return (c ?? i ?? '').toLowerCase();
}

/** Document order of two nodes, neither inside the other. */
export function precedes(a: ChildNode, b: ChildNode): boolean {
  const chain = (n: ChildNode): ChildNode[] => {
    const out: ChildNode[] = [];
    for (let x: ChildNode | null = n; x; x = x.parent as ChildNode | null) out.unshift(x);
    return out;
  };
  const ca = chain(a);
  const cb = chain(b);
  let i = 0;
  while (ca[i] === cb[i]) i++;
  const parent = ca[i - 1] as unknown as { children: ChildNode[] } | undefined;
  if (!parent) return true;
  return parent.children.indexOf(ca[i]!) < parent.children.indexOf(cb[i]!);
}

/** Descendants of a control looked at: a toggle's label is a few elements (an icon, a wrapper,
 *  the heading, a nested button). */
const SCAN_LIMIT = 24;
/** Never looked into: pictures and scripts inside a control hold no heading and no button. */
const OPAQUE = new Set(['svg', 'script', 'style', 'template', 'img', 'picture', 'math']);

/** Whether one of a control's first SCAN_LIMIT descendant elements (document order) matches.
 *  Bounded: never a subtree walk. */
export function someWithin(control: Element, match: (el: Element) => boolean): boolean {
  const stack: ChildNode[] = [];
  for (let i = control.children.length - 1; i >= 0; i--) stack.push(control.children[i]!);
  let seen = 0;
  while (stack.length > 0 && seen < SCAN_LIMIT) {
    const n = stack.pop()!;
    if (!isElement(n)) continue;
    seen++;
    if (match(n)) return true;
    if (OPAQUE.has(n.name)) continue;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return false;
}

/** An <h1>-<h6> among a control's first SCAN_LIMIT descendants (a button labelled by a
 *  heading: an accordion's or FAQ's question). */
export function holdsHeading(button: Element): boolean {
  return someWithin(button, isHeading);
}

/** A quotation's own `<footer>`: its attribution ("— Franklin D. Roosevelt", Bootstrap's
 *  `blockquote-footer`), a line of the text, not the page's footer nor a bare box. */
export function isQuoteFooter(el: Element): boolean {
  return el.name === 'footer' && el.parent !== null && isElement(el.parent) && el.parent.name === 'blockquote';
}

/** Levels above an element where its quotation's footer may be (a name in a span in a link). */
const QUOTE_FOOTER_LEVELS = 3;

/** Inside a quotation's footer: an "author" there is the quoted person, not the page's byline. */
export function inQuoteFooter(el: Element): boolean {
  let p = el.parent;
  for (let i = 0; p !== null && isElement(p) && i < QUOTE_FOOTER_LEVELS; i++, p = p.parent) {
    if (isQuoteFooter(p)) return true;
  }
  return false;
}
