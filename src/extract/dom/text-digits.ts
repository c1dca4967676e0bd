// "Does the text below this element hold a digit?", asked of nested boxes (screen-reader-only
// text inside screen-reader-only text, exclude/screen-reader.ts): a read of the whole text per box
// costs depth x elements on a page of nested boxes. A digit is one character, so the text holds
// one when one of its text nodes does; each element's answer is kept (IndexSlots), an element
// searched to the end answering "no" and every element open when a digit is found "yes".
import { ElementType } from 'domelementtype';
import type { Element } from 'domhandler';
import { IndexSlots } from './index-slots.js';
import { isElement } from './walk.js';

const NO = 1;
const YES = 2;
const DIGIT = /\d/;

export class TextDigits {
  private readonly slots = new IndexSlots(256);
  /** Elements without a slot (no docIndex, or another tree's at the same index). */
  private readonly unslotted = new Map<Element, boolean>();

  /** Whether the text under `root` (textContent's: into every element) holds a digit 0-9. */
  has(root: Element): boolean {
    const known = this.known(root);
    if (known !== 0) return known === YES;
    // Depth-first with the open path only: nothing recurses on depth.
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
      let answer: number;
      if (kid.type === ElementType.Text) answer = DIGIT.test(kid.data) ? YES : NO;
      else if (isElement(kid)) answer = this.known(kid);
      else continue;
      if (answer === YES) {
        for (let d = 0; d <= depth; d++) this.keep(path[d]!, YES);
        return true;
      }
      if (answer === NO || !isElement(kid)) continue;
      depth++;
      path[depth] = kid;
      next[depth] = 0;
    }
  }

  /** NO, YES, or 0 when not known yet. */
  private known(el: Element): number {
    const at = this.slots.slot(el);
    if (at === -1) {
      const answer = this.unslotted.get(el);
      return answer === undefined ? 0 : answer ? YES : NO;
    }
    return this.slots.values[at]!;
  }

  private keep(el: Element, answer: number): void {
    const at = this.slots.slot(el);
    if (at === -1) this.unslotted.set(el, answer === YES);
    else this.slots.values[at] = answer;
  }
}
