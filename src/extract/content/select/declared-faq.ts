// The FAQ a page declares (a schema.org FAQPage in its JSON-LD) and also prints: the element
// that holds the printed questions. A page that prints its declared FAQ means it as part of
// what it says (a service's, a shop's or a guide's closing questions); one that only declares
// it prints nothing to find here.
import type { ChildNode, Element, ParentNode } from 'domhandler';
import { foldText } from '../../dom/measures.js';
import { isElement, isInside, isTextNode, textContent } from '../../dom/walk.js';
import { readJsonLd, isType } from '../../page/json-ld.js';
import type { ElementStats } from './element-stats.js';

/** The printed questions' first common ancestor that `stats` measures, when two of them or
 *  more are printed under `root`; null otherwise. A question is printed as one text of its own
 *  (a heading's, a toggle button's), which `stats` may not measure (a button is a control). */
export function declaredFaq(scripts: readonly Element[], root: ParentNode, stats: ElementStats): Element | null {
  const questions = declaredQuestions(scripts);
  if (questions.size < 2) return null;
  const printed: Element[] = [];
  const stack: ChildNode[] = [...root.children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isElement(node)) {
      if (!OPAQUE.has(node.name)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    } else if (isTextNode(node) && node.data.length <= MAX_QUESTION_CHARS && node.parent && isElement(node.parent)) {
      const text = foldText(node.data);
      if (questions.delete(text)) printed.push(node.parent);
    }
  }
  if (printed.length < 2) return null;
  let box: ParentNode | null = printed[0]!.parent;
  while (box && !printed.every((p) => isInside(p, box!))) box = box.parent;
  return box && isElement(box) && stats.get(box) ? box : null;
}

/** Longer texts are not looked at: no question runs to paragraphs. */
const MAX_QUESTION_CHARS = 400;
const OPAQUE = new Set(['script', 'style', 'template', 'svg', 'noscript']);

function declaredQuestions(scripts: readonly Element[]): Set<string> {
  const ld = readJsonLd(scripts.map((s) => textContent(s)));
  if (!ld.nodes.some((n) => isType(n, FAQ))) return new Set();
  const out = new Set<string>();
  const stack: unknown[] = ld.nodes.slice();
  let seen = 0;
  while (stack.length > 0 && seen++ < MAX_VALUES) {
    const v = stack.pop();
    if (Array.isArray(v)) for (const x of v as unknown[]) stack.push(x);
    else if (v && typeof v === 'object') {
      const node = v as Record<string, unknown>;
      if (isType(node, QUESTION) && typeof node['name'] === 'string') out.add(foldText(node['name']));
      for (const k of ['mainEntity', 'hasPart', 'itemListElement']) if (node[k]) stack.push(node[k]);
    }
  }
  return out;
}

const FAQ = /^FAQPage$/;
const QUESTION = /^Question$/;
const MAX_VALUES = 2000;
