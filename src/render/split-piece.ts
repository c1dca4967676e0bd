// Where a part of the content may end inside a top-level block: between the items of a list,
// the rows of a table and the children of a quote (layout.ts turns these into positions).
import { itemNumbers } from '../extract/block-walk.js';
import type { Block } from '../extract/blocks.js';

export interface Piece {
  block: Block;
  /** Index of the top-level block this piece came from (split pieces share it). */
  origin: number;
}

/** Pieces that may be split further when they do not fit, or null when atomic. */
export function splitPiece(p: Piece): Piece[] | null {
  const b = p.block;
  if (b.type === 'list' && b.items.length > 1) {
    const numbers = itemNumbers(b);
    return b.items.map((item, i) => ({
      origin: p.origin,
      block: { ...b, start: b.ordered ? numbers[i]! : null, items: [item] },
    }));
  }
  if (b.type === 'table' && b.rows.length > 1)
    return b.rows.map((row) => ({ origin: p.origin, block: { type: 'table', rows: [row] } }));
  if (b.type === 'quote' && b.children.length > 1)
    return b.children.map((c) => ({ origin: p.origin, block: { type: 'quote', children: [c] } }));
  return null;
}
