// Whether an element wraps the page itself: it holds an <h1> and at least half the page's text.
// Themes name such wrappers for one of their parts ("navigation-container" around everything, "blog-
// sidebar-position-right" around the article and its sidebar); a real menu, sidebar or comment
// section holds neither the headline nor most of the text.
import { hasChildren, isTag, isText, type AnyNode, type Element } from 'domhandler';
import { PAGE_WIDE_TEXT_SHARE } from './thresholds.js';

/** Text inside these is not read by a person. */
const UNSEEN = new Set(['script', 'style', 'noscript', 'template', 'svg']);

interface Measure {
  /** Characters of text below the node (white space included: only the share matters). */
  chars: number;
  h1: boolean;
}

/** A node whose children a reader sees (those of the others are measured, and count for nothing). */
function readable(n: AnyNode): n is AnyNode & { children: AnyNode[] } {
  return hasChildren(n) && !(isTag(n) && UNSEEN.has(n.name));
}

const measured = new WeakMap<AnyNode, Measure>();

/** Measures every node of the tree under root in one pass, without recursion (a page may nest deeply). */
function measureTree(root: AnyNode): void {
  const order: AnyNode[] = [];
  const stack: AnyNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    order.push(n);
    if (hasChildren(n)) for (const c of n.children) stack.push(c);
  }
  // Children come after their parent in `order`: walking it backwards measures them first.
  for (let i = order.length - 1; i >= 0; i--) {
    const n = order[i]!;
    const m: Measure = { chars: isText(n) ? n.data.length : 0, h1: isTag(n) && n.name === 'h1' };
    if (readable(n))
      for (const c of n.children) {
        const x = measured.get(c)!;
        m.chars += x.chars;
        m.h1 ||= x.h1;
      }
    measured.set(n, m);
  }
}

export function pageWide(el: Element): boolean {
  let root: AnyNode = el;
  while (root.parent) root = root.parent;
  // Measured again when the element was added to the tree after it was measured.
  if (!measured.has(el) || !measured.has(root)) measureTree(root);
  const own = measured.get(el);
  return !!own && own.h1 && own.chars > 0 && own.chars >= PAGE_WIDE_TEXT_SHARE * measured.get(root)!.chars;
}
