// Elements read whole into one block or value: a <pre> as a code block (with its language), an
// image's address, a list's start number.
import { ElementType } from 'domelementtype';
import type { ChildNode, Element } from 'domhandler';
import type { Block } from '../blocks.js';
import { isElement } from '../dom/walk.js';
import { attribute } from '../../parse/nodes.js';
import { UNREADABLE_TAGS } from '../vocabulary/tags.js';

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/;

export function listStart(el: Element): number | null {
  const s = attribute(el, 'start');
  if (s === undefined) return null;
  const n = Number.parseInt(s, 10);
  return Number.isFinite(n) ? n : null;
}

export function imageSource(el: Element): string | undefined {
  // Read with attribute(), not el.attribs: that would build the element's attribute object
  // (see parse/nodes.ts) for each image, and the values are the same (the parser keeps the
  // first of a repeated attribute, as the object does).
  // Lazy-loading pages keep the real address in data-* and a placeholder (often data:) in src.
  const lazy = attribute(el, 'data-src') ?? attribute(el, 'data-lazy-src') ?? attribute(el, 'data-original');
  const src = attribute(el, 'src');
  if (lazy && (!src || src.startsWith('data:'))) return lazy;
  if (src) return src;
  const srcset = attribute(el, 'srcset') ?? attribute(el, 'data-srcset');
  if (srcset) return srcset.trim().split(/\s+/)[0];
  return lazy;
}

export function codeBlock(pre: Element): Block {
  let language: string | null = null;
  const fromClass = (el: Element): void => {
    if (language) return;
    const m = LANGUAGE_CLASS.exec(attribute(el, 'class') ?? '');
    if (m) language = m[1]!.toLowerCase();
    else language = (attribute(el, 'data-lang') || attribute(el, 'data-language') || '').toLowerCase() || null;
  };
  fromClass(pre);
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
      if (UNREADABLE_TAGS.has(n.name)) continue;
      if (n.name === 'code') fromClass(n);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
    }
  }
  // HTML drops one newline right after <pre>; trailing blank lines are layout, not code.
  text = text.replace(/^\r?\n/, '').trimEnd();
  return { type: 'code', language, text };
}
