// One byte per element of a parsed page, by the parser's docIndex (parse/nodes.ts), for answers
// an extraction asks about the same elements again and again: an array read costs less than a
// hash look-up (a WeakMap memo measured slower than the tests it saved).
import type { Element } from 'domhandler';
import type { ParsedElement } from '../../parse/nodes.js';

export class IndexSlots {
  /** The bytes, 0 until set. Read it after slot(): a slot past its end grows it. */
  values: Uint8Array = NO_VALUES;

  /** `size`: the slots made on the first slot() (more if its index needs them). Nothing is
   *  made before: an extraction keeps many stores, and most pages never ask most of them.
   *  `owners`: whose each index is, shared by the stores of one extraction (SlotOwners). */
  constructor(
    private readonly size = 64,
    private readonly owners = new SlotOwners(),
  ) {}

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
    }
    return this.owners.claim(el, docIndex) ? docIndex : -1;
  }
}

/**
 * The element each docIndex was first given to, so that one of another tree at the same index
 * (a fragment parsed apart) is not handed the first one's answers. Stores of one extraction can
 * share it: an index is one element's for all of them, and each store then costs a byte (or its
 * own arrays) per element, not a pointer more.
 */
export class SlotOwners {
  private readonly owners: Array<Element | undefined> = [];

  /** Whether `docIndex` is `el`'s: it is when no element had it before. */
  claim(el: Element, docIndex: number): boolean {
    const owners = this.owners;
    if (docIndex >= owners.length) owners.length = growTo(owners.length, docIndex);
    const owner = owners[docIndex];
    if (owner === undefined) {
      owners[docIndex] = el;
      return true;
    }
    return owner === el;
  }
}

/** A length past `index`, at least twice `length` (and 64): growth doubles. */
function growTo(length: number, index: number): number {
  let size = Math.max(length * 2, 64);
  while (size <= index) size *= 2;
  return size;
}

/** The values of a store not asked yet (shared: it has no slot to write). */
const NO_VALUES = new Uint8Array(0);
