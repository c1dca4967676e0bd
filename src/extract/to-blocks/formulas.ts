// Formulas (MathML, MathJax's TeX scripts) read as TeX, the source most pages write them in and the
// form markdown renderers and language models read. A page that shows a formula as a picture or
// as styled spans keeps its source beside it for screen readers and copy-paste: that source is
// what is read, and the rendering (aria-hidden, or a picture of the formula) is left out as before.
import { createRequire } from 'node:module';
import type { Element } from 'domhandler';
import { getOuterHTML } from 'domutils';
import type { Inline } from '../blocks.js';
import { isHtmlSpace } from './inlines.js';
import { elementSibling, findElement, isElement, isTextNode, textContent } from '../dom/walk.js';
import { attribute } from '../../parse/nodes.js';

/** MathML elements one formula may have for its conversion to TeX (a page's longest run to
 *  a few hundred); a larger one is read as its text. */
const MAX_CONVERTED_NODES = 2_000;
/** MathML elements converted per page, over all its formulas and all its readings: the
 *  conversion costs about 10 µs an element, so a page of MathML costs at most this much. */
const PAGE_CONVERSION_BUDGET = 20_000;

/** Encodings of an `<annotation>` that hold TeX. */
const TEX_ENCODING = /^(?:application\/x-(?:la)?tex|text\/x-(?:la)?tex|tex|latex)$/i;
/** MathJax 2's script types: `math/tex`, `math/tex; mode=display`. */
const TEX_SCRIPT = /^\s*math\/tex\s*(?:;|$)/i;
/** MediaWiki wraps each formula's TeX in a style command for the whole formula. */
const STYLE_WRAPPER = /^\{\\(?:display|text|script)style\b/;

/** The converter and its XML parser cost a worker 20 ms and 8 MiB to load, and most pages declare
 *  their formulas' TeX or have none: it is loaded by the first formula that needs it. */
let converter: typeof import('mathml-to-latex').MathMLToLaTeX | undefined;
function mathmlToLatex(): typeof import('mathml-to-latex').MathMLToLaTeX {
  converter ??= (createRequire(import.meta.url)('mathml-to-latex') as typeof import('mathml-to-latex')).MathMLToLaTeX;
  return converter;
}

/** A formula inline. */
export type Formula = Extract<Inline, { type: 'math' }>;

/** Each formula is read once per page, whatever the number of readings that convert it. */
const read = new WeakMap<Element, Formula | null>();
/** What is left of each page's conversion budget, by the page's root. */
const budgets = new WeakMap<object, number>();

/** A `<math>` element's or a TeX script's formula (null for other elements). */
export function formulaOf(el: Element): Formula | null {
  return el.name === 'math' ? mathFormula(el) : el.name === 'script' ? scriptFormula(el) : null;
}

/** A `<math>` element as a formula inline (null when it holds nothing). */
function mathFormula(el: Element): Formula | null {
  let formula = read.get(el);
  if (formula === undefined) {
    const tex = declaredTex(el) ?? convertedTex(el);
    const display = attribute(el, 'display') === 'block' || attribute(el, 'mode') === 'display';
    formula = tex === '' ? null : { type: 'math', tex, display };
    read.set(el, formula);
  }
  return formula;
}

/** MathJax 2's `<script type="math/tex">` as a formula; null for other scripts, and for the
 *  script of a formula MathJax has drawn already (its MathML copy, just before, is read). */
function scriptFormula(el: Element): Formula | null {
  const type = attribute(el, 'type');
  if (type === undefined || !TEX_SCRIPT.test(type)) return null;
  let formula = read.get(el);
  if (formula === undefined) {
    const drawn = elementSibling(el, 'prev');
    const tex = drawn && (drawn.name === 'math' || findElement(drawn, isMath)) ? '' : textContent(el).trim();
    formula = tex === '' ? null : { type: 'math', tex, display: /mode\s*=\s*display/i.test(type) };
    read.set(el, formula);
  }
  return formula;
}

/** A formula or its source, which the page's measures and readings read (whatever hides it). */
export function isFormula(el: Element, isHidden: (el: Element) => boolean): boolean {
  if (el.name === 'math') return true;
  if (el.name === 'script') return TEX_SCRIPT.test(attribute(el, 'type') ?? '');
  return isHidden(el) && isFormulaSource(el);
}

/** A hidden element that is only a formula's MathML with its TeX: the source beside a picture of
 *  the formula (MediaWiki hides it with an inline style and shows the picture). It is read. */
export function isFormulaSource(el: Element): boolean {
  let math: Element | null = null;
  for (const child of el.children) {
    if (isElement(child)) {
      if (child.name !== 'math' || math !== null) return false;
      math = child;
    } else if (isTextNode(child) && !isHtmlSpace(child.data)) return false;
  }
  return math !== null && declaredTex(math) !== null;
}

/** The TeX the page declares for a formula: `alttext`, else a TeX annotation. */
function declaredTex(math: Element): string | null {
  const alt = attribute(math, 'alttext');
  if (alt !== undefined && alt.trim() !== '') return unwrapStyle(alt.trim());
  const annotation = texAnnotation(math);
  return annotation === null ? null : unwrapStyle(textContent(annotation).trim());
}

/** `<semantics><mrow>…</mrow><annotation encoding="application/x-tex">` (KaTeX, MediaWiki). */
function texAnnotation(math: Element): Element | null {
  const semantics = math.children.find((c): c is Element => isElement(c) && c.name === 'semantics');
  if (!semantics) return null;
  for (const c of semantics.children) {
    if (isElement(c) && c.name === 'annotation' && TEX_ENCODING.test(attribute(c, 'encoding') ?? '')) return c;
  }
  return null;
}

/** `{\displaystyle p_{i}}` -> `p_{i}`, when the wrapper's brace closes at the very end. */
function unwrapStyle(tex: string): string {
  const wrapper = STYLE_WRAPPER.exec(tex);
  if (wrapper === null || !tex.endsWith('}')) return tex;
  let depth = 0;
  for (let i = 0; i < tex.length; i++) {
    const c = tex[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0 && i !== tex.length - 1) return tex;
  }
  return depth === 0 ? tex.slice(wrapper[0].length, -1).trim() : tex;
}

/** MathML without declared TeX, converted; its text when it is too large or the page's budget is
 *  spent (or the converter refuses it). */
function convertedTex(math: Element): string {
  const text = (): string => textContent(math).replace(/\s+/g, ' ').trim();
  const nodes = countElements(math, MAX_CONVERTED_NODES + 1);
  let root: object = math;
  while ((root as Element).parent) root = (root as Element).parent!;
  const left = budgets.get(root) ?? PAGE_CONVERSION_BUDGET;
  if (nodes > MAX_CONVERTED_NODES || nodes > left) return text();
  budgets.set(root, left - nodes);
  try {
    return (
      mathmlToLatex()
        .convert(getOuterHTML(math, { xmlMode: true }))
        .trim() || text()
    );
  } catch {
    return text();
  }
}

/** Elements in `el`'s subtree, counted up to `limit`. */
function countElements(el: Element, limit: number): number {
  let n = 0;
  const stack: Element[] = [el];
  while (stack.length > 0 && n < limit) {
    const e = stack.pop()!;
    n++;
    for (const c of e.children) if (isElement(c)) stack.push(c);
  }
  return n;
}

function isMath(el: Element): boolean {
  return el.name === 'math';
}
