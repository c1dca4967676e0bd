// In a card grid a card's pictures are often links too (a carousel of the item's photos), and a
// linked picture reads as its alt text: the item's name again, once per photo ("Water bottle 0",
// "Water bottle 1"). When the card names its item in its own text, lines that are nothing but
// linked pictures whose label the grid's text already holds go; a picture that is the only name
// of its item (a logo, a card titled only by its photo) stays.
import type { Block, Inline, ListItem } from '../blocks.js';
import { inlineText } from '../to-blocks.js';

/** This much of a picture's label (spaces left out) found in the grid's text names it there. */
const LABEL_PREFIX = 24;

export function dropPictureLines(blocks: Block[]): Block[] {
  const parts: string[] = [];
  textOf(blocks, parts);
  // Most readings hold no picture line, and their text is not squeezed (a copy of all of it):
  // strip then only asks whether there is any text.
  if (!hasPictureLine(blocks)) return parts.some((t) => NOT_SPACE.test(t)) ? strip(blocks, '') : blocks;
  const text = squeeze(parts.join(' '));
  if (text === '') return blocks;
  return strip(blocks, text);
}

/** What squeeze keeps. */
const NOT_SPACE = /\S/;

/** A paragraph strip would judge (a line of linked pictures alone), where strip looks. */
function hasPictureLine(blocks: Block[]): boolean {
  for (const b of blocks) {
    if (b.type === 'paragraph' && picturesOnly(b.children)) return true;
    if (b.type === 'list' && b.items.some((it) => hasPictureLine(it.children))) return true;
    if (b.type === 'quote' && hasPictureLine(b.children)) return true;
  }
  return false;
}

function strip(blocks: Block[], text: string): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    if (b.type === 'paragraph' && picturesOnly(b.children) && named(b.children, text)) continue;
    if (b.type === 'list') {
      const items: ListItem[] = [];
      for (const it of b.items) {
        const children = strip(it.children, text);
        if (children.length > 0 || it.children.length === 0) items.push({ children });
      }
      if (items.length > 0) out.push({ ...b, items });
      continue;
    }
    if (b.type === 'quote') {
      const children = strip(b.children, text);
      if (children.length > 0) out.push({ ...b, children });
      continue;
    }
    out.push(b);
  }
  return out;
}

/** Inlines holding at least one picture inside a link and no text outside pictures. */
function picturesOnly(inlines: Inline[]): boolean {
  let pictures = 0;
  const visit = (xs: Inline[], inLink: boolean): boolean => {
    for (const x of xs) {
      if (x.type === 'text' || x.type === 'code') {
        if (x.text.trim() !== '') return false;
      } else if (x.type === 'image') {
        if (inLink) pictures++;
      } else if (x.type === 'link') {
        if (!visit(x.children, true)) return false;
      } else if (x.type === 'emphasis' || x.type === 'strong') {
        if (!visit(x.children, inLink)) return false;
      }
    }
    return true;
  };
  return visit(inlines, false) && pictures > 0;
}

/** The label the picture line reads as is already in the grid's text. */
function named(inlines: Inline[], text: string): boolean {
  const alts: string[] = [];
  const visit = (xs: Inline[]): void => {
    for (const x of xs) {
      if (x.type === 'image') alts.push(x.alt);
      else if (x.type === 'link' || x.type === 'emphasis' || x.type === 'strong') visit(x.children);
    }
  };
  visit(inlines);
  const label = squeeze(alts.join(''));
  return label === '' || text.includes(label.slice(0, LABEL_PREFIX)) || /^(?:may include|may be an image of|image of|photo of|picture of)/i.test(alts.join(' ').trim());
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
    else if (b.type === 'table') for (const row of b.rows) for (const cell of row.cells) out.push(inlineText(cell.children));
  }
}
