// The title is not body text (the renderer adds it when include_title is on): drop a leading
// heading that repeats it.
import type { Block } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { foldText } from '../../dom/measures.js';
import { TITLE_REPEAT_BLOCKS, TITLE_REPEAT_SHARE } from '../thresholds/passes.js';

/** What is not a word's: punctuation, symbols, icons (a private-use glyph), spaces. */
const NOT_WORDS = /[^\p{L}\p{M}\p{N}]+/gu;

/**
 * A title or a line as they are compared: their words, in lower case. A headline is the same headline
 * whatever its punctuation and quotation marks (`What's` declared, `What\u2019s` printed; `Low Light` and
 * `Low-Light`; a `:` or a permalink's icon after it; a `<q>`, whose marks the text prints).
 */
function asTitle(s: string): string {
  return foldText(s).normalize('NFKC').replace(NOT_WORDS, ' ').trim();
}

/** `part`: a heading that holds most of the title repeats it too ("Cafe creme" under "Cafe creme - the best
 *  in town"); else only the title word for word. */
export function dropTitleAndByline(blocks: Block[], title: string | null, part = true): Block[] {
  if (!title) return blocks;
  const want = asTitle(title);
  // Only look at the first few blocks: a later heading equal to the title is content.
  for (let i = 0; i < Math.min(blocks.length, TITLE_REPEAT_BLOCKS); i++) {
    const b = blocks[i]!;
    if (b.type !== 'heading') continue;
    const text = asTitle(inlineText(b.children));
    const partOf = part && want.includes(text) && text.length > want.length * TITLE_REPEAT_SHARE;
    if (text !== '' && (text === want || partOf)) {
      return [...blocks.slice(0, i), ...blocks.slice(i + 1)];
    }
  }
  return blocks;
}

/**
 * Under the answer's title line, what would print the title twice: a heading among the first blocks
 * that repeats it, and a first paragraph that is the title word for word. `read`: the extraction
 * read this title, and its pass left out a heading that repeats it, or holds most of it, already:
 * another copy of it (a page may print its headline in its header and again atop its body) goes
 * only word for word.
 */
export function dropTitleRepeats(blocks: Block[], title: string, read: boolean): Block[] {
  const out = dropTitleAndByline(blocks, title, !read);
  const first = out[0];
  return first?.type === 'paragraph' && title !== '' && asTitle(inlineText(first.children)) === asTitle(title)
    ? out.slice(1)
    : out;
}
