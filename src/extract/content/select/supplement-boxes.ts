// A shop's category page sets an FAQ box or a block of SEO copy beside its grid of products;
// when the reading lands on such a box alone, it has found the page's supplement, not its
// content: a careful reader reads the grid. Names only (class and id), on the reading's roots.
import type { ChildNode } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { isElement } from '../../dom/walk.js';
import { someTokenWords } from '../../dom/patterns.js';
import { FOOTER_WORDS, SUPPLEMENT_WORDS } from '../../vocabulary/region-words.js';

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
  for (const r of roots)
    if (!isElement(r) || !(supplementNamed(attribute(r, 'class')) || supplementNamed(attribute(r, 'id')))) return false;
  return true;
}

const MAYBE_FOOTER = /footer/i;

/** Every root of the reading is the page's footer or a part of it, by its tag or its own
 *  name ("shopify-section-footer", "footer__top", "Footer-styled__LowerGrid"): a reading that
 *  lands there has found the page's colophon, not its content. The body and `<main>` are never
 *  a footer whatever their class says ("page-template-elementor_header_footer"). */
export function onlyFooters(roots: readonly ChildNode[]): boolean {
  if (roots.length === 0) return false;
  for (const r of roots) {
    if (!isElement(r) || r.name === 'body' || r.name === 'main') return false;
    if (
      r.name !== 'footer' &&
      !someTokenWords(attribute(r, 'class'), MAYBE_FOOTER, (w) => w.some((x) => FOOTER_WORDS.has(x))) &&
      !someTokenWords(attribute(r, 'id'), MAYBE_FOOTER, (w) => w.some((x) => FOOTER_WORDS.has(x)))
    )
      return false;
  }
  return true;
}
