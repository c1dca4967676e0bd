// Line numbers drawn beside code: highlighters (Pygments' `linenos`, Rouge's gutter, Hugo's
// Chroma) set a code block in a table of two cells, the numbers in a <pre> of their own in the
// first; others (Pygments' inline numbers, react-syntax-highlighter's) put each line's number
// before it in the <pre>, in an element of its own. They are not code: read, they print as a code
// block of "1 2 3" before the code, or glued to each line of it ("1import os").
import type { Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
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

/** A class that names a line's number: Pygments' `linenos`, react-syntax-highlighter's
 *  `react-syntax-highlighter-line-number`, `linenumber`, `line-number`, `lineno`. */
const LINE_NUMBER_CLASS = /(?:^|[\s_-])(?:linenos|lineno|line-?number|linenum)(?:$|[\s_-])/i;
/** A style that keeps an element out of what a reader selects and copies. */
const UNSELECTABLE_STYLE = /(?:^|[\s;])(?:-webkit-|-moz-|-ms-)?user-select\s*:\s*none/i;
/** The longest text a line's number element is read for. */
const MAX_NUMBER_CHARS = 16;

/** An element inside a <pre> that is only its line's number, set apart as one: named for it by its
 *  class, or kept out of a copy of the code (`user-select: none`). */
export function isLineNumber(el: Element): boolean {
  const cls = attribute(el, 'class');
  const style = attribute(el, 'style');
  if (!(cls !== undefined && LINE_NUMBER_CLASS.test(cls)) && !(style !== undefined && UNSELECTABLE_STYLE.test(style)))
    return false;
  return isLineNumbers(textContent(el, MAX_NUMBER_CHARS));
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
