// Tiny builders so block trees in render tests read like the page they stand for.
import type { Block, Inline } from '../../../src/extract/blocks.js';

export const t = (text: string): Inline => ({ type: 'text', text });
export const a = (href: string | null, ...children: Inline[]): Inline => ({ type: 'link', href, children });
export const p = (...children: Inline[]): Block => ({ type: 'paragraph', children });
export const h = (level: 1 | 2 | 3 | 4 | 5 | 6, text: string): Block => ({
  type: 'heading',
  level,
  children: [t(text)],
});
export const ul = (...items: Block[][]): Block => ({
  type: 'list',
  ordered: false,
  start: null,
  items: items.map((children) => ({ children })),
});
export const ol = (start: number | null, ...items: Block[][]): Block => ({
  type: 'list',
  ordered: true,
  start,
  items: items.map((children) => ({ children })),
});
/** An ordered list whose items carry the numbers the page shows (a reversed list, an item's `value`). */
export const numbered = (...items: Array<[number, Block[]]>): Block => ({
  type: 'list',
  ordered: true,
  start: items[0]?.[0] ?? null,
  items: items.map(([number, children]) => ({ children, number })),
});
export const code = (language: string | null, text: string): Block => ({ type: 'code', language, text });
export const table = (header: string[], ...rows: string[][]): Block => ({
  type: 'table',
  rows: [
    { cells: header.map((c) => ({ header: true, children: [t(c)] })) },
    ...rows.map((r) => ({ cells: r.map((c) => ({ header: false, children: [t(c)] })) })),
  ],
});
