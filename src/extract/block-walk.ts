// The walk through a block model's containers: into quotes and list items, to each leaf block
// (a heading, paragraph, table, code block, image or rule) in reading order. What reads text,
// links or lines out of blocks, and what rebuilds blocks leaf by leaf, goes through here.
import type { Block, ListItem } from './blocks.js';

/** A block that holds no blocks: what the walk stops at. */
export type LeafBlock = Exclude<Block, { type: 'quote' } | { type: 'list' }>;

/** Each leaf block inside `blocks`, in reading order (a quote's and a list item's blocks where
 *  they stand). By stack rather than recursion, so that a caller may stop early (`break`). */
export function* leafBlocks(blocks: readonly Block[]): Generator<LeafBlock, void, undefined> {
  const stack: Block[] = [];
  for (let i = blocks.length - 1; i >= 0; i--) stack.push(blocks[i]!);
  while (stack.length > 0) {
    const b = stack.pop()!;
    if (b.type === 'quote') {
      for (let i = b.children.length - 1; i >= 0; i--) stack.push(b.children[i]!);
    } else if (b.type === 'list') {
      for (let i = b.items.length - 1; i >= 0; i--) {
        const kids = b.items[i]!.children;
        for (let j = kids.length - 1; j >= 0; j--) stack.push(kids[j]!);
      }
    } else yield b;
  }
}

/**
 * `blocks` rebuilt with each leaf block replaced by `map`'s answer (null: it goes), the leaves
 * met in reading order (a `map` may keep state across them). Quotes and lists are new objects
 * around the new leaves. With `dropEmpty`, a quote, list item or list left with no blocks goes
 * too (one that came empty included); without it, every container stays.
 * Recursive: a block model nests at most MAX_CONTAINER_DEPTH containers (to-blocks).
 */
export function mapLeafBlocks(
  blocks: readonly Block[],
  map: (leaf: LeafBlock) => Block | null,
  dropEmpty = false,
): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    if (b.type === 'quote') {
      const children = mapLeafBlocks(b.children, map, dropEmpty);
      if (!dropEmpty || children.length > 0) out.push({ type: 'quote', children });
    } else if (b.type === 'list') {
      const items = [];
      for (const item of b.items) {
        const children = mapLeafBlocks(item.children, map, dropEmpty);
        if (!dropEmpty || children.length > 0) items.push(itemWith(item, children));
      }
      if (!dropEmpty || items.length > 0) out.push({ ...b, items });
    } else {
      const leaf = map(b);
      if (leaf !== null) out.push(leaf);
    }
  }
  return out;
}

/** A list item with other blocks, its task box and number kept. */
export function itemWith(item: Pick<ListItem, 'checked' | 'number'>, children: Block[]): ListItem {
  const out: ListItem = { children };
  if (item.checked !== undefined) out.checked = item.checked;
  if (item.number !== undefined) out.number = item.number;
  return out;
}

/** The number each item of a list shows (ListItem.number). */
export function itemNumbers(list: Extract<Block, { type: 'list' }>): number[] {
  let next = list.start ?? 1;
  return list.items.map((item) => {
    const n = item.number ?? next;
    next = n + 1;
    return n;
  });
}
