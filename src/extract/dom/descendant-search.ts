// "Does any element below this one match?", asked of nested boxes (a caption class over a
// caption class, an unlikely name inside an unlikely name): a fresh walk per box costs depth x
// elements on a page of nested boxes. The answers are kept, one byte per element by the
// parser's docIndex (IndexSlots), so each element's subtree is searched at most once per
// search: an element whose subtree was searched to the end without a match answers "no", and
// every element on the open path when a match is found answers "yes".
import type { Element } from 'domhandler';
import type { SlotOwners } from './index-slots.js';
import { KeptAnswers, YES } from './kept-answers.js';
import { isPlainTag } from './walk.js';

export class DescendantSearch {
  /** Each element's answer, once its subtree is searched. */
  private readonly answers: KeptAnswers;

  /** `matches`: a test of one element that reads only that element (its answers are kept).
   *  `owners`: the extraction's, shared with its other stores (IndexSlots). */
  constructor(
    private readonly matches: (el: Element) => boolean,
    owners?: SlotOwners,
  ) {
    this.answers = new KeptAnswers(owners);
  }

  /** Whether an element below `root` (plain tags, as dom/walk.ts isPlainTag: not into a script
   *  or a style) matches. */
  has(root: Element): boolean {
    return this.answers.searchBelow(root, (kid) =>
      !isPlainTag(kid) ? null : this.matches(kid) ? YES : this.answers.known(kid),
    );
  }
}
