// A news dateline set in its own span at the start of the first paragraph ("<p><span
// class="dateline">KOBE – </span>A total of 6,000 masks ...") opens the sentence: the wire
// style writes the place (and date) as the paragraph's first words. The post-meta class test
// leaves "dateline" elements out, which cut those words off the paragraph. A dateline that is
// a line of its own (a div or a span alone in its box) is still left out.
import { ElementType } from 'domelementtype';
import type { Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { textContent } from '../../dom/walk.js';
import { DATELINE } from '../../vocabulary/class-words.js';
import { MAX_DATELINE_CHARS, MIN_REST_CHARS } from '../thresholds/exclusions.js';

const INLINE = new Set(['span', 'strong', 'b', 'em', 'i']);

/** `el` is an inline "dateline" element that opens a paragraph of running text (nothing but
 *  blank text before it inside a `<p>`, a sentence after it). Reads the paragraph's children. */
export function isRunInDateline(el: Element): boolean {
  if (!INLINE.has(el.name)) return false;
  const cls = attribute(el, 'class');
  if (cls === undefined || !DATELINE.test(cls)) return false;
  const p = el.parent;
  if (p === null || p.type !== ElementType.Tag || p.name !== 'p') return false;
  let before = true;
  let own = 0;
  let rest = 0;
  for (const c of p.children) {
    if (c === el) {
      before = false;
      own = textContent(el).trim().length;
      continue;
    }
    const t = textContent(c);
    if (before) {
      if (t.trim() !== '') return false;
    } else rest += t.replace(/\s+/g, ' ').trim().length;
  }
  return own > 0 && own <= MAX_DATELINE_CHARS && rest >= MIN_REST_CHARS;
}
