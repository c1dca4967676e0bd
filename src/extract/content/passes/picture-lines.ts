// In a card grid a card's pictures are often links too (a carousel of the item's photos), and a
// linked picture reads as its alt text: the item's name again, once per photo ("Water bottle 0",
// "Water bottle 1"). When the card names its item in its own text, lines that are nothing but
// linked pictures whose label the grid's text already holds go; a picture that is the only name
// of its item (a logo, a card titled only by its photo) stays.
import type { Block, Inline, ListItem } from '../../blocks.js';
import { isWrapper } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { LABEL_PREFIX } from '../thresholds/passes.js';
import { itemWith } from '../../block-walk.js';

export function dropPictureLines(blocks: Block[]): Block[] {
  // Most readings hold no picture line, and their text is neither squeezed nor even gathered:
  // strip then only asks whether there is any text, and the first line of text answers.
  if (!hasPictureLine(blocks)) return hasText(blocks) ? strip(blocks, '') : blocks;
  const parts: string[] = [];
  textOf(blocks, parts);
  const text = squeeze(parts.join(' '));
  if (text === '') return blocks;
  return strip(blocks, text);
}

/** A card grid read from its section prints each card's own text, its title link included: a
 *  line of linked pictures alone there is the card's photo, read as alt text no reader sees (the
 *  card's name again, a description of the photo, a badge), and goes whatever its label. */
export function dropCardPictures(blocks: Block[]): Block[] {
  return hasPictureLine(blocks) ? strip(blocks, null) : blocks;
}

/** What squeeze keeps. */
const NOT_SPACE = /\S/;

/** Some line textOf gathers has a character squeeze keeps (the same lines, in the same order). */
function hasText(blocks: Block[]): boolean {
  for (const b of blocks) {
    if (b.type === 'paragraph' || b.type === 'heading') {
      if (!picturesOnly(b.children) && NOT_SPACE.test(inlineText(b.children))) return true;
    } else if (b.type === 'list') {
      for (const it of b.items) if (hasText(it.children)) return true;
    } else if (b.type === 'quote') {
      if (hasText(b.children)) return true;
    } else if (b.type === 'table') {
      for (const row of b.rows)
        for (const cell of row.cells) if (NOT_SPACE.test(inlineText(cell.children))) return true;
    }
  }
  return false;
}

/** A paragraph strip would judge (a line of linked pictures alone), where strip looks. */
function hasPictureLine(blocks: Block[]): boolean {
  for (const b of blocks) {
    if (b.type === 'paragraph' && picturesOnly(b.children)) return true;
    if (b.type === 'list' && b.items.some((it) => hasPictureLine(it.children))) return true;
    if (b.type === 'quote' && hasPictureLine(b.children)) return true;
  }
  return false;
}

/** `blocks` without the named picture lines and the lists and quotes left empty; the same
 *  array (and the same lists and quotes) where nothing goes, which is most readings: the copy
 *  of every list and quote was made for nothing. */
function strip(blocks: Block[], text: string | null): Block[] {
  let out: Block[] | null = null;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    let next: Block | null = b;
    if (b.type === 'paragraph' && picturesOnly(b.children) && (text === null || named(b.children, text))) next = null;
    else if (b.type === 'list') {
      let items: ListItem[] | null = null;
      for (let k = 0; k < b.items.length; k++) {
        const it = b.items[k]!;
        const children = strip(it.children, text);
        const keep = children.length > 0 || it.children.length === 0;
        if ((!keep || children !== it.children) && !items) items = b.items.slice(0, k);
        if (items && keep) items.push(children === it.children ? it : itemWith(it, children));
      }
      const kept = items ?? b.items;
      next = kept.length === 0 ? null : items ? { ...b, items } : b;
    } else if (b.type === 'quote') {
      const children = strip(b.children, text);
      next = children.length === 0 ? null : children !== b.children ? { ...b, children } : b;
    }
    if (next !== b && !out) out = blocks.slice(0, i);
    if (out && next) out.push(next);
  }
  return out ?? blocks;
}

/** Inlines holding at least one picture inside a link and no text outside pictures. */
function picturesOnly(inlines: Inline[]): boolean {
  return linkedPictures(inlines, false) > 0;
}

/** The pictures inside links among `xs`, or -1 when they show text outside pictures (a plain
 *  function: this is asked of every line, and a closure made per line cost more than the
 *  walk, which stops at the first text of a line of prose). */
function linkedPictures(xs: Inline[], inLink: boolean): number {
  let pictures = 0;
  for (const x of xs) {
    if (x.type === 'text' || x.type === 'code') {
      if (x.text.trim() !== '') return -1;
    } else if (x.type === 'math') return -1;
    else if (x.type === 'image') {
      if (inLink) pictures++;
    } else if (isWrapper(x)) {
      const inner = linkedPictures(x.children, inLink || x.type === 'link');
      if (inner < 0) return -1;
      pictures += inner;
    }
  }
  return pictures;
}

/** The label the picture line reads as is already in the grid's text. */
function named(inlines: Inline[], text: string): boolean {
  const alts: string[] = [];
  const visit = (xs: Inline[]): void => {
    for (const x of xs) {
      if (x.type === 'image') alts.push(x.alt);
      else if (isWrapper(x)) visit(x.children);
    }
  };
  visit(inlines);
  const label = squeeze(alts.join(''));
  return (
    label === '' ||
    text.includes(label.slice(0, LABEL_PREFIX)) ||
    /^(?:may include|may be an image of|image of|photo of|picture of)/i.test(alts.join(' ').trim())
  );
}

function squeeze(s: string): string {
  return s.replace(/\s+/g, '').toLowerCase();
}

/** The text of the grid's lines that are not picture lines. */
function textOf(blocks: Block[], out: string[]): void {
  for (const b of blocks) {
    if ((b.type === 'paragraph' || b.type === 'heading') && !picturesOnly(b.children)) out.push(inlineText(b.children));
    else if (b.type === 'list') for (const it of b.items) textOf(it.children, out);
    else if (b.type === 'quote') textOf(b.children, out);
    else if (b.type === 'table')
      for (const row of b.rows) for (const cell of row.cells) out.push(inlineText(cell.children));
  }
}

/** A named picture printed again right after itself (a card's picture and its hover state, the same file in
 *  two layouts) is shown once. Unnamed ones stay: a run of them is a figure of its own (a rating's stars). */
export function dropRepeatedPictures(blocks: Block[]): Block[] {
  let out: Block[] | null = null;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const prev = blocks[i - 1];
    if (b.type === 'image' && prev?.type === 'image' && prev.src === b.src && b.alt !== '' && prev.alt === b.alt) {
      out ??= blocks.slice(0, i);
      continue;
    }
    if (out) out.push(b);
  }
  return out ?? blocks;
}
