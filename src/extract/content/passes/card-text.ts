// Cards wrapped whole in their link: a news front or a blog index often sets each teaser as
// one <a> around its kicker, headline and description. Converted, every line of the card is
// a link to the same page, and the link-line pruning then drops the description as
// navigation, keeping the headline only (headings are not link-pruned). A careful reader
// reads the description as the card's text: the headline stays the link, the lines under it
// in the same link are plain text. A card whose lines are all short labels and values
// ("Duration" / "8 Min"), none a price, keeps them as one line of text. Block-level, on the
// converted output only.
import type { Block, Inline, ListItem } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { PRICE } from '../../vocabulary/text-patterns.js';
import { CARD_TEXT_MIN_CARDS, CARD_TEXT_MIN_WORDS } from '../thresholds/passes.js';

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

function isProse(block: Block): boolean {
  if (block.type !== 'paragraph') return false;
  let words = 0;
  for (const w of inlineText(block.children).split(/\s+/))
    if (/\p{L}{2}/u.test(w) && ++words >= CARD_TEXT_MIN_WORDS) return true;
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

/** The label lines of a card run: paragraphs with words, not pictures. */
function labelLines(blocks: Block[], s: number, e: number): number[] {
  const at: number[] = [];
  for (let k = s; k < e; k++) {
    const b = blocks[k]!;
    if (b.type === 'paragraph' && inlineText(b.children).trim() !== '' && !b.children.every(pictureOnly)) at.push(k);
  }
  return at;
}

function pictureOnly(i: Inline): boolean {
  if (i.type === 'image') return true;
  if (i.type === 'text') return i.text.trim() === '';
  return i.type === 'link' && i.children.every(pictureOnly);
}

/** A card whose lines under the headline are all short labels and values ("Duration", "8 Min",
 *  "Difficulty", "Easy"), none of them prose or a price: the card's facts, not a product's
 *  offer. */
function labelCard(blocks: Block[], lines: number[]): boolean {
  if (lines.length < 2) return false;
  for (const k of lines) {
    const b = blocks[k]!;
    if (isProse(b) || PRICE.test(inlineText((b as Extract<Block, { type: 'paragraph' }>).children))) return false;
  }
  return true;
}

/** The card's label lines read as one line of text where the first stood. */
function joinLabels(out: Block[], lines: number[]): void {
  const text = lines
    .map((k) => inlineText((out[k] as Extract<Block, { type: 'paragraph' }>).children).trim())
    .join(' ');
  for (let i = lines.length - 1; i >= 1; i--) out.splice(lines[i]!, 1);
  out[lines[0]!] = { type: 'paragraph', children: [{ type: 'text', text }] };
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

/** Where the card runs are, found once: the runs at this level, and those of each list
 *  item's blocks (by the list's position and the item's), with their total count. */
interface CardMap {
  runs: Array<[number, number]>;
  items: Array<{ at: number; item: number; map: CardMap }>;
  total: number;
}

function mapCards(blocks: Block[]): CardMap {
  const runs = cardRuns(blocks);
  const items: CardMap['items'] = [];
  let total = runs.length;
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k]!;
    if (b.type !== 'list') continue;
    for (let i = 0; i < b.items.length; i++) {
      const map = mapCards(b.items[i]!.children);
      if (map.total === 0) continue;
      items.push({ at: k, item: i, map });
      total += map.total;
    }
  }
  return { runs, items, total };
}

/** The blocks with the mapped runs' descriptions unwrapped (copies only what changes). */
function rewrite(blocks: Block[], map: CardMap): Block[] {
  const out = blocks.slice();
  for (const { at, item, map: inner } of map.items) {
    const list = out[at] as Extract<Block, { type: 'list' }>;
    const items: ListItem[] = list.items.slice();
    items[item] = { children: rewrite(items[item]!.children, inner) };
    out[at] = { ...list, items };
  }
  // From the last run back (after the lists, whose places are counted in the blocks as
  // given): a card's joined labels take fewer blocks.
  for (let r = map.runs.length - 1; r >= 0; r--) {
    const [s, e] = map.runs[r]!;
    const lines = labelLines(out, s, e);
    if (labelCard(out, lines)) joinLabels(out, lines);
    else for (let k = s; k < e; k++) if (out[k]!.type === 'paragraph') out[k] = unwrapped(out[k]!);
  }
  return out;
}

/** The lines under a card's linked headline, in the same link, read as the card's text. */
export function unwrapCardText(blocks: Block[]): Block[] {
  const map = mapCards(blocks);
  return map.total >= CARD_TEXT_MIN_CARDS ? rewrite(blocks, map) : blocks;
}
