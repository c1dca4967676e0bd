// A table's cells in their columns. A cell spanning columns (colspan) or rows (rowspan) covers
// places the rows' own cells do not fill: read cell after cell, "Drum" over two rows would leave
// the next row's "Included for the first year" under the first column, beside the wrong header.
// The covered places become empty cells (the text is not repeated: a word is printed once), so
// the columns line up. A page chooses its spans: they cover places only up to the table's widest
// row of real cells and down to its last row, and all of them together add at most as many empty
// cells as the table has cells, whatever numbers they declare.
import type { Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';

export interface GridCell {
  /** The cell's element; null for a place that a span above or to the left covers. */
  el: Element | null;
  header: boolean;
}

/** The rows' cells with the places their spans cover filled by empty cells. */
export function tableGrid(
  rows: ReadonlyArray<{ cells: ReadonlyArray<{ el: Element; header: boolean }> }>,
): GridCell[][] {
  let width = 1;
  let cells = 0;
  for (const r of rows) {
    width = Math.max(width, r.cells.length);
    cells += r.cells.length;
  }
  // Empty cells added, at most as many as the table's own: a page of a few hundred bytes can
  // declare a span over a million places, and the work here follows what is added.
  let budget = cells;
  // The last row a rowspan above covers, per column (-1: none).
  const coveredTo = new Array<number>(width).fill(-1);
  const grid: GridCell[][] = [];
  for (let r = 0; r < rows.length; r++) {
    const line: GridCell[] = [];
    const skipCovered = () => {
      while (budget > 0 && line.length < width && coveredTo[line.length]! >= r) {
        budget--;
        line.push({ el: null, header: false });
      }
    };
    for (const cell of rows[r]!.cells) {
      skipCovered();
      const start = line.length;
      line.push(cell);
      const across = Math.max(1, Math.min(spanOf(cell.el, 'colspan'), width - start, budget + 1));
      for (let k = 1; k < across; k++) line.push({ el: null, header: cell.header });
      budget -= across - 1;
      const below = rowsBelow(cell.el, rows.length - r - 1);
      if (below > 0)
        for (let c = start; c < Math.min(start + across, width); c++) coveredTo[c] = Math.max(coveredTo[c]!, r + below);
    }
    grid.push(line);
  }
  return grid;
}

/** A span attribute as a number: 1 when absent, not a number or below 1. */
function spanOf(el: Element, name: 'colspan' | 'rowspan'): number {
  const n = Number.parseInt(attribute(el, name) ?? '', 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** How many rows under `el`'s its rowspan covers, at most `left`; rowspan="0" covers the rest of the table. */
function rowsBelow(el: Element, left: number): number {
  if ((attribute(el, 'rowspan') ?? '').trim() === '0') return left;
  return Math.min(spanOf(el, 'rowspan') - 1, left);
}
