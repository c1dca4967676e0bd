// A paragraph's words as a reader sees them, for the description of last resort (the lead
// paragraph): what the markup hides (a formula's drawing beside its source, a closed panel) and
// scripts and styles are left out, and a formula reads as its TeX (to-blocks/formulas.ts) rather
// than as its MathML's letters run together with its drawing's ("πr2πr2").
import type { ChildNode, Element } from 'domhandler';
import { isHiddenByMarkup } from '../dom/visibility.js';
import { isElement, isTextNode } from '../dom/walk.js';
import { formulaOf, isFormulaSource } from '../to-blocks/formulas.js';
import { INVISIBLE } from './visible-text.js';

/** The text of `p` as shown. */
export function leadText(p: Element): string {
  let out = '';
  const stack: ChildNode[] = [];
  for (let i = p.children.length - 1; i >= 0; i--) stack.push(p.children[i]!);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (isTextNode(n)) out += n.data;
    else if (!isElement(n)) continue;
    else if (n.name === 'math' || n.name === 'script') out += formulaText(n);
    else if (INVISIBLE.has(n.name)) continue;
    else if (!isHiddenByMarkup(n) || isFormulaSource(n)) {
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
    }
  }
  return out;
}

function formulaText(el: Element): string {
  if (isHiddenByMarkup(el)) return '';
  return formulaOf(el)?.tex ?? '';
}

/** Characters of Chinese, Japanese and Korean: each says about what two or three letters do. */
const WIDE = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/gu;

/** A lead's length as the threshold reads it: a wide character counts three times, so that a
 *  Japanese news lead of one sentence (about 40 characters) passes where an English line of 40
 *  letters (a caption) does not. */
export function leadWidth(text: string): number {
  return text.length + 2 * (text.match(WIDE)?.length ?? 0);
}
