// "Does the text below this element hold a digit?", asked of nested boxes (screen-reader-only
// text inside screen-reader-only text, exclude/screen-reader.ts): a read of the whole text per box
// costs depth x elements on a page of nested boxes. A digit is one character, so the text holds
// one when one of its text nodes does; each element's answer is kept (kept-answers.ts), an element
// searched to the end answering "no" and every element open when a digit is found "yes".
import { ElementType } from 'domelementtype';
import type { Element } from 'domhandler';
import { KeptAnswers, NO, UNKNOWN, YES } from './kept-answers.js';
import { isElement } from './walk.js';

const DIGIT = /\d/;

export class TextDigits {
  /** Each element's answer, once its subtree is searched. */
  private readonly answers = new KeptAnswers();

  /** Whether the text under `root` (textContent's: into every element) holds a digit 0-9. */
  has(root: Element): boolean {
    const known = this.answers.known(root);
    if (known !== UNKNOWN) return known === YES;
    // Depth-first with the open path only: nothing recurses on depth.
    const path: Element[] = [root];
    const next: number[] = [0];
    let depth = 0;
    for (;;) {
      const el = path[depth]!;
      const kids = el.children;
      const at = next[depth]!;
      if (at >= kids.length) {
        this.answers.keep(el, NO);
        if (depth === 0) return false;
        depth--;
        continue;
      }
      next[depth] = at + 1;
      const kid = kids[at]!;
      let answer: number;
      if (kid.type === ElementType.Text) answer = DIGIT.test(kid.data) ? YES : NO;
      else if (isElement(kid)) answer = this.answers.known(kid);
      else continue;
      if (answer === YES) {
        for (let d = 0; d <= depth; d++) this.answers.keep(path[d]!, YES);
        return true;
      }
      if (answer === NO || !isElement(kid)) continue;
      depth++;
      path[depth] = kid;
      next[depth] = 0;
    }
  }
}
