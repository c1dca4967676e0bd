// "Does any element below this one match?", asked of nested boxes (a caption class over a
// caption class, an unlikely name inside an unlikely name): a fresh walk per box costs depth x
// elements on a page of nested boxes. The answers are kept, one byte per element by the
// parser's docIndex (IndexSlots), so each element's subtree is searched at most once per
// search: an element whose subtree was searched to the end without a match answers "no", and
// every element on the open path when a match is found answers "yes".
import type { Element } from 'domhandler';
import { KeptAnswers, NO, UNKNOWN, YES } from './kept-answers.js';
import { isPlainTag } from './walk.js';

export class DescendantSearch {
  /** Each element's answer, once its subtree is searched. */
  private readonly answers = new KeptAnswers();

  /** `matches`: a test of one element that reads only that element (its answers are kept). */
  constructor(private readonly matches: (el: Element) => boolean) {}

  /** Whether an element below `root` (plain tags, as dom/walk.ts isPlainTag: not into a script
   *  or a style) matches. */
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
      if (!isPlainTag(kid)) continue;
      const answer = this.matches(kid) ? YES : this.answers.known(kid);
      if (answer === YES) {
        for (let d = 0; d <= depth; d++) this.answers.keep(path[d]!, YES);
        return true;
      }
      if (answer === NO) continue;
      depth++;
      path[depth] = kid;
      next[depth] = 0;
    }
  }
}
