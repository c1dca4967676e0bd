// What a caller tells the DOM-to-blocks walk (to-blocks.ts): what to leave out, and what to note.
import type { Element } from 'domhandler';
import type { Block } from '../blocks.js';
import type { HiddenTest } from '../dom/visibility.js';

export interface ToBlocksOptions {
  /** The page's hidden test (dom/visibility.ts): hidden elements are always left out. */
  isHidden: HiddenTest;
  /** Lists `test` finds set in the run of the text are added to `into`: the content profile's
   *  link-line pass keeps them (passes/link-lines.ts). */
  listsInText?: { test: (list: Element) => boolean; into: WeakSet<Block> };
  /** Return true to leave an element and its subtree out. */
  skip?: (el: Element) => boolean;
  /** Return true to read a <noscript> (a page's no-script copy of its text); otherwise skipped. */
  readNoscript?: (el: Element) => boolean;
  /** This element is left out, and this block (compared by identity) stands where it was, so
   *  the caller can put the element's own conversion there after judging the rest. */
  placeholder?: { el: Element; block: Block };
  /** When given, each block made is noted with the element it was read from (for explain). */
  origins?: Map<Block, Element>;
}
