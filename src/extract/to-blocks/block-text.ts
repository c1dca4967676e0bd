// The text of blocks and inlines, without addresses: for measures, comparisons and titles.
import type { Block, Inline } from '../blocks.js';
import { isWrapper } from '../blocks.js';
import { leafBlocks } from '../block-walk.js';

/** Characters of readable text in blocks (no addresses), for comparing extractions. */
export function blocksTextLength(blocks: Block[]): number {
  let n = 0;
  const inlineStack: Inline[] = [];
  for (const b of leafBlocks(blocks)) {
    switch (b.type) {
      case 'heading':
      case 'paragraph':
        inlineStack.push(...b.children);
        break;
      case 'image':
        if (b.caption) inlineStack.push(...b.caption);
        break;
      case 'code':
        n += b.text.length;
        break;
      case 'table':
        for (const row of b.rows) for (const cell of row.cells) inlineStack.push(...cell.children);
        break;
      case 'rule':
        break;
    }
    while (inlineStack.length > 0) {
      const i = inlineStack.pop()!;
      if (i.type === 'text' || i.type === 'code') n += i.text.length;
      else if (i.type === 'math') n += i.tex.length;
      else if (isWrapper(i)) inlineStack.push(...i.children);
    }
  }
  return n;
}

/** Plain text of inlines (no addresses), for measures and titles. */
export function inlineText(inlines: Inline[], stopAfter = Infinity): string {
  // Most lines are flat (no link or emphasis): read without a stack, as the passes read every
  // line several times. From the first wrapper on, the rest goes by stack.
  let out = '';
  let first = 0;
  for (; first < inlines.length; first++) {
    const n = inlines[first]!;
    if (n.type === 'text' || n.type === 'code') {
      out += n.text;
      if (out.length > stopAfter) return out;
    } else if (n.type === 'math') out += n.tex;
    else if (n.type === 'break') out += ' ';
    else if (n.type !== 'image') break;
  }
  if (first >= inlines.length) return out;
  const stack: Inline[] = [];
  for (let i = inlines.length - 1; i >= first; i--) stack.push(inlines[i]!);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'text' || n.type === 'code') {
      out += n.text;
      // Callers that only judge short lines need no more than this.
      if (out.length > stopAfter) return out;
    } else if (n.type === 'math') out += n.tex;
    else if (n.type === 'break') out += ' ';
    else if (n.type === 'image') continue;
    else for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}

/** Plain text of one block (no addresses), its lines joined by spaces: for explain's records. */
export function blockText(block: Block): string {
  const parts: string[] = [];
  for (const b of leafBlocks([block])) {
    switch (b.type) {
      case 'heading':
      case 'paragraph':
        parts.push(inlineText(b.children));
        break;
      case 'image':
        parts.push(b.caption ? inlineText(b.caption) : b.alt);
        break;
      case 'code':
        parts.push(b.text);
        break;
      case 'table':
        for (const row of b.rows) for (const cell of row.cells) parts.push(inlineText(cell.children));
        break;
      case 'rule':
        break;
    }
  }
  return parts.join(' ');
}
