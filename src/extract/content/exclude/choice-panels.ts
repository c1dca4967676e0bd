// A listing's filter panel drawn as choices: its options are checkboxes and radio buttons, each
// with a short label ("Today", "Free", "Conference"), under a few group headings ("Date",
// "Price"). Its class often names nothing (generated names), so it is found by what it holds: the
// search form beside the results, never their text. A task list (disabled checkboxes, as
// Markdown renders them) and a table's row selectors are text and data, not choices.
import type { Element, ParentNode } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { isElement, visitElements } from '../../dom/walk.js';
import { tallyChoices } from './choice-tally.js';
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
  const options = inputs.map((input) => optionOf(input, labelsFor));
  // Each box above an option with the options below it (choice-tally.ts: one walk).
  for (const { box, options: n, optionChars, chars } of tallyChoices(root, inputs, options, FRAME_TAGS)) {
    if (n < CHOICE_MIN_OPTIONS || optionChars > CHOICE_OPTION_MAX_CHARS * n) continue;
    // All of the element's text but CHOICE_OTHER_SHARE is in its options.
    if (optionChars > 0 && chars <= optionChars / (1 - CHOICE_OTHER_SHARE)) panels.add(box);
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
