// The words of a block's place in the page, for a learned block filter (docs/learned-extraction.md):
// the tag and class/id words of the element a block was read from and of its ancestors. The words
// are features only; which of them count, and how much, is learned on the tune split.
import type { Element } from 'domhandler';
import type { Block } from '../../src/extract/blocks.js';
import { classAndId, isElement } from '../../src/extract/dom/walk.js';
import { blockText } from '../../src/extract/to-blocks/block-text.js';

/** Ancestors read above a block's element: past a dozen levels the words are the page's frame. */
const MAX_ANCESTORS = 12;

/** The class/id words of one element: lower case, split at anything not a letter or digit. */
function words(el: Element): string[] {
  return classAndId(el)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && w.length < 30);
}

/** "own" words (the block's element: its tag and class/id words) and "up" words (its ancestors'). */
export interface BlockPlace {
  own: string[];
  up: string[];
}

export function blockPlace(el: Element | undefined): BlockPlace {
  if (!el) return { own: [], up: [] };
  const up = new Set<string>();
  let n = 0;
  for (let p = el.parent; p && isElement(p) && p.name !== 'body' && n < MAX_ANCESTORS; p = p.parent, n++) {
    up.add(p.name);
    for (const w of words(p)) up.add(w);
  }
  return { own: [el.name, ...words(el)], up: [...up] };
}

/** The element each of `blocks` was read from: noted by the conversion (`origins`), else that of
 *  a block of the same text the reading made, else that of the block before (a pass rewrote it). */
export function blockOrigins(
  blocks: readonly Block[],
  read: readonly Block[],
  origins: ReadonlyMap<Block, Element>,
): Array<Element | undefined> {
  const byText = new Map<string, Element>();
  for (const b of read) {
    const el = origins.get(b);
    if (el) byText.set(blockText(b), el);
  }
  const out: Array<Element | undefined> = [];
  let last: Element | undefined;
  for (const b of blocks) {
    const el = origins.get(b) ?? byText.get(blockText(b)) ?? last;
    out.push(el);
    last = el;
  }
  return out;
}
