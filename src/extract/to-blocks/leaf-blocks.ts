// Elements read whole into one block or value: a <pre> as a code block (with its language), an
// image's address, a list's numbering.
import { ElementType } from 'domelementtype';
import type { ChildNode, Element } from 'domhandler';
import type { Block } from '../blocks.js';
import { elementSibling, isElement } from '../dom/walk.js';
import { attribute } from '../../parse/nodes.js';
import { UNREADABLE_TAGS } from '../vocabulary/tags.js';
import { isLineGutter, isLineNumber } from './line-gutters.js';

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/;
/** SyntaxHighlighter's class on the <pre>: "brush: js". */
const BRUSH_CLASS = /(?:^|\s)brush:\s*([\w+#.-]+)/;
/** The highlighter's box around the <pre>, or the box around that: Sphinx's "highlight-python3", GitHub's
 *  "highlight-source-shell" and "highlight-text-html-basic" (TextMate scopes: source.shell, text.html.basic),
 *  Jekyll's Rouge "language-ruby highlighter-rouge". */
const HIGHLIGHT_BOX_CLASS =
  /(?:^|\s)(?:highlight-(?:source-([\w+#.]+)|text-([\w+#.]+)|([\w+#.-]+))|language-([\w+#.-]+))/;
/** Names for no language: Sphinx's project default lexer, Prism's and the highlighters' plain text. */
const NO_LANGUAGE = new Set(['default', 'none', 'text', 'plain', 'plaintext', 'nohighlight']);
/** How far above the <pre> the highlighter's boxes reach (Sphinx: div.highlight-python3 > div.highlight > pre). */
const HIGHLIGHT_BOX_LEVELS = 2;

/** An attribute's integer as HTML parses one (leading spaces, a sign, the digits up to the first other
 *  character), or null. */
function integerAttribute(el: Element, name: string): number | null {
  const s = attribute(el, name);
  if (s === undefined) return null;
  const n = Number.parseInt(s, 10);
  return Number.isSafeInteger(n) ? n : null;
}

/** How an ordered list counts its items, as a browser does (HTML's ordinal values): from its `start`,
 *  else from 1 or, when `reversed`, from the number of its items, up or down. */
export interface ListCount {
  next: number;
  step: 1 | -1;
}

export function listCount(ol: Element): ListCount {
  const reversed = attribute(ol, 'reversed') !== undefined;
  const items = (): number => ol.children.filter((c) => isElement(c) && c.name === 'li').length;
  return { next: integerAttribute(ol, 'start') ?? (reversed ? items() : 1), step: reversed ? -1 : 1 };
}

/** The number an item of the list shows: its own `value`, else the list's count; the count goes on from it. */
export function itemNumber(li: Element, count: ListCount): number {
  const n = integerAttribute(li, 'value') ?? count.next;
  count.next = n + count.step;
  return n;
}

/** How deep in a list item its task box may be (GitHub: li > input; a loose list: li > p > input;
 *  li > label > input). */
const TASK_BOX_LEVELS = 2;

/** A task list item's checkbox, first in the item before any text: whether it is ticked; undefined
 *  for an item without one. Markdown renderers (GitHub, goldmark, marked, markdown-it, pandoc) draw
 *  it `disabled` or name it a task; a checkbox a reader can tick is a form's or a CSS menu's toggle. */
export function taskBox(li: Element): boolean | undefined {
  let el: Element = li;
  for (let level = 0; level < TASK_BOX_LEVELS; level++) {
    let first: Element | null = null;
    for (const c of el.children) {
      if (c.type === ElementType.Text) {
        if (c.data.trim() !== '') return undefined;
      } else if (isElement(c)) {
        first = c;
        break;
      }
    }
    if (first === null) return undefined;
    if (first.name === 'input') {
      const box =
        (attribute(first, 'type') ?? '').toLowerCase() === 'checkbox' &&
        (attribute(first, 'disabled') !== undefined || /task/i.test(attribute(first, 'class') ?? ''));
      return box ? attribute(first, 'checked') !== undefined : undefined;
    }
    el = first;
  }
  return undefined;
}

export function imageSource(el: Element): string | undefined {
  // Read with attribute(), not el.attribs: that would build the element's attribute object
  // (see parse/nodes.ts) for each image, and the values are the same (the parser keeps the
  // first of a repeated attribute, as the object does).
  // Lazy-loading pages keep the real address in data-* and a placeholder (data:, or a spacer file) in src.
  const lazy = attribute(el, 'data-src') ?? attribute(el, 'data-lazy-src') ?? attribute(el, 'data-original');
  const src = attribute(el, 'src');
  if (lazy && (!src || src.startsWith('data:') || SPACER_FILE.test(src))) return lazy;
  if (src) return src;
  const srcset = attribute(el, 'srcset') ?? attribute(el, 'data-srcset');
  if (srcset) return srcset.trim().split(/\s+/)[0];
  return lazy;
}

/**
 * A picture that shows nothing: a tracking pixel (declared 1 by 1 or smaller) or a layout spacer, named as
 * the web has named them since table layouts (`spacer.gif`, `clearpixel.gif`, `1x1.png`).
 */
export function isSpacer(el: Element, src: string): boolean {
  return (TINY.test(attribute(el, 'width') ?? '') && TINY.test(attribute(el, 'height') ?? '')) || SPACER_FILE.test(src);
}

/** A size of at most one pixel. */
const TINY = /^\s*[01](?:px)?\s*$/i;
const SPACER_FILE = /\/(?:spacer|blank|clear|clear_?pixel|pixel|transparent|trans|1x1|shim)\.(?:gif|png)(?:[?#]|$)/i;

export function codeBlock(pre: Element): Block {
  let language: string | null = null;
  const fromClass = (el: Element): void => {
    if (language) return;
    const cls = attribute(el, 'class') ?? '';
    const m = LANGUAGE_CLASS.exec(cls) ?? BRUSH_CLASS.exec(cls);
    if (m) language = m[1]!.toLowerCase();
    else language = (attribute(el, 'data-lang') || attribute(el, 'data-language') || '').toLowerCase() || null;
  };
  fromClass(pre);
  language ??= highlightBoxLanguage(pre);
  let text = '';
  const stack: ChildNode[] = [];
  for (let i = pre.children.length - 1; i >= 0; i--) stack.push(pre.children[i]!);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === ElementType.Text) text += n.data;
    else if (isElement(n)) {
      if (n.name === 'br') {
        text += '\n';
        continue;
      }
      if (UNREADABLE_TAGS.has(n.name) || (n.name === 'td' && isLineGutter(n)) || isLineNumber(n)) continue;
      if (n.name === 'code') fromClass(n);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
    }
  }
  // HTML drops one newline right after <pre>; trailing blank lines are layout, not code.
  text = text.replace(/^\r?\n/, '').trimEnd();
  return { type: 'code', language: language !== null && NO_LANGUAGE.has(language) ? null : language, text };
}

/** The language a highlighter's box around the <pre> names (Sphinx's, GitHub's, Rouge's), or null.
 *  A <pre> in a cell of a table with line numbers is boxed around that table. */
function highlightBoxLanguage(pre: Element): string | null {
  const table = lineNumberedTable(pre);
  for (const from of table ? [pre, table] : [pre]) {
    let el = from.parent;
    for (let level = 0; level < HIGHLIGHT_BOX_LEVELS && el && isElement(el); level++, el = el.parent) {
      const m = HIGHLIGHT_BOX_CLASS.exec(attribute(el, 'class') ?? '');
      if (m) return (m[1] ?? m[2] ?? m[3] ?? m[4]!).toLowerCase();
    }
  }
  return null;
}

/** How far above a <pre> its cell of a line-numbered table is (Pygments: td.code > div > pre). */
const CODE_CELL_LEVELS = 2;

/** The table whose line-number gutter stands beside the cell holding `pre`, or null. */
function lineNumberedTable(pre: Element): Element | null {
  let el = pre.parent;
  for (let level = 0; level < CODE_CELL_LEVELS && el && isElement(el); level++, el = el.parent) {
    if (el.name !== 'td') continue;
    const gutter = elementSibling(el, 'prev');
    if (!gutter || !isLineGutter(gutter)) return null;
    let table = el.parent;
    while (table && isElement(table) && table.name !== 'table') table = table.parent;
    return table && isElement(table) ? table : null;
  }
  return null;
}
