// Blocks as the block passes see them, built and read back in tests of those passes.
import type { Block } from '../../src/extract/blocks.js';

/** A paragraph of one text run. */
export const p = (text: string): Block => ({ type: 'paragraph', children: [{ type: 'text', text }] });

/** A heading of one text run. */
export const h = (text: string, level: 1 | 2 | 3 | 4 | 5 | 6 = 3): Block => ({
  type: 'heading',
  level,
  children: [{ type: 'text', text }],
});

/** The text of every paragraph, list items' paragraphs included, in order. */
export const texts = (blocks: Block[]): string[] =>
  blocks.flatMap((b) =>
    b.type === 'list'
      ? b.items.flatMap((i) => texts(i.children))
      : b.type === 'paragraph'
        ? [(b.children[0] as { text: string }).text]
        : [],
  );
