// The raw text length of an element's subtree (dom/measures.ts rawTextLength), asked of nested
// boxes (a layout class inside a layout class): a walk per box costs depth x elements on a page
// of nested boxes. Each element's length is kept (by the parser's docIndex, IndexSlots), so a
// subtree already measured is added, not walked again.
import { ElementType } from 'domelementtype';
import type { Element } from 'domhandler';
import { IndexSlots, type SlotOwners } from './index-slots.js';
import { isElement } from './walk.js';

export class RawTextLengths {
  /** 1 once an element's length is known; the lengths by slot in `lengths`. */
  private readonly slots: IndexSlots;
  /** Made as the slots are (keep()): none until a length is kept. */
  private lengths = new Float64Array(0);
  /** Elements without a slot (no docIndex, or another tree's at the same index). */
  private readonly unslotted = new Map<Element, number>();

  /** `owners`: the extraction's, shared with its other stores (IndexSlots). */
  constructor(owners?: SlotOwners) {
    this.slots = new IndexSlots(256, owners);
  }

  /** Characters of every text under `root` (into scripts and styles, as rawTextLength). */
  of(root: Element): number {
    const known = this.known(root);
    if (known !== -1) return known;
    // Depth-first with the open path only: nothing recurses on depth.
    const path: Element[] = [root];
    const next: number[] = [0];
    const sums: number[] = [0];
    let depth = 0;
    for (;;) {
      const el = path[depth]!;
      const kids = el.children;
      const at = next[depth]!;
      if (at >= kids.length) {
        const n = sums[depth]!;
        this.keep(el, n);
        if (depth === 0) return n;
        depth--;
        sums[depth] = sums[depth]! + n;
        continue;
      }
      next[depth] = at + 1;
      const kid = kids[at]!;
      if (kid.type === ElementType.Text) sums[depth] = sums[depth]! + kid.data.length;
      else if (isElement(kid)) {
        const n = this.known(kid);
        if (n !== -1) sums[depth] = sums[depth]! + n;
        else {
          depth++;
          path[depth] = kid;
          next[depth] = 0;
          sums[depth] = 0;
        }
      }
    }
  }

  /** The element's length, or -1 when not measured yet. */
  private known(el: Element): number {
    const at = this.slots.slot(el);
    if (at === -1) return this.unslotted.get(el) ?? -1;
    return this.slots.values[at] === 1 ? this.lengths[at]! : -1;
  }

  private keep(el: Element, n: number): void {
    const at = this.slots.slot(el);
    if (at === -1) {
      this.unslotted.set(el, n);
      return;
    }
    if (this.lengths.length < this.slots.values.length) {
      const grown = new Float64Array(this.slots.values.length);
      grown.set(this.lengths);
      this.lengths = grown;
    }
    this.slots.values[at] = 1;
    this.lengths[at] = n;
  }
}
