// Yes-or-no answers about elements' subtrees, kept for one extraction, and the search that
// finds them: one byte per element by the
// parser's docIndex (IndexSlots), a map for the few elements without a slot. The subtree
// searches (descendant-search.ts, text-digits.ts) keep each element's answer here so that a
// box nested in a box already searched is not searched again.
import type { ChildNode, Element } from 'domhandler';
import { IndexSlots, type SlotOwners } from './index-slots.js';

/** Not asked yet. */
export const UNKNOWN = 0;
export const NO = 1;
export const YES = 2;

export class KeptAnswers {
  private readonly slots: IndexSlots;
  /** Elements without a slot (no docIndex, or another tree's at the same index). */
  private readonly unslotted = new Map<Element, boolean>();

  /** `owners`: the extraction's, shared with its other stores (IndexSlots). */
  constructor(owners?: SlotOwners) {
    this.slots = new IndexSlots(256, owners);
  }

  /** NO, YES, or UNKNOWN. */
  known(el: Element): number {
    const at = this.slots.slot(el);
    if (at === -1) {
      const answer = this.unslotted.get(el);
      return answer === undefined ? UNKNOWN : answer ? YES : NO;
    }
    return this.slots.values[at]!;
  }

  keep(el: Element, answer: typeof NO | typeof YES): void {
    const at = this.slots.slot(el);
    if (at === -1) this.unslotted.set(el, answer === YES);
    else this.slots.values[at] = answer;
  }

  /**
   * Whether a node below `root` answers yes, each element's answer kept on the way (an element
   * searched to the end answers no, every element open when a yes is found yes). `child(node)`
   * answers for one child: YES or NO, UNKNOWN to search inside it (an element), null to pass it
   * by. Depth-first with the open path only: nothing recurses on depth.
   */
  searchBelow(root: Element, child: (node: ChildNode) => number | null): boolean {
    const known = this.known(root);
    if (known !== UNKNOWN) return known === YES;
    const path: Element[] = [root];
    const next: number[] = [0];
    let depth = 0;
    for (;;) {
      const el = path[depth]!;
      const kids = el.children;
      const at = next[depth]!;
      if (at >= kids.length) {
        this.keep(el, NO);
        if (depth === 0) return false;
        depth--;
        continue;
      }
      next[depth] = at + 1;
      const kid = kids[at]!;
      const answer = child(kid);
      if (answer === null || answer === NO) continue;
      if (answer === YES) {
        for (let d = 0; d <= depth; d++) this.keep(path[d]!, YES);
        return true;
      }
      depth++;
      path[depth] = kid as Element;
      next[depth] = 0;
    }
  }
}
