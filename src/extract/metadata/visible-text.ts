// The text a reader sees, for the last rules that read the page's words.
import type { ChildNode, Document, Element } from 'domhandler';
import { collapsedLength } from '../dom/measures.js';
import { isText } from './node-kinds.js';
import { MAX_TEXT_CHARS } from './thresholds.js';

/** Elements whose text a reader never sees. */
export const INVISIBLE = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'head',
  'select',
  'option',
  'textarea',
]);

/** The text a reader sees, blocks separated by newlines, capped at MAX_TEXT_CHARS. The cap
 *  counts text as shown (a run of white space as one character): a page indented with thousands
 *  of tabs and line breaks would otherwise reach it within its menu. */
export function visibleText(doc: Document): string {
  const out: string[] = [];
  let size = 0;
  const walk = (nodes: ChildNode[]) => {
    for (const n of nodes) {
      if (size > MAX_TEXT_CHARS) return;
      if (isText(n)) {
        const t = n.data;
        out.push(t);
        size += collapsedLength(t);
      } else if ('children' in n && !INVISIBLE.has((n as Element).name)) {
        walk((n as Element).children);
        out.push('\n');
      }
    }
  };
  walk(doc.children);
  return out.join('').replace(/[ \t\u00a0]+/g, ' ');
}
