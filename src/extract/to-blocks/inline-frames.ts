// The inline wrappers the block walk (to-blocks.ts) holds open while it reads a line: a link,
// an emphasis or a strong run, each closed into one inline around what it gathered.
import type { Inline } from '../blocks.js';

export const EMPHASIS_TAGS = new Set(['em', 'i', 'cite', 'dfn', 'var']);
export const STRONG_TAGS = new Set(['strong', 'b']);
export const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'tt']);

/** One open wrapper and the inlines read inside it so far; the root frame is the line itself. */
export type InlineFrame =
  | { kind: 'root'; children: Inline[] }
  | { kind: 'link'; href: string | null; children: Inline[] }
  | { kind: 'emphasis' | 'strong'; children: Inline[] };

/** The inline a closed wrapper makes of `children`. */
export function wrap(frame: InlineFrame, children: Inline[]): Inline {
  switch (frame.kind) {
    case 'link':
      return { type: 'link', href: frame.href, children };
    case 'emphasis':
      return { type: 'emphasis', children };
    case 'strong':
      return { type: 'strong', children };
    case 'root':
      throw new Error('root frame is never wrapped');
  }
}
