// A shop's category page sets an FAQ box or a block of SEO copy beside its grid of products;
// when the reading lands on such a box alone, it has found the page's supplement, not its
// content: a careful reader reads the grid. Names only (class and id), on the reading's roots.
import type { ChildNode } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { isElement } from '../dom/walk.js';
import { someTokenWords } from '../dom/patterns.js';

const SUPPLEMENT_WORDS = new Set(['faq', 'faqs', 'seo']);
/** A name that may hold one of the words: a cheap test before the split. */
const MAYBE = /faq|seo/i;

/** A class or id token naming an FAQ box or SEO copy, in any case or joining
 *  ("gpu-faq-grid", "gpuFaqGrid", "supporting-rich-text_seo__x", "seoText"). */
function supplementNamed(name: string | undefined): boolean {
  return someTokenWords(name, MAYBE, (words) => words.some((w) => SUPPLEMENT_WORDS.has(w)));
}

/** Every root of the reading is an FAQ box or a block of SEO copy, by its own name. */
export function onlySupplements(roots: readonly ChildNode[]): boolean {
  if (roots.length === 0) return false;
  for (const r of roots) if (!isElement(r) || !(supplementNamed(attribute(r, 'class')) || supplementNamed(attribute(r, 'id')))) return false;
  return true;
}
