// Yes-or-no answers about elements, kept for one extraction: one byte per element by the
// parser's docIndex (IndexSlots), a map for the few elements without a slot. The subtree
// searches (descendant-search.ts, text-digits.ts) keep each element's answer here so that a
// box nested in a box already searched is not searched again.
import type { Element } from 'domhandler';
import { IndexSlots } from './index-slots.js';

/** Not asked yet. */
export const UNKNOWN = 0;
export const NO = 1;
export const YES = 2;

export class KeptAnswers {
  private readonly slots = new IndexSlots(256);
  /** Elements without a slot (no docIndex, or another tree's at the same index). */
  private readonly unslotted = new Map<Element, boolean>();

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
}
