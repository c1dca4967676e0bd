// Line numbers drawn beside code: highlighters (Pygments' `linenos`, Rouge's gutter, Hugo's
// Chroma) set a code block in a table of two cells, the numbers in a <pre> of their own in the
// first. They are not code: read, they print as a code block of "1 2 3" before the code, or, when
// the table is inside the <pre> (Rouge), as lines of the code itself.
import type { Element } from 'domhandler';
import { elementSibling, isElement, textContent } from '../dom/walk.js';

/** A gutter's text read at most this far: a page's longest listing has a few thousand lines. */
const MAX_GUTTER_CHARS = 65_536;
/** How deep below a cell its <pre> sits (Pygments: td > div.linenodiv > pre). */
const PRE_LEVELS = 2;

/** A table cell that is only a code block's line numbers, beside the cell of its code. */
export function isLineGutter(cell: Element): boolean {
  if (cell.name !== 'td') return false;
  const code = elementSibling(cell, 'next');
  if (code === null || code.name !== 'td' || !holdsPre(cell, PRE_LEVELS) || !holdsPre(code, PRE_LEVELS)) return false;
  return isLineNumbers(textContent(cell, MAX_GUTTER_CHARS));
}

/** Whole numbers one after another ("1 2 3", "12 13"), each one more than the one before. */
function isLineNumbers(text: string): boolean {
  if (text.length > MAX_GUTTER_CHARS) return false;
  let expected = -1;
  let count = 0;
  for (const word of text.split(/\s+/)) {
    if (word === '') continue;
    if (!/^\d{1,6}$/.test(word)) return false;
    const n = Number(word);
    if (expected !== -1 && n !== expected) return false;
    expected = n + 1;
    count++;
  }
  return count > 0;
}

function holdsPre(el: Element, levels: number): boolean {
  for (const c of el.children) {
    if (!isElement(c)) continue;
    if (c.name === 'pre') return true;
    if (levels > 0 && holdsPre(c, levels - 1)) return true;
  }
  return false;
}
