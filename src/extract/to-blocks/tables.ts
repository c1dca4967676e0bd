// Data tables and layout tables: old sites put whole pages in tables, which are read as
// ordinary containers; data tables keep their rows and header cells.
import type { Element } from 'domhandler';
import type { Block, TableCell, TableRow } from '../blocks.js';
import { flattenToInlines } from './inlines.js';
import { tableGrid } from './table-grid.js';
import { isElement, textContent, visitElements } from '../dom/walk.js';
import type { HiddenTest } from '../dom/visibility.js';
import { attribute } from '../../parse/nodes.js';
import { headingLevel } from '../vocabulary/tags.js';
import { LONG_CELL_CHARS } from '../content/thresholds/to-blocks.js';

interface RowCells {
  cells: Array<{ el: Element; header: boolean }>;
}

/** The rows of a table (through thead/tbody/tfoot), not those of nested tables. */
export function tableRows(table: Element, isHidden: HiddenTest): RowCells[] {
  const rows: RowCells[] = [];
  const stack: Array<{ el: Element; inHead: boolean }> = [];
  for (let i = table.children.length - 1; i >= 0; i--) {
    const c = table.children[i]!;
    if (isElement(c)) stack.push({ el: c, inHead: false });
  }
  while (stack.length > 0) {
    const { el, inHead } = stack.pop()!;
    if (el.name === 'tr') {
      const cells: RowCells['cells'] = [];
      for (const c of el.children) {
        if (!isElement(c) || isHidden(c)) continue;
        if (c.name === 'td' || c.name === 'th') cells.push({ el: c, header: c.name === 'th' || inHead });
      }
      rows.push({ cells });
    } else if (el.name === 'thead' || el.name === 'tbody' || el.name === 'tfoot') {
      for (let i = el.children.length - 1; i >= 0; i--) {
        const c = el.children[i]!;
        if (isElement(c)) stack.push({ el: c, inHead: el.name === 'thead' });
      }
    }
  }
  return rows;
}

/**
 * Data table or layout table? Layout tables (old sites put whole pages in them) are read as
 * ordinary containers; data tables keep rows and header cells.
 */
export function isDataTable(table: Element, isHidden: HiddenTest): boolean {
  const role = attribute(table, 'role');
  if (role === 'presentation' || role === 'none') return false;
  let nested = false;
  let headers = false;
  let blockish = 0;
  visitElements(table, (el) => {
    if (el.name === 'table') nested = true;
    else if (el.name === 'th' || el.name === 'thead' || el.name === 'caption') headers = true;
    else if (
      el.name === 'p' ||
      el.name === 'div' ||
      el.name === 'ul' ||
      el.name === 'ol' ||
      headingLevel(el.name) !== undefined
    )
      blockish++;
    return !nested;
  });
  if (nested) return false;
  const rows = tableRows(table, isHidden);
  let maxCols = 0;
  let longCell = false;
  for (const r of rows) {
    maxCols = Math.max(maxCols, r.cells.length);
    // Read up to the limit only: a long cell's whole text is not needed to know it is long.
    for (const c of r.cells)
      if (!longCell && textContent(c.el, LONG_CELL_CHARS).length > LONG_CELL_CHARS) longCell = true;
  }
  if (rows.length === 0) return false;
  if (longCell) return false;
  if (headers) return true;
  if (maxCols < 2 || rows.length < 2) return false;
  return blockish <= rows.length;
}

const ALIGNS = new Set(['left', 'center', 'right']);

/** A cell's declared alignment: its `align`, else the `text-align` of its style; null when it says none. */
function cellAlign(el: Element): TableCell['align'] | null {
  let value = attribute(el, 'align')?.trim().toLowerCase();
  if (!value) {
    // The last declaration wins, as in a style sheet.
    for (const declaration of (attribute(el, 'style') ?? '').split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0 && declaration.slice(0, colon).trim().toLowerCase() === 'text-align')
        value = declaration
          .slice(colon + 1)
          .trim()
          .toLowerCase();
    }
  }
  return value && ALIGNS.has(value) ? (value as TableCell['align']) : null;
}

/** A data table's blocks: its caption as a paragraph, then the table (each cell read by `read`
 *  and flattened to a line); none when nothing in it has text. */
export function tableBlocks(el: Element, isHidden: HiddenTest, read: (part: Element) => Block[]): Block[] {
  const rows: TableRow[] = [];
  let caption: Element | null = null;
  for (const row of tableGrid(tableRows(el, isHidden))) {
    const cells: TableCell[] = [];
    for (const cell of row) {
      const align = cell.el ? cellAlign(cell.el) : null;
      const children = cell.el ? flattenToInlines(read(cell.el)) : [];
      cells.push(align ? { header: cell.header, children, align } : { header: cell.header, children });
    }
    if (cells.some((c) => c.children.length > 0)) rows.push({ cells });
  }
  for (const child of el.children) if (isElement(child) && child.name === 'caption') caption = child;
  const out: Block[] = [];
  if (caption) {
    const inlines = flattenToInlines(read(caption));
    if (inlines.length > 0) out.push({ type: 'paragraph', children: inlines });
  }
  if (rows.length > 0) out.push({ type: 'table', rows });
  return out;
}
