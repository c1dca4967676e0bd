// max_chars: keep the longest prefix of blocks whose rendering fits, cutting only between
// blocks, list items or table rows: never inside a code block, a table row or a paragraph
// (except when not even the first paragraph fits; see cutWords).
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
    const start = b.start ?? 1;
    return b.items.map((item, i) => ({
      origin: p.origin,
      block: { ...b, start: b.ordered ? start + i : null, items: [item] },
    }));
  }
  if (b.type === 'table' && b.rows.length > 1)
    return b.rows.map((row) => ({ origin: p.origin, block: { type: 'table', rows: [row] } }));
  if (b.type === 'quote' && b.children.length > 1)
    return b.children.map((c) => ({ origin: p.origin, block: { type: 'quote', children: [c] } }));
  return null;
}

/** Joins consecutive pieces of the same split block back into one block. */
export function mergePieces(pieces: Piece[]): Block[] {
  const out: Block[] = [];
  let lastOrigin = -1;
  for (const p of pieces) {
    const prev = out[out.length - 1];
    const b = p.block;
    if (prev && p.origin === lastOrigin) {
      if (prev.type === 'list' && b.type === 'list') {
        out[out.length - 1] = { ...prev, items: [...prev.items, ...b.items] };
        continue;
      }
      if (prev.type === 'table' && b.type === 'table') {
        out[out.length - 1] = { type: 'table', rows: [...prev.rows, ...b.rows] };
        continue;
      }
      if (prev.type === 'quote' && b.type === 'quote') {
        out[out.length - 1] = { type: 'quote', children: [...prev.children, ...b.children] };
        continue;
      }
    }
    out.push(b);
    lastOrigin = p.origin;
  }
  return out;
}

export interface FitResult {
  blocks: Block[];
  truncated: boolean;
}

/**
 * Greedy fit of blocks that do not all fit into maxChars (the caller checked). `measure` gives the rendered length of one piece,
 * `separator` the characters between two pieces, `budget` what is left after the title;
 * `render` renders a candidate list of blocks so the final length is checked exactly (joining
 * separately measured pieces can differ by a few characters in markdown).
 */
export function fitBlocks(
  blocks: Block[],
  budget: number,
  separator: number,
  measure: (b: Block) => number,
  render: (bs: Block[]) => number,
): FitResult {
  // A stack with the next piece on top: shift() on a page of thousands of blocks is quadratic.
  const stack: Piece[] = blocks.map((block, origin) => ({ block, origin })).reverse();
  const kept: Piece[] = [];
  let used = 0;
  while (stack.length) {
    const p = stack.pop()!;
    const len = measure(p.block);
    if (len === 0) continue;
    const need = (kept.length ? separator : 0) + len;
    if (used + need <= budget) {
      kept.push(p);
      used += need;
      continue;
    }
    const parts = splitPiece(p);
    if (!parts) break;
    for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
  }
  const all = mergePieces(kept);
  if (render(all) <= budget) return { blocks: all, truncated: true };
  // Joined rendering came out longer than the pieces measured apart (a list turned loose by
  // one multi-paragraph item, say): find the longest prefix that fits by bisection, since
  // dropping one piece at a time would re-render the whole prefix once per piece.
  let lo = 0;
  let hi = kept.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (render(mergePieces(kept.slice(0, mid))) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return { blocks: mergePieces(kept.slice(0, lo)), truncated: true };
}

const words = new Intl.Segmenter('und', { granularity: 'word' });
const WINDOW = 256;

/**
 * Last resort when nothing fits: plain text cut at the last word boundary within max
 * characters (Unicode word boundaries, so CJK text without spaces cuts between words too).
 */
export function cutWords(text: string, max: number): string {
  if (text.length <= max) return text;
  // Only the boundary nearest max matters; segment a window ending there (see word-count.ts on
  // why long strings are never handed to the segmenter whole).
  let from = Math.max(0, max - WINDOW);
  const space = text.lastIndexOf(' ', from);
  if (from > 0 && space > max - 2 * WINDOW) from = space + 1;
  const head = text.slice(from, max + 1);
  let end = from;
  for (const seg of words.segment(head)) {
    const segEnd = from + seg.index + seg.segment.length;
    // The segment reaching past max may be a word cut by the slice: never take it.
    if (segEnd > max) break;
    end = segEnd;
  }
  return text.slice(0, end).trimEnd();
}
