// A listing's filter panel drawn as choices: its options are checkboxes and radio buttons, each
// with a short label ("Today", "Free", "Conference"), under a few group headings ("Date",
// "Price"). Its class often names nothing (generated names), so it is found by what it holds: the
// search form beside the results, never their text. A task list (disabled checkboxes, as
// Markdown renders them) and a table's row selectors are text and data, not choices.
import { ElementType } from 'domelementtype';
import type { ChildNode, Element, ParentNode } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { isElement, isInside, visitElements } from '../../dom/walk.js';
import { nonSpaceLength } from '../../dom/measures.js';
import {
  CHOICE_LABEL_LEVELS,
  CHOICE_MIN_OPTIONS,
  CHOICE_OPTION_MAX_CHARS,
  CHOICE_OTHER_SHARE,
} from '../thresholds/exclusions.js';

/** Never a panel: the page's own frame. */
const FRAME_TAGS: ReadonlySet<string> = new Set(['html', 'body', 'main', 'article']);

/** The elements under `root` that are choice panels: CHOICE_MIN_OPTIONS options or more, their
 *  labels CHOICE_OPTION_MAX_CHARS long on average, and all but CHOICE_OTHER_SHARE of the
 *  element's text in them. */
export function choicePanels(root: ParentNode): Set<Element> {
  const panels = new Set<Element>();
  const inputs: Element[] = [];
  const labelsFor = new Map<string, Element>();
  visitElements(root, (el) => {
    if (el.name === 'table') return false;
    if (el.name === 'label') {
      const target = attribute(el, 'for');
      if (target) labelsFor.set(target, el);
    } else if (el.name === 'input' && isChoice(el)) inputs.push(el);
  });
  if (inputs.length < CHOICE_MIN_OPTIONS) return panels;
  // Each ancestor of an option with the options below it, in the order met.
  const optionsOf = new Map<Element, Element[]>();
  for (const input of inputs) {
    const option = optionOf(input, labelsFor);
    for (let a = input.parent; a && isElement(a); a = a.parent) {
      if (FRAME_TAGS.has(a.name)) break;
      const list = optionsOf.get(a);
      if (!list) optionsOf.set(a, [option]);
      else if (list[list.length - 1] !== option) list.push(option);
    }
  }
  // Each option's text is counted once, not once for each of its ancestors.
  const optionInk = new Map<Element, number>();
  const inkOf = (o: Element) => {
    let n = optionInk.get(o);
    if (n === undefined) optionInk.set(o, (n = ink(o)));
    return n;
  };
  for (const [el, options] of optionsOf) {
    if (options.length < CHOICE_MIN_OPTIONS) continue;
    let optionChars = 0;
    for (const o of options) if (o === el || isInside(o, el)) optionChars += inkOf(o);
    if (optionChars > CHOICE_OPTION_MAX_CHARS * options.length) continue;
    // All of the element's text but CHOICE_OTHER_SHARE is in its options: counted only that far.
    const limit = optionChars / (1 - CHOICE_OTHER_SHARE);
    if (optionChars > 0 && ink(el, limit) <= limit) panels.add(el);
  }
  return panels;
}

/** An enabled checkbox or radio button (a disabled one is a task list's mark). */
function isChoice(input: Element): boolean {
  const type = attribute(input, 'type')?.toLowerCase();
  return (type === 'checkbox' || type === 'radio') && attribute(input, 'disabled') === undefined;
}

/** The option an input stands for: the label around it (within CHOICE_LABEL_LEVELS), the label
 *  naming it, or its parent. */
function optionOf(input: Element, labelsFor: ReadonlyMap<string, Element>): Element {
  let level = 0;
  for (let a = input.parent; a && isElement(a) && level < CHOICE_LABEL_LEVELS; a = a.parent, level++)
    if (a.name === 'label') return a;
  const id = attribute(input, 'id');
  const named = id ? labelsFor.get(id) : undefined;
  return named ?? (input.parent as Element);
}

/** Never counted: text that is not shown. */
const SILENT_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'template', 'noscript']);

/** Characters of the text shown under `el`, white space left out (the newlines between a
 *  panel's many small elements would outweigh its labels), counted only until over `limit`. */
function ink(el: Element, limit = Infinity): number {
  let chars = 0;
  const stack: ChildNode[] = [...el.children];
  while (stack.length > 0 && chars <= limit) {
    const node = stack.pop()!;
    if (node.type === ElementType.Text) chars += nonSpaceLength(node.data);
    else if (isElement(node) && !SILENT_TAGS.has(node.name)) for (const c of node.children) stack.push(c);
  }
  return chars;
}
