// A product's variant picker drawn as a group of options: a <fieldset> or a `role="radiogroup"`
// whose options are radio buttons or checkboxes (inputs, or elements in the role of one), its
// text their short labels and a legend ("Select a size: XS S M L XL", "Colour: Black White").
// The options are what a buyer clicks, not what the page says; a group with a few of them
// escapes the choice panels (choice-panels.ts), which need more options and less text beside
// them. Known by its markup's roles, never by its words.
import type { Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { visitElements } from '../../dom/walk.js';
import { textChars } from '../../dom/measures.js';
import {
  CHOICE_OPTION_MAX_CHARS,
  OPTION_GROUP_LEGEND_CHARS,
  OPTION_GROUP_MIN_OPTIONS,
  OPTION_GROUP_VISIT_LIMIT,
} from '../thresholds/exclusions.js';

/** `el` is a group of options: a fieldset or radiogroup holding OPTION_GROUP_MIN_OPTIONS options
 *  or more, its text (spaces collapsed) no more than CHOICE_OPTION_MAX_CHARS an option and
 *  OPTION_GROUP_LEGEND_CHARS for its legend. A group whose subtree is larger than
 *  OPTION_GROUP_VISIT_LIMIT elements is a form's section, not a picker, and is not walked. */
export function isOptionGroup(el: Element): boolean {
  if (el.name !== 'fieldset' && attribute(el, 'role') !== 'radiogroup') return false;
  const options = optionsIn(el);
  if (options < OPTION_GROUP_MIN_OPTIONS) return false;
  // Its subtree is small (optionsIn walked all of it): measured whole.
  return textChars(el) <= options * CHOICE_OPTION_MAX_CHARS + OPTION_GROUP_LEGEND_CHARS;
}

/** The options under `group`, or 0 past OPTION_GROUP_VISIT_LIMIT elements. */
function optionsIn(group: Element): number {
  let options = 0;
  let visited = 0;
  visitElements(group, (d) => {
    if (++visited > OPTION_GROUP_VISIT_LIMIT) {
      options = 0;
      return false;
    }
    if (isOption(d)) options++;
    return undefined;
  });
  return visited > OPTION_GROUP_VISIT_LIMIT ? 0 : options;
}

/** An enabled radio button or checkbox (a disabled one is a task list's mark), or an element in
 *  the role of one (a swatch drawn as a div). */
function isOption(el: Element): boolean {
  if (el.name === 'input') {
    const type = attribute(el, 'type')?.toLowerCase();
    return (type === 'radio' || type === 'checkbox') && attribute(el, 'disabled') === undefined;
  }
  const role = attribute(el, 'role');
  return role === 'radio' || role === 'checkbox';
}
