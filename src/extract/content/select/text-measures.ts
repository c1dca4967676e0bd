// What the text measures (element-stats.ts) read of an element's own text children: their
// characters once whitespace runs are collapsed, and their commas. Every measure of a page reads
// the same answer for an element (the measures differ only in the elements they leave out), so
// a page's measures can share one record of them and read each text once.
import { ElementType } from 'domelementtype';
import type { Element } from 'domhandler';
import { IndexSlots } from '../../dom/index-slots.js';

/** Set by measureChildText and TextMeasures.measure: the sums of one element's text children
 *  (a result object per element would cost an allocation). */
export const childText = { chars: 0, commas: 0 };

/** Set by measureText: one pass over a text's characters for both measures. */
const measured = { chars: 0, commas: 0, startsWithSpace: false };

/** A text the plain path cannot measure: a run of two collapsed spaces (a line break and its
 *  indent), or a comma other than the ASCII one. */
const NOT_PLAIN = /[ \t\n\r\f\u00a0]{2}|[\uff0c\u3001\u060c]/;

/** Characters once whitespace runs are collapsed (as collapsedLength) and commas of the
 *  scripts scoring counts them in: , ， 、 ، */
function measureText(s: string): void {
  const n = s.length;
  measured.startsWithSpace = n > 0 && isCollapsedSpace(String.prototype.charCodeAt.call(s, 0));
  // Most of a page's text is prose with single spaces: every character counts, and the commas
  // are found by indexOf. The test and indexOf run in the engine's own scanners, which read a
  // string of any representation at full speed; the loop below does not (why, below).
  if (!NOT_PLAIN.test(s)) {
    let commas = 0;
    for (let at = s.indexOf(','); at !== -1; at = s.indexOf(',', at + 1)) commas++;
    measured.chars = n;
    measured.commas = commas;
    return;
  }
  // Text nodes come as strings of many representations (flat, sliced, concatenated where an
  // entity split the text; one or two bytes a character), so after a few pages the property
  // loads `s.length` and `s.charCodeAt` here are megamorphic: read per character, they made
  // this loop about 4 times slower (docs/content-extraction.md, "Large pages"). The length
  // is read once, and String.prototype.charCodeAt is called on `s`, which needs no look-up on it.
  let chars = 0;
  let commas = 0;
  let inSpace = false;
  for (let i = 0; i < n; i++) {
    const c = String.prototype.charCodeAt.call(s, i);
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 160) {
      if (!inSpace) chars++;
      inSpace = true;
    } else {
      chars++;
      inSpace = false;
      if (c === 0x2c || c === 0xff0c || c === 0x3001 || c === 0x060c) commas++;
    }
  }
  measured.chars = chars;
  measured.commas = commas;
}

function isCollapsedSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 160;
}

/** Sets `childText` to the measures of the element's text children. */
export function measureChildText(el: Element): void {
  let chars = 0;
  let commas = 0;
  const children = el.children;
  for (let i = 0; i < children.length; i++) {
    const kid = children[i]!;
    if (kid.type !== ElementType.Text) continue;
    const data = kid.data;
    measureText(data);
    const len = measured.chars;
    // Whitespace alone (one collapsed character that is a space, or a lone character trim()
    // takes for one) is not text.
    if (len === 0 || (len === 1 && (measured.startsWithSpace || data.trim() === ''))) continue;
    chars += len;
    commas += measured.commas;
  }
  childText.chars = chars;
  childText.commas = commas;
}

/** One page's record of its elements' text-children measures, by the parser's docIndex
 *  (IndexSlots): the strict and the wide measure each read nearly all of a page's text, and a
 *  relaxed or thread reading's measure most of it again. Elements without a slot are measured
 *  each time. Only for a tree that does not change while the record is in use. */
export class TextMeasures {
  private readonly slots = new IndexSlots(256);
  private chars = new Int32Array(256);
  private commas = new Int32Array(256);

  /** Sets `childText` to the element's measures, reading its text only the first time. */
  measure(el: Element): void {
    const at = this.slots.slot(el);
    if (at === -1) {
      measureChildText(el);
      return;
    }
    const known = this.slots.values;
    if (known[at] === 1) {
      childText.chars = this.chars[at]!;
      childText.commas = this.commas[at]!;
      return;
    }
    measureChildText(el);
    if (this.chars.length < known.length) {
      this.chars = grown(this.chars, known.length);
      this.commas = grown(this.commas, known.length);
    }
    known[at] = 1;
    this.chars[at] = childText.chars;
    this.commas[at] = childText.commas;
  }
}

function grown(values: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const out = new Int32Array(size);
  out.set(values);
  return out;
}
