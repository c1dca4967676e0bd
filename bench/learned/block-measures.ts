// A block's shape as the learned block models read it (docs/learned-extraction.md): its lines,
// characters, links, list items and punctuation. Measures of text only; none names a site, a class
// or a phrase. Every dump of bench/learned/ takes them from here (one copy).
import type { Block, Inline } from '../../src/extract/blocks.js';

/** A line this short is a menu entry, a label or a card's title, not prose. */
const SHORT_LINE = 40;

/** The lines of some blocks (a heading, a paragraph, a list item's, a table row) and their measures. */
export interface LineProfile {
  lines: string[];
  chars: number;
  blocks: number;
  headings: number;
  listItems: number;
  linkChars: number;
  shortLines: number;
}

export function profileBlocks(blocks: readonly Block[]): LineProfile {
  const p: LineProfile = {
    lines: [],
    chars: 0,
    blocks: blocks.length,
    headings: 0,
    listItems: 0,
    linkChars: 0,
    shortLines: 0,
  };
  for (const b of blocks) addBlock(b, p);
  for (const line of p.lines) {
    p.chars += line.length;
    if (line.length < SHORT_LINE) p.shortLines++;
  }
  return p;
}

function addBlock(b: Block, p: LineProfile): void {
  switch (b.type) {
    case 'heading':
      p.headings++;
      p.lines.push(inlineText(b.children, p));
      return;
    case 'paragraph':
      p.lines.push(inlineText(b.children, p));
      return;
    case 'list':
      for (const item of b.items) {
        p.listItems++;
        for (const kid of item.children) addBlock(kid, p);
      }
      return;
    case 'quote':
      for (const kid of b.children) addBlock(kid, p);
      return;
    case 'table':
      for (const row of b.rows) p.lines.push(row.cells.map((c) => inlineText(c.children, p)).join(' '));
      return;
    case 'code':
      p.lines.push(b.text);
      return;
    case 'image':
      if (b.caption) p.lines.push(inlineText(b.caption, p));
      return;
    case 'rule':
      return;
  }
}

function inlineText(inlines: Inline[], p: LineProfile, inLink = false): string {
  let s = '';
  for (const n of inlines) {
    if (n.type === 'text' || n.type === 'code') {
      s += n.text;
      if (inLink) p.linkChars += n.text.length;
    } else if (n.type === 'link') s += inlineText(n.children, p, true);
    else if (n.type === 'emphasis' || n.type === 'strong') s += inlineText(n.children, p, inLink);
    else if (n.type === 'break') s += ' ';
  }
  return s.trim();
}

/** Counts of digits, full stops/question/exclamation marks, commas and upper-case letters. */
export function charCounts(text: string): {
  digits: number;
  stops: number;
  commas: number;
  upper: number;
  letters: number;
} {
  let digits = 0;
  let stops = 0;
  let commas = 0;
  let upper = 0;
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 || c === 33 || c === 63 || c === 0x3002) stops++;
    else if (c === 44 || c === 0x3001 || c === 0xff0c) commas++;
    else if (c >= 65 && c <= 90) {
      upper++;
      letters++;
    } else if (c >= 97 && c <= 122) letters++;
  }
  return { digits, stops, commas, upper, letters };
}

export function endsSentence(line: string): boolean {
  const c = line.charCodeAt(line.length - 1);
  return c === 46 || c === 33 || c === 63 || c === 0x3002 || c === 58;
}

export const BLOCK_KINDS: ReadonlyArray<Block['type']> = [
  'heading',
  'paragraph',
  'list',
  'quote',
  'table',
  'code',
  'image',
  'rule',
];

export const log1p = (n: number): number => Math.log(1 + n);
export const share = (n: number, of: number): number => (of > 0 ? n / of : 0);

/** A block's own measures, as bench/learned/block-features.ts's columns of the same names (the
 *  labeller's training data was dumped with them): kind, heading level, log chars, link share,
 *  lines, list items, mean line, short-line share, digit, stop, comma and upper-case shares,
 *  sentence-end share. `profile` is profileBlocks([block]). */
export function ownMeasures(block: Block, profile: LineProfile): number[] {
  const p = profile;
  const c = charCounts(p.lines.join('\n'));
  return [
    BLOCK_KINDS.indexOf(block.type),
    block.type === 'heading' ? block.level : 0,
    log1p(p.chars),
    share(p.linkChars, p.chars),
    p.lines.length,
    p.listItems,
    share(p.chars, p.lines.length),
    share(p.shortLines, p.lines.length),
    share(c.digits, p.chars),
    share(c.stops, p.chars),
    share(c.commas, p.chars),
    share(c.upper, c.letters),
    share(p.lines.filter(endsSentence).length, p.lines.length),
  ];
}
