// One byte per element of a parsed page, by the parser's docIndex (parse/nodes.ts), for answers
// an extraction asks about the same elements again and again: an array read costs less than a
// hash look-up (a WeakMap memo measured slower than the tests it saved).
import type { Element } from 'domhandler';
import type { ParsedElement } from '../../parse/nodes.js';

export class IndexSlots {
  /** The bytes, 0 until set. Read it after slot(): a slot past its end grows it. */
  values: Uint8Array = NO_VALUES;
  /** The element each slot was first given to, so that one of another tree at the same index
   *  is not handed its answers. */
  private readonly owners: Array<Element | undefined> = [];

  /** `size`: the slots made on the first slot() (more if its index needs them). Nothing is
   *  made before: an extraction keeps many stores, and most pages never ask most of them. */
  constructor(private readonly size = 64) {}

  /** The element's slot in `values`, or -1 when it has none (no docIndex, or another element
   *  holds its index). */
  slot(el: Element): number {
    const docIndex = (el as Partial<ParsedElement>).docIndex;
    if (docIndex === undefined) return -1;
    if (docIndex >= this.values.length) {
      let size = Math.max(this.values.length * 2, this.size);
      while (size <= docIndex) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.values);
      this.values = grown;
      this.owners.length = size;
    }
    const owner = this.owners[docIndex];
    if (owner === undefined) {
      this.owners[docIndex] = el;
      return docIndex;
    }
    return owner === el ? docIndex : -1;
  }
}

/** The values of a store not asked yet (shared: it has no slot to write). */
const NO_VALUES = new Uint8Array(0);
