// A short line that signs the text above it.
import type { ChildNode, Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { textContent as textUpTo } from '../dom/walk.js';
import { collapse } from './text.js';
import { isText, isPlainTag } from './node-kinds.js';
import { MAX_RAW_LABEL_CHARS, MAX_SIGNATURE_CHARS, MIN_SIGNATURE_CHARS } from './thresholds.js';

const EMPHASIS = new Set(['b', 'strong', 'i', 'em', 'font', 'span', 'small']);

/** A signature line: at most 40 characters, all of it emphasised or right-aligned, or led by a dash. */
export function signature(el: Element): string | null {
  const text = collapse(textUpTo(el, MAX_RAW_LABEL_CHARS));
  // "Weitere Informationen:" announces what follows; it signs nothing.
  if (text.length < MIN_SIGNATURE_CHARS || text.length > MAX_SIGNATURE_CHARS || /:$/.test(text)) return null;
  if (/^[-\u2013\u2014]{1,4}\s*\S/.test(text)) return text.replace(/^[-\u2013\u2014]+\s*/, '');
  const right =
    /right/i.test(attribute(el, 'align') ?? '') || /text-align\s*:\s*right/i.test(attribute(el, 'style') ?? '');
  // Every text node inside emphasis (b, strong, i, em), at least one of them a real one.
  let plain = false;
  let marked = false;
  const walk = (nodes: ChildNode[], inside: boolean) => {
    for (const n of nodes) {
      if (isText(n)) {
        if (collapse(n.data) !== '' && !inside) plain = true;
      } else if (isPlainTag(n)) {
        const name = n.name;
        if (!EMPHASIS.has(name)) {
          plain = true;
          continue;
        }
        const strong = inside || /^(?:b|strong|i|em)$/.test(name);
        if (strong) marked = true;
        walk(n.children, strong);
      }
    }
  };
  walk(el.children, false);
  return (marked && !plain) || (right && !/\d/.test(text)) ? text : null;
}
