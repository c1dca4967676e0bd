// Choice panels found in one walk (choice-tally.ts) are those a climb from every input finds, and
// every box's tally (options listed, their text inside it, its text) the climb's: the
// oracle below is the climb choice-panels.ts made before (a list of options per ancestor, its
// text walked per box), run on pages built at random from the cases that matter (labels around
// inputs, labels naming inputs before and after them, inputs sharing an option in and out of
// turn, frames, tables, hidden text, nesting), on a tree parseHtml made and on one it did not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from 'htmlparser2';
import { ElementType } from 'domelementtype';
import type { ChildNode, Element, ParentNode } from 'domhandler';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { choicePanels } from '../../../../../src/extract/content/exclude/choice-panels.js';
import { tallyChoices } from '../../../../../src/extract/content/exclude/choice-tally.js';
import { isElement, isInside, visitElements } from '../../../../../src/extract/dom/walk.js';
import { nonSpaceLength } from '../../../../../src/extract/dom/measures.js';
import { seededRandom } from '../../../../support/seeded-random.js';

const FRAME = new Set(['html', 'body', 'main', 'article']);
const SILENT = new Set(['script', 'style', 'template', 'noscript']);

/** The climb of choice-panels.ts before its tally (the same thresholds: 4, 40, 0.3, 4 levels). */
function climbed(root: ParentNode, tallies?: string[]): Set<Element> {
  const panels = new Set<Element>();
  const inputs: Element[] = [];
  const options: Element[] = [];
  const labelsFor = new Map<string, Element>();
  visitElements(root, (el) => {
    if (el.name === 'table') return false;
    if (el.name === 'label') {
      const target = el.attribs['for'];
      if (target) labelsFor.set(target, el);
    } else if (el.name === 'input') {
      const type = el.attribs['type']?.toLowerCase();
      if ((type === 'checkbox' || type === 'radio') && el.attribs['disabled'] === undefined) inputs.push(el);
    }
  });
  if (inputs.length < 4) return panels;
  tallyOptions = options;
  tallyInputs = inputs;
  const optionsOf = new Map<Element, Element[]>();
  for (const input of inputs) {
    let option: Element | undefined;
    let level = 0;
    for (let a = input.parent; a && isElement(a) && level < 4; a = a.parent, level++)
      if (a.name === 'label') {
        option = a;
        break;
      }
    const id = input.attribs['id'];
    option ??= (id ? labelsFor.get(id) : undefined) ?? (input.parent as Element);
    options.push(option);
    for (let a = input.parent; a && isElement(a); a = a.parent) {
      if (FRAME.has(a.name)) break;
      const list = optionsOf.get(a);
      if (!list) optionsOf.set(a, [option]);
      else if (list[list.length - 1] !== option) list.push(option);
    }
  }
  for (const [el, options] of optionsOf) {
    let optionChars = 0;
    for (const o of options) if (o === el || isInside(o, el)) optionChars += ink(o);
    tallies?.push(`${el.name}#${order(root).get(el)} ${options.length} ${optionChars} ${ink(el)}`);
    if (options.length < 4) continue;
    if (optionChars > 40 * options.length) continue;
    const limit = optionChars / (1 - 0.3);
    if (optionChars > 0 && ink(el, limit) <= limit) panels.add(el);
  }
  return panels;
}

function ink(el: Element, limit = Infinity): number {
  let chars = 0;
  const stack: ChildNode[] = [...el.children];
  while (stack.length > 0 && chars <= limit) {
    const node = stack.pop()!;
    if (node.type === ElementType.Text) chars += nonSpaceLength(node.data);
    else if (isElement(node) && !SILENT.has(node.name)) for (const c of node.children) stack.push(c);
  }
  return chars;
}

