// The inline wrappers the block walk (to-blocks.ts) holds open while it reads a line: a link,
// an emphasis, a strong or a struck-through run, each closed into one inline around what it gathered,
// and a quotation (<q>), closed into what it gathered between the quotation marks a browser prints
// (quote-marks.ts).
import type { Element } from 'domhandler';
import type { Inline } from '../blocks.js';
import { languageOf, quoteMarksFor } from './quote-marks.js';

const EMPHASIS_TAGS = new Set(['em', 'i', 'cite', 'dfn', 'var']);
const STRONG_TAGS = new Set(['strong', 'b']);
const DELETE_TAGS = new Set(['del', 's', 'strike']);
export const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'tt']);

/** One open wrapper and the inlines read inside it so far; the root frame is the line itself. */
export type InlineFrame =
  | { kind: 'root'; children: Inline[] }
  | { kind: 'link'; href: string | null; children: Inline[] }
  | { kind: 'emphasis' | 'strong' | 'delete'; children: Inline[] }
  /** `marks`: the pair printed around it, by its language and the quotations it stands in; `cut`: a block
   *  inside it cut it into lines (a `<q>` made a box of "read also" links). */
  | { kind: 'quoted'; children: Inline[]; marks: readonly [string, string]; cut?: boolean };

/** The frame the element `el`, of this style, opens inside the frames `open`. */
export function openFrame(
  style: Exclude<ReturnType<typeof styleOf>, null>,
  el: Element,
  open: readonly InlineFrame[],
): InlineFrame {
  if (style !== 'quoted') return { kind: style, children: [] };
  const pairs = quoteMarksFor(languageOf(el));
  const depth = open.filter((f) => f.kind === 'quoted').length;
  return { kind: 'quoted', children: [], marks: pairs[depth % pairs.length]! };
}

/** The style an element's tag gives its text, or null. */
export function styleOf(name: string): 'emphasis' | 'strong' | 'delete' | 'quoted' | null {
  if (EMPHASIS_TAGS.has(name)) return 'emphasis';
  if (STRONG_TAGS.has(name)) return 'strong';
  if (name === 'q') return 'quoted';
  return DELETE_TAGS.has(name) ? 'delete' : null;
}

/**
 * The inlines a wrapper makes of `children`. `cut`: the line ends inside it, at a block the wrapper holds (it
 * stays open for the lines after). A quotation is marked only when it is a run of words in one line: a `<q>`
 * holding blocks is a box, and marks around its lines would be noise.
 */
export function wrap(frame: InlineFrame, children: Inline[], cut = false): Inline[] {
  switch (frame.kind) {
    case 'link':
      return [{ type: 'link', href: frame.href, children }];
    case 'emphasis':
    case 'strong':
    case 'delete':
      return [{ type: frame.kind, children }];
    case 'quoted': {
      if (cut) frame.cut = true;
      if (frame.cut) return children;
      const [open, close] = frame.marks;
      return [{ type: 'text', text: open }, ...children, { type: 'text', text: close }];
    }
    case 'root':
      throw new Error('root frame is never wrapped');
  }
}
