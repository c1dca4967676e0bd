// An article often closes with a note on who wrote it ("Jane Doe is a freelance writer living
// in ...", "Jane Doe ist Redakteurin bei ..."), set in the body as ordinary paragraphs, with no
// class to tell it from the text. It is the writer's, not the article's: the closing paragraphs
// that open with the name of a person the page declares as its author (JSON-LD, <meta
// name="author">) and go on as a sentence about them go. Only the close is read, and only
// while the article keeps more text than the note: a profile of the writer that is the page
// stays.
import type { Block } from '../../blocks.js';
import { blockText, inlineText } from '../../to-blocks/block-text.js';
import { collapseWhitespace } from '../../dom/measures.js';
import { BIO_MAX_CHARS, BIO_MAX_PARAGRAPHS } from '../thresholds/passes.js';

/** Opens with two capitalised words: a cheap test before the page's authors are read. */
const NAME_START = /^\p{Lu}\S*\s\p{Lu}/u;
/** After the name, the sentence goes on in lower case ("is", "ist", "es", "a écrit"). */
const GOES_ON = /^\s\p{Ll}/u;

/** The blocks without the closing paragraphs that are a declared author's note.
 *  `authors` is asked only when the last paragraph could open with a name. */
export function dropClosingBios(blocks: Block[], authors: () => readonly string[]): Block[] {
  // Pictures after the note (a "watch next" thumbnail) print no text: the note still closes it.
  let end = blocks.length - 1;
  while (end > 0 && blocks[end]!.type === 'image') end--;
  let i = end;
  let bioChars = 0;
  let names: readonly string[] | null = null;
  while (i > 0 && end - i < BIO_MAX_PARAGRAPHS) {
    const b = blocks[i]!;
    if (b.type !== 'paragraph') break;
    const text = collapseWhitespace(inlineText(b.children));
    if (text.length > BIO_MAX_CHARS || !NAME_START.test(text)) break;
    names ??= authors();
    if (!names.some((n) => text.startsWith(n) && GOES_ON.test(text.slice(n.length)))) break;
    bioChars += text.length;
    i--;
  }
  if (i === end) return blocks;
  let rest = 0;
  for (let j = 0; j <= i && rest <= bioChars; j++) rest += blockText(blocks[j]!).length;
  return rest > bioChars ? [...blocks.slice(0, i + 1), ...blocks.slice(end + 1)] : blocks;
}
