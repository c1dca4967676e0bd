// How the block passes edit a run of blocks without copying it when nothing changes: a pass
// gives back the very array (and list) it was given when it leaves every block as it was, which
// is how explain's log (explain.ts) knows a pass left nothing out without comparing blocks.
import type { Block, ListItem } from '../../blocks.js';
import { itemWith } from '../../block-walk.js';

/** `blocks` with each block replaced by what `edit` gives for it (null: left out); `blocks`
 *  itself when `edit` gives every block back as it was. */
export function editBlocks(blocks: Block[], edit: (b: Block) => Block | null): Block[] {
  let out: Block[] | null = null;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const next = edit(b);
    if (next !== b && !out) out = blocks.slice(0, i);
    if (out && next) out.push(next);
  }
  return out ?? blocks;
}

/** The list with `f` applied to each item's blocks (the list itself when nothing changed). */
export function eachItem(list: Extract<Block, { type: 'list' }>, f: (blocks: Block[]) => Block[]): Block {
  let items: ListItem[] | null = null;
  for (let k = 0; k < list.items.length; k++) {
    const it = list.items[k]!;
    const children = f(it.children);
    if (children !== it.children && !items) items = list.items.slice(0, k);
    if (items) items.push(children === it.children ? it : itemWith(it, children));
  }
  return items ? { ...list, items } : list;
}

/** editBlocks over the run and, within its lists, over every item's blocks: `edit` sees every
 *  block that is not a list (where a thread set as a list keeps its posts). */
export function editLines(blocks: Block[], edit: (b: Block) => Block | null): Block[] {
  return editBlocks(blocks, (b) => (b.type === 'list' ? eachItem(b, (run) => editLines(run, edit)) : edit(b)));
}
