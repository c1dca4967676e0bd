// An article often closes with a note on who wrote it ("Jane Doe is a freelance writer living
// in ...", "Jane Doe ist Redakteurin bei ..."), set in the body as ordinary paragraphs, with no
// class to tell it from the text. It is the writer's, not the article's: the closing paragraphs
// that open with the name of a person the page declares as its author (JSON-LD, <meta
// name="author">) and go on as a sentence about them go. Only the close is read, and only
// while the article keeps more text than the note: a profile of the writer that is the page
// stays. Many sites declare no author but close with a card: the writer's portrait (its alt the
// name), perhaps the name again as a heading and a role line, then the note opening with that
// name or its first word ("Lauren has written for ..."); the card goes from the portrait on.
import type { Block } from '../../blocks.js';
import { blockText, inlineText } from '../../to-blocks/block-text.js';
import { collapseWhitespace } from '../../dom/measures.js';
import {
  BIO_MAX_CHARS,
  BIO_MAX_PARAGRAPHS,
  CARD_HEADING_MAX_WORDS,
  CARD_ROLE_MAX_WORDS,
} from '../thresholds/passes.js';

/** Opens with two capitalised words: a cheap test before the page's authors are read. */
const NAME_START = /^\p{Lu}\S*\s\p{Lu}/u;
/** After the name, the sentence goes on in lower case ("is", "ist", "es", "a écrit"). */
const GOES_ON = /^\s\p{Ll}/u;

/** A portrait's alt that is a name: one to four capitalised words, credentials after a comma
 *  left out ("Matt Frankel, CFP"). */
const ALT_NAME = /^\p{Lu}\p{Ll}+(?:[ -]\p{Lu}[\p{Ll}'’.-]*){0,3}$/u;

/** The blocks without the closing paragraphs that are a declared author's note, or without a
 *  closing author card. `authors` is asked only when the last paragraph could open with a name. */
export function dropClosingBios(blocks: Block[], authors: () => readonly string[]): Block[] {
  return dropAuthorCard(blocks) ?? dropDeclaredNote(blocks, authors);
}

/** The blocks before a closing author card (a portrait named for the writer, then their note),
 *  or null when the page does not close with one. */
function dropAuthorCard(blocks: Block[]): Block[] | null {
  // The portrait is the last picture, at most the note, a heading and a role line from the end.
  let at = -1;
  for (let i = blocks.length - 1; i > 0 && blocks.length - i <= BIO_MAX_PARAGRAPHS + 3; i--) {
    if (blocks[i]!.type === 'image') {
      at = i;
      break;
    }
  }
  if (at === -1) return null;
  const portrait = blocks[at]! as Extract<Block, { type: 'image' }>;
  const name = collapseWhitespace(portrait.alt).split(',')[0]!.trim();
  if (!ALT_NAME.test(name)) return null;
  const first = name.split(/[ -]/)[0]!;
  let j = at + 1;
  // The name again as the card's heading, and a role line ("Author", "Senior Editor").
  if (j < blocks.length && blocks[j]!.type === 'heading' && blockText(blocks[j]!).trim() === name) j++;
  if (j < blocks.length && blocks[j]!.type === 'paragraph') {
    const role = collapseWhitespace(blockText(blocks[j]!));
    if (!goesOn(role, name, first) && role.split(' ').length <= CARD_ROLE_MAX_WORDS) j++;
  }
  if (j >= blocks.length) return null;
  let noteChars = 0;
  for (let k = j; k < blocks.length; k++) {
    const b = blocks[k]!;
    if (b.type !== 'paragraph' || k - j >= BIO_MAX_PARAGRAPHS) return null;
    const text = collapseWhitespace(inlineText(b.children));
    if (text.length > BIO_MAX_CHARS) return null;
    if (k === j && !goesOn(text, name, first)) return null;
    noteChars += text.length;
  }
  let rest = 0;
  for (let k = 0; k < at && rest <= noteChars; k++) rest += blockText(blocks[k]!).length;
  // The card's own heading before the portrait ("About the author").
  const from =
    blocks[at - 1]!.type === 'heading' && blockText(blocks[at - 1]!).split(' ').length <= CARD_HEADING_MAX_WORDS
      ? at - 1
      : at;
  return rest > noteChars ? blocks.slice(0, from) : null;
}

/** The (collapsed) text opens with the name, or its first word, and goes on as a sentence about
 *  them ("Lauren has written ...", "Matt Frankel, CFP, is ..."). */
function goesOn(text: string, name: string, first: string): boolean {
  for (const n of [name, first]) {
    if (!text.startsWith(n)) continue;
    const after = text.slice(n.length);
    if (GOES_ON.test(after) || after.startsWith(', ')) return true;
  }
  return false;
}

function dropDeclaredNote(blocks: Block[], authors: () => readonly string[]): Block[] {
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
