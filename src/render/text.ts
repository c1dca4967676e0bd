// Text format: one block per line (heading, paragraph, list item, table row, quote line),
// links inline as [text](absolute-url), no other markup. Table cells are joined with " | "
// (tabs would be lost to whitespace collapsing downstream and are invisible to a reader).
// Code blocks are the one exception to whitespace collapsing: their lines are kept verbatim,
// since indentation is meaning there.
import { itemNumbers } from '../extract/block-walk.js';
import type { Block, Inline } from '../extract/blocks.js';
import { collapseSpace, normalizeInlines } from './normalize-inlines.js';

export interface TextRenderOptions {
  /** Written as the first line when non-empty. */
  title?: string | null;
  /** Links as their text only (what word counting reads). @default false */
  plain?: boolean;
}

/**
 * The text of each top-level block as units that truncation may not split: one unit per line,
 * except a code block, which is one unit of several lines. `plain` gives the same units with
 * links as their text only (one plain unit per unit).
 */
export function textUnits(block: Block, plain = false): string[] {
  const out: string[] = [];
  blockUnits(block, out, '', plain);
  return out;
}

export function renderText(blocks: Block[], options: TextRenderOptions = {}): string {
  const units: string[] = [];
  const title = options.title?.replace(/\s+/g, ' ').trim();
  if (title) units.push(title);
  for (const b of blocks) blockUnits(b, units, '', options.plain ?? false);
  return units.join('\n');
}

function blockUnits(block: Block, out: string[], prefix: string, plain: boolean): void {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      pushLine(out, prefix, inlineLine(block.children, plain));
      return;
    case 'list': {
      const numbers = itemNumbers(block);
      for (const [i, item] of block.items.entries()) {
        // Numbers carry order for a reader but are not words of the text; nor is a task's box.
        const box = item.checked === undefined || plain ? '' : item.checked ? '[x] ' : '[ ] ';
        const marker = (block.ordered && !plain ? `${numbers[i]}. ` : '') + box;
        let first = true;
        const lines: string[] = [];
        for (const child of item.children) blockUnits(child, lines, '', plain);
        for (const line of lines) {
          if (first) {
            pushLine(out, prefix + marker, line);
            first = false;
          } else out.push(line);
        }
      }
      return;
    }
    case 'quote':
      for (const child of block.children) blockUnits(child, out, prefix, plain);
      return;
    case 'table':
      for (const row of block.rows) {
        const cells = row.cells.map((c) => inlineLine(c.children, plain));
        // Empty cells at the ends of a row (layout spacers) say nothing; inside, they keep
        // the columns of the cells after them in place.
        while (cells.length && cells[cells.length - 1] === '') cells.pop();
        while (cells.length && cells[0] === '') cells.shift();
        if (cells.length)
          out.push(
            prefix +
              cells
                .map((c) => c || ' ')
                .join(' | ')
                .replace(/\| {3}\|/g, '| |'),
          );
      }
      return;
    case 'code': {
      const text = codeText(block.text);
      if (text !== '') out.push(text);
      return;
    }
    case 'image':
      if (block.caption) pushLine(out, prefix, inlineLine(block.caption, plain));
      return;
    case 'rule':
      return;
  }
}

function pushLine(out: string[], prefix: string, line: string): void {
  if (line !== '') out.push(prefix + line);
}

/** Code text without blank lines at either end or trailing spaces on its lines. */
export function codeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/^\n+|(?<!\n)\n+$/g, '');
}

/** One collapsed line for a run of inlines; a line break inside a block becomes a space. */
export function inlineLine(children: Inline[], plain = false): string {
  // Most lines are one text (to-blocks merges neighbouring texts). Its walk through
  // normalizeInlines only collapses it and drops the spaces at its ends, and collapsing is
  // idempotent, so the line is the collapsed, trimmed text: no copy of the run, no second scan.
  const only = children.length === 1 ? children[0]! : null;
  if (only !== null && only.type === 'text') return collapseSpace(only.text).trim();
  return collapseSpace(inlineString(normalizeInlines(children), false, plain)).trim();
}

function inlineString(nodes: Inline[], inLink: boolean, plain: boolean): string {
  let s = '';
  for (const n of nodes) {
    switch (n.type) {
      case 'text':
      case 'code':
        s += n.text;
        break;
      case 'math':
        s += n.tex;
        break;
      case 'break':
        s += ' ';
        break;
      case 'image':
        // Outside a link an image is decoration in text form; inside one its alt is the label.
        if (inLink) s += n.alt;
        break;
      case 'emphasis':
      case 'strong':
      case 'delete':
        s += inlineString(n.children, inLink, plain);
        break;
      case 'link': {
        const label = collapseSpace(inlineString(n.children, true, plain)).trim();
        if (n.href === null || inLink || plain) s += label;
        else if (label !== '') s += `[${label}](${n.href})`;
        break;
      }
    }
  }
  return s;
}
