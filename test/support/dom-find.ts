// The first element under a node that a test is looking for, in document order.
import type { Element } from 'domhandler';
import { isPlainTag } from '../../src/extract/dom/walk.js';

export function findElement(root: { children?: unknown[] }, pred: (el: Element) => boolean): Element | null {
  for (const c of (root.children ?? []) as Element[]) {
    if (!isPlainTag(c)) continue;
    if (pred(c)) return c;
    const r = findElement(c, pred);
    if (r) return r;
  }
  return null;
}
