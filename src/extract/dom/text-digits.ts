// "Does the text below this element hold a digit?", asked of nested boxes (screen-reader-only
// text inside screen-reader-only text, exclude/screen-reader.ts): a read of the whole text per box
// costs depth x elements on a page of nested boxes. A digit is one character, so the text holds
// one when one of its text nodes does; each element's answer is kept (kept-answers.ts), an element
// searched to the end answering "no" and every element open when a digit is found "yes".
import { ElementType } from 'domelementtype';
import type { Element } from 'domhandler';
import type { SlotOwners } from './index-slots.js';
import { KeptAnswers, NO, YES } from './kept-answers.js';
import { isElement } from './walk.js';

const DIGIT = /\d/;

export class TextDigits {
  /** Each element's answer, once its subtree is searched. */
  private readonly answers: KeptAnswers;

  /** `owners`: the extraction's, shared with its other stores (IndexSlots). */
  constructor(owners?: SlotOwners) {
    this.answers = new KeptAnswers(owners);
  }

  /** Whether the text under `root` (textContent's: into every element) holds a digit 0-9. */
  has(root: Element): boolean {
    return this.answers.searchBelow(root, (kid) => {
      if (kid.type === ElementType.Text) return DIGIT.test(kid.data) ? YES : NO;
      return isElement(kid) ? this.answers.known(kid) : null;
    });
  }
}
