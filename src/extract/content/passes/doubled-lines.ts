// Lines printed twice in one: a shop sets a price, a date or a title in a visible span and
// again in a screen-reader-only one beside it ("EUR 163.12EUR 163.12"); the conversion reads
// both, glued. A line whose text is the same string twice over (nothing between) is that
// string once. And a long paragraph the page prints again further down (a product's
// description in its tab and again in a summary, a testimonial repeated by a carousel) is read
// once, and so is a list printed again within such a repeated stretch. Block-level, on the
// converted output's paragraphs, headings and top-level lists.
import type { Block, Inline } from '../../blocks.js';
import { blockText, inlineText } from '../../to-blocks/block-text.js';
import { dropCardControls } from './card-controls.js';
import { editBlocks, eachItem } from './edit-blocks.js';
import { SeenTexts } from './seen-texts.js';
import { MIN_HALF, NEAR, NEAR_MIN_CHARS, REPEAT_MIN_CHARS, VERSE_LINE_MAX_CHARS } from '../thresholds/passes.js';

/** `text` ends with `h`, no longer than it. Not String.prototype.endsWith: with `h` a slice of a
 *  long text (as here), it took 30-50 ms over the row-7 page's 11,849 lines, where comparing
 *  the text's own last slice with `h` takes under 1 ms. */
const endsWithPart = (text: string, h: string): boolean => text.slice(text.length - h.length) === h;

// Made once: a literal in a function is a new RegExp object each time (on every line here).
/** Global for its lastIndex, which half() sets before each search (nothing carries over). */
const DIGIT_FROM = /\d/g;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The half of `text` when it is one string twice over, else null. What the halves need is
 *  tested before they are sliced (most lines fail at once): the second half opens as the first,
 *  and a figure's line holds a digit in its second half (the one it is looked for in: a line
 *  that is its half twice holds one there exactly when its half does). */
function half(text: string): string | null {
  const n = text.length;
  if (n < 2 * MIN_HALF) return null;
  // A figure twice over with one space between ("$1,999.95 $1,999.95": a price and its
  // struck-through twin of the same amount) is the figure once.
  if (n % 2 !== 0) {
    const mid = (n - 1) / 2;
    if (text.charCodeAt(mid) !== 32 || text.charCodeAt(0) !== text.charCodeAt(mid + 1)) return null;
    DIGIT_FROM.lastIndex = mid + 1;
    if (!DIGIT_FROM.test(text)) return null;
    const h = text.slice(0, mid);
    return endsWithPart(text, h) && h.trim() === h ? h : null;
  }
  if (text.charCodeAt(0) !== text.charCodeAt(n / 2)) return null;
  const h = text.slice(0, n / 2);
  return endsWithPart(text, h) && LETTER_OR_DIGIT.test(h) && h.trim() === h ? h : null;
}

/** The inlines up to the point where their text reaches `h` (those after it when these are struck
 *  through: an old price beside its new twin, "~~$15.99~~ $15.99", reads as the price it is now),
 *  or one text node cut to it. */
function oneHalf(children: Inline[], h: string): Inline[] | null {
  let text = '';
  for (let k = 0; k < children.length; k++) {
    text += inlineText([children[k]!]);
    if (text.trimEnd() === h) {
      const first = children.slice(0, k + 1);
      return first.every((c) => c.type === 'delete') ? children.slice(k + 1) : first;
    }
    if (text.length > h.length + 1) break;
  }
  const only = children.length === 1 ? children[0]! : null;
  if (only && only.type === 'text') return [{ type: 'text', text: h }];
  return null;
}

/** Lines printed twice in one read once (see above), long paragraphs printed again later
 *  read once, and the buttons printed on every card left out (card-controls.ts). */
export function undoubleLines(blocks: Block[]): Block[] {
  return dropCardControls(undoubleTop(blocks));
}

/** The paragraph's lines are the author's (broken with <br>), each short: verse. */
function isVerse(children: Inline[]): boolean {
  let lines = 1;
  let line = 0;
  for (const c of children) {
    if (c.type === 'break') {
      lines++;
      line = 0;
      continue;
    }
    line +=
      c.type === 'text' || c.type === 'code'
        ? c.text.length
        : c.type === 'math'
          ? c.tex.length
          : c.type === 'image'
            ? 0
            : inlineText(c.children).length;
    if (line > VERSE_LINE_MAX_CHARS) return false;
  }
  return lines > 1;
}

/**
 * The top level read with undoubleEach, and then its paragraphs repeating an earlier one word
 * for word (the reading's top level) dropped, with the lists repeating an earlier one whose
 * nearest long paragraph before them was such a repeat: in one walk, so that each line's text is read
 * once for both (a line undoubled reads as its half, the text of the first-half inlines).
 * Returns `blocks` itself when nothing changes.
 */
export function undoubleTop(blocks: Block[]): Block[] {
  let seen: SeenTexts | null = null;
  let inRepeat = false;
  return editBlocks(blocks, (b) => {
    if (b.type === 'paragraph' || b.type === 'heading') {
      let text = inlineText(b.children);
      const h = half(text);
      const children = h !== null ? oneHalf(b.children, h) : null;
      const next: Block = children ? { ...b, children } : b;
      if (children) text = h!;
      if (b.type === 'paragraph') {
        text = text.trim();
        if (text.length >= REPEAT_MIN_CHARS && !isVerse(children ?? b.children)) {
          seen ??= new SeenTexts();
          inRepeat = !seen.add(text);
          if (inRepeat) return null;
        }
      }
      return next;
    }
    if (b.type === 'list') {
      // A list printed again in a section the page prints twice (one copy per screen width,
      // both in the markup: the long paragraph before it was a repeat too) is read once. A list
      // repeated under new words stays: two plans or packages share their features.
      const text = blockText(b).trim();
      if (text.length >= REPEAT_MIN_CHARS && !(seen ??= new SeenTexts()).add(text) && inRepeat) return null;
      return eachItem(b, undoubleEach);
    }
    if (b.type === 'quote') return unquoted(b, (seen ??= new SeenTexts()));
    return b;
  });
}