/** A page of boxes built at random; inputs i0.. and labels naming some of them, anywhere. */
function page(seed: number): string {
  const r = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const words = ['Red', 'Blue', 'Free', 'A', '  ', 'Conference in the hall', 'Today', ''];
  let inputs = 0;
  const box = (depth: number): string => {
    const parts: string[] = [];
    const n = 1 + Math.floor(r() * 4);
    for (let k = 0; k < n; k++) {
      const x = r();
      if (x < 0.3) {
        const type = pick(['checkbox', 'radio', 'radio', 'text', 'checkbox']);
        const disabled = r() < 0.1 ? ' disabled' : '';
        // Some ids repeat (an input elsewhere named by the same label), some labels around an
        // input name another one.
        const id = r() < 0.25 && inputs > 0 ? Math.floor(r() * inputs) : inputs++;
        const input = `<input type="${type}" id="i${id}"${disabled}>`;
        const named = r() < 0.5 ? ` for="i${Math.floor(r() * (inputs + 2))}"` : '';
        parts.push(r() < 0.4 ? `<label${named}>${input}${pick(words)}</label>` : input);
      } else if (x < 0.45) parts.push(`<label for="i${Math.floor(r() * (inputs + 6))}">${pick(words)}</label>`);
      else if (x < 0.55) parts.push(pick(words));
      else if (x < 0.6) parts.push(`<script>var a = "${pick(words)}";</script>`);
      else if (depth < 7) {
        const tag = pick(['div', 'div', 'span', 'label', 'p', 'section', 'article', 'main', 'table', 'template']);
        const inner = box(depth + 1);
        parts.push(tag === 'table' ? `<table><tr><td>${inner}</td></tr></table>` : `<${tag}>${inner}</${tag}>`);
      }
    }
    return parts.join('');
  };
  return `<html><body><div>${box(0)}</div><div>${box(0)}</div></body></html>`;
}

const PARSERS: Array<[string, (html: string) => ParentNode]> = [
  ['parseHtml', parseHtml],
  ['htmlparser2, no document index', (html) => parseDocument(html)],
];

/** The options and inputs of the last page climbed with four inputs or more. */
let tallyOptions: Element[] = [];
let tallyInputs: Element[] = [];

function order(root: ParentNode): Map<Element, number> {
  const at = new Map<Element, number>();
  visitElements(root, (el) => void at.set(el, at.size));
  return at;
}

const names = (set: Set<Element>, root: ParentNode): string[] => {
  const at = order(root);
  return [...set].map((el) => `${at.get(el)}:${el.name}`).sort();
};

/** Every box's tally as the climb reads it, and as tallyChoices does (with the climb's options). */
function tallies(root: ParentNode): [string[], string[]] {
  const expected: string[] = [];
  climbed(root, expected);
  if (expected.length === 0) return [[], []];
  const at = order(root);
  const got = tallyChoices(root, tallyInputs, tallyOptions, FRAME).map(
    (t) => `${t.box.name}#${at.get(t.box)} ${t.options} ${t.optionChars} ${t.chars}`,
  );
  return [got.sort(), expected.sort()];
}

for (const [name, parse] of PARSERS)
  test(`choice panels: the tally finds what a climb from every input finds, 400 built pages (${name})`, () => {
    let found = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const doc = parse(page(seed));
      const expected = climbed(doc);
      found += expected.size;
      assert.deepEqual(names(choicePanels(doc), doc), names(expected, doc), `seed ${seed}`);
      const [got, want] = tallies(doc);
      assert.deepEqual(got, want, `seed ${seed}`);
    }
    // The pages must hold panels for the comparison to say anything.
    assert.ok(found > 100, `only ${found} panels`);
  });

test('choice panels: options repeated out of turn, labels naming inputs before and after them', () => {
  // Two inputs share each label, met in the order a b a b; labels before and after their inputs.
  const html =
    '<html><body><div id="outer"><label for="x1">Red</label>' +
    '<div><input type="checkbox" id="x1"><input type="checkbox" id="x2"><input type="checkbox" id="x1b"></div>' +
    '<div><input type="checkbox" id="x2"><input type="radio" id="x3"><input type="radio" id="x4"></div>' +
    '<label for="x2">Blue</label><label for="x3">Green</label><label for="x4">Black</label></div></body></html>';
  for (const [, parse] of PARSERS) {
    const doc = parse(html);
    assert.deepEqual(names(choicePanels(doc), doc), names(climbed(doc), doc));
  }
});

test('choice panels: 200 boxes nested over four options find what the climb finds', () => {
  const options = ['Red', 'Blue', 'Green', 'Black'].map((c) => `<label><input type="checkbox">${c}</label>`).join('');
  const html = `<html><body>${'<div>'.repeat(200)}${options}${'</div>'.repeat(200)}</body></html>`;
  for (const [, parse] of PARSERS) {
    const doc = parse(html);
    const panels = choicePanels(doc);
    assert.equal(panels.size, 200);
    assert.deepEqual(names(panels, doc), names(climbed(doc), doc));
  }
});
