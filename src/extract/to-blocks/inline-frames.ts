// The inline wrappers the block walk (to-blocks.ts) holds open while it reads a line: a link,
// an emphasis, a strong or a struck-through run, each closed into one inline around what it gathered.
import type { Inline } from '../blocks.js';

const EMPHASIS_TAGS = new Set(['em', 'i', 'cite', 'dfn', 'var']);
const STRONG_TAGS = new Set(['strong', 'b']);
const DELETE_TAGS = new Set(['del', 's', 'strike']);
export const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'tt']);

/** One open wrapper and the inlines read inside it so far; the root frame is the line itself. */
export type InlineFrame =
  | { kind: 'root'; children: Inline[] }
  | { kind: 'link'; href: string | null; children: Inline[] }
  | { kind: 'emphasis' | 'strong' | 'delete'; children: Inline[] };

/** The style an element's tag gives its text, or null. */
export function styleOf(name: string): 'emphasis' | 'strong' | 'delete' | null {
  if (EMPHASIS_TAGS.has(name)) return 'emphasis';
  if (STRONG_TAGS.has(name)) return 'strong';
  return DELETE_TAGS.has(name) ? 'delete' : null;
}

/** The inline a closed wrapper makes of `children`. */
export function wrap(frame: InlineFrame, children: Inline[]): Inline {
  switch (frame.kind) {
    case 'link':
      return { type: 'link', href: frame.href, children };
    case 'emphasis':
      return { type: 'emphasis', children };
    case 'strong':
      return { type: 'strong', children };
    case 'delete':
      return { type: 'delete', children };
    case 'root':
      throw new Error('root frame is never wrapped');
  }
}
