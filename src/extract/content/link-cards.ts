// Cards wrapped whole in their link: a news front or a blog index often sets each teaser as
// one <a> around its kicker, headline and description. Converted, every line of the card is
// a link to the same page, and the link-line pruning then drops the description as
// navigation, keeping the headline only (headings are not link-pruned). A careful reader
// reads the description as the card's text: the headline stays the link, the lines under it
// in the same link are plain text. Block-level, on the converted output only.
import type { Block, Inline, ListItem } from '../blocks.js';
import { inlineText } from '../to-blocks.js';

/** A page shows at least this many such cards (a grid of them, not one linked box). */
const MIN_CARDS = 4;

/** The href of a block that is nothing but one link (spaces aside), or null. */
function soleLink(block: Block): string | null {
  if (block.type !== 'paragraph' && block.type !== 'heading') return null;
  let href: string | null = null;
  for (const c of block.children) {
    if (c.type === 'text' && c.text.trim() === '') continue;
    if (c.type !== 'link' || c.href === null || href !== null) return null;
    href = c.href;
  }
  return href;
}

/** A description reads as words (four or more), not a price, a rating or a label. */
const MIN_WORDS = 4;

function isProse(block: Block): boolean {
  if (block.type !== 'paragraph') return false;
  let words = 0;
  for (const w of inlineText(block.children).split(/\s+/)) if (/\p{L}{2}/u.test(w) && ++words >= MIN_WORDS) return true;
  return false;
}

/** The link's content in place of the link. */
function unwrapped(block: Block): Block {
  if (block.type !== 'paragraph' || !isProse(block)) return block;
  const children: Inline[] = [];
  for (const c of block.children) {
    if (c.type === 'link') children.push(...c.children);
    else children.push(c);
  }
  return { type: 'paragraph', children };
}

/** Runs of blocks wholly linked to one page holding a heading: [start, end) pairs. */
function cardRuns(blocks: Block[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let i = 0;
  while (i < blocks.length) {
    const href = soleLink(blocks[i]!);
    if (href === null) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < blocks.length && soleLink(blocks[j]!) === href) j++;
    let heading = false;
    let paragraph = false;
    for (let k = i; k < j; k++) {
      if (blocks[k]!.type === 'heading') heading = true;
      else paragraph = true;
    }
    if (heading && paragraph) runs.push([i, j]);
    i = j;
  }
  return runs;
}

function count(blocks: Block[]): number {
  let n = cardRuns(blocks).length;
  for (const b of blocks) if (b.type === 'list') for (const it of b.items) n += count(it.children);
  return n;
}

function rewrite(blocks: Block[]): Block[] {
  const runs = cardRuns(blocks);
  let out = blocks;
  if (runs.length > 0) {
    out = blocks.slice();
    for (const [s, e] of runs) for (let k = s; k < e; k++) if (out[k]!.type === 'paragraph') out[k] = unwrapped(out[k]!);
  }
  let copied = out !== blocks;
  for (let k = 0; k < out.length; k++) {
    const b = out[k]!;
    if (b.type !== 'list') continue;
    let changed = false;
    const items: ListItem[] = b.items.map((it) => {
      const c = rewrite(it.children);
      if (c !== it.children) changed = true;
      return c === it.children ? it : { children: c };
    });
    if (!changed) continue;
    if (!copied) {
      out = out.slice();
      copied = true;
    }
    out[k] = { ...b, items };
  }
  return out;
}

/** The lines under a card's linked headline, in the same link, read as the card's text. */
export function unwrapCardText(blocks: Block[]): Block[] {
  return count(blocks) >= MIN_CARDS ? rewrite(blocks) : blocks;
}