/** A quote without its long paragraphs that repeat one printed before it (a reply quoting the
 *  post it answers, which the thread printed in full above), nested quotes likewise; null when
 *  nothing is left of it. */
function unquoted(quote: Extract<Block, { type: 'quote' }>, seen: SeenTexts): Block | null {
  const children = editBlocks(quote.children, (b) => {
    if (b.type === 'quote') return unquoted(b, seen);
    if (b.type !== 'paragraph') return b;
    const text = inlineText(b.children).trim();
    if (text.length < REPEAT_MIN_CHARS) return b;
    return seen.add(text) ? b : null;
  });
  if (children.length === 0) return null;
  return children === quote.children ? quote : { ...quote, children };
}

/** Lines printed twice in one read once, in a run of blocks and in its lists' items. */
function undoubleEach(blocks: Block[]): Block[] {
  let out: Block[] | null = null;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    let next: Block = b;
    if (b.type === 'paragraph' || b.type === 'heading') {
      const h = half(inlineText(b.children));
      const children = h !== null ? oneHalf(b.children, h) : null;
      if (children) next = { ...b, children };
    } else if (b.type === 'list') {
      next = eachItem(b, undoubleEach);
    }
    if (next !== b && !out) out = blocks.slice(0, i);
    if (out) out.push(next);
  }
  return out ?? blocks;
}

/** In a grid's reading, a paragraph or heading repeating one of the few blocks just before it
 *  (a card's title as a stretched overlay link and again as its heading) is read once. */
export function dropNearRepeats(blocks: Block[]): Block[] {
  let out: Block[] | null = null;
  const recent: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    // A card set as a list item repeats its title inside the item.
    const next = b.type === 'list' ? eachItem(b, dropNearRepeats) : b;
    const text = lineText(b);
    const drop = text.length >= NEAR_MIN_CHARS && recent.includes(text);
    recent.push(text);
    if (recent.length > NEAR) recent.shift();
    if ((drop || next !== b) && !out) out = blocks.slice(0, i);
    if (!drop && out) out.push(next);
  }
  return out ?? blocks;
}

/** The text of a paragraph or heading, '' for other blocks. */
function lineText(b: Block): string {
  return b.type === 'paragraph' || b.type === 'heading' ? inlineText(b.children).trim() : '';
}

/** A card's line printed again right after itself (its title as a linked overlay, again as its
 *  heading and as a hidden copy; a price and its "sale price" twin) is read once: in a run of
 *  blocks (the top level, or a list item's blocks), a paragraph or heading whose text is the
 *  previous one's (pictures between them skipped) goes; a heading replaces the paragraph it
 *  repeats. Lines without a letter or digit (a code-like "}" or a rule of dashes) stay. */
export function dropAdjacentRepeats(blocks: Block[]): Block[] {
  let out: Block[] | null = null;
  let prevText = '';
  let prevAt = -1;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const next: Block = b.type === 'list' ? eachItem(b, dropAdjacentRepeats) : b;
    const text = lineText(b);
    if (b.type === 'image') {
      if (out) out.push(b);
      continue;
    }
    if (text !== '' && text === prevText && LETTER_OR_DIGIT.test(text)) {
      out ??= blocks.slice(0, i);
      if (b.type === 'heading' && out[prevAt]?.type === 'paragraph') {
        out.splice(prevAt, 1);
        out.push(b);
        prevAt = out.length - 1;
      }
      continue;
    }
    if (next !== b) out ??= blocks.slice(0, i);
    if (out) out.push(next);
    prevText = text;
    prevAt = out ? out.length - 1 : i;
  }
  return out ?? blocks;
}

/** A heading printed again right after itself is read once: a card or section sets its title in
 *  two places (one for each layout or state, the stylesheet showing one), and nothing between
 *  them. Headings only: a paragraph said twice may be a quoted reply or a refrain; a section title
 *  straight under the same title says nothing new. Pictures between them are skipped. */
export function dropRepeatedHeadings(blocks: Block[]): Block[] {
  let out: Block[] | null = null;
  let prev = '';
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type === 'image') {
      if (out) out.push(b);
      continue;
    }
    const text = b.type === 'heading' ? inlineText(b.children).trim() : '';
    if (text !== '' && text === prev && LETTER_OR_DIGIT.test(text)) {
      out ??= blocks.slice(0, i);
      continue;
    }
    if (out) out.push(b);
    prev = text;
  }
  return out ?? blocks;
}

/** A line set just above a heading that says the same is the heading's echo: a hero or banner prints the
 *  page's title as display text over its `<h1>` (a page builder's text module), and the heading stays.
 *  Only a paragraph straight above (pictures between skipped): a line under a heading restates it on purpose. */
export function dropHeadingEchoes(blocks: Block[]): Block[] {
  let out: Block[] | null = null;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type === 'paragraph') {
      let j = i + 1;
      while (blocks[j]?.type === 'image') j++;
      const next = blocks[j];
      const text = inlineText(b.children).trim();
      if (next?.type === 'heading' && LETTER_OR_DIGIT.test(text) && inlineText(next.children).trim() === text) {
        out ??= blocks.slice(0, i);
        continue;
      }
    }
    if (out) out.push(b);
  }
  return out ?? blocks;
}
