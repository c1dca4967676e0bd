// A listing's filter panel drawn as checkboxes and radio buttons is found by what it holds, its
// class naming nothing; task lists, a table's row selectors and a form's long questions are not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { choicePanels } from '../../../../../src/extract/content/exclude/choice-panels.js';
import { attribute } from '../../../../../src/parse/nodes.js';

const option = (type: string, id: string, label: string): string =>
  `<label class="c8f" for="${id}"><span class="c1b"><input type="${type}" id="${id}"></span>` +
  `<span class="c4d">${label}</span></label>`;

/** The classes (or tag names) of the page's choice panels. */
function panelsOf(body: string): string[] {
  const doc = parseHtml(`<html><body><main>${body}</main></body></html>`);
  return [...choicePanels(doc)].map((el) => attribute(el, 'class') ?? el.name);
}

test('checkboxes and radio buttons with short labels are a filter panel, its group headings with it', () => {
  const date = ['Today', 'Tomorrow', 'This weekend', 'Next week'].map((o, i) => option('radio', `d${i}`, o));
  const format = ['Class', 'Conference', 'Festival', 'Meetup'].map((o, i) => option('checkbox', `f${i}`, o));
  const panels = panelsOf(
    `<div class="z3k"><fieldset class="g1"><legend>Date</legend>${date.join('')}</fieldset>` +
      `<fieldset class="g2"><legend>Format</legend>${format.join('')}</fieldset></div>` +
      `<div class="results"><p>Talks, workshops and meetups you can join from anywhere, listed by date.</p></div>`,
  );
  assert.deepEqual(panels.sort(), ['g1', 'g2', 'z3k']);
});

test('a label named by `for` beside its input counts as the option', () => {
  const items = ['Red', 'Blue', 'Green', 'Black']
    .map((c, i) => `<li class="sw"><input type="checkbox" id="c${i}"><label for="c${i}">${c}</label></li>`)
    .join('');
  assert.deepEqual(panelsOf(`<ul class="colours">${items}</ul>`), ['colours']);
});

test('a task list (disabled checkboxes) is text, not a panel', () => {
  const items = ['Test the stream', 'Share the slides', 'Post the recording', 'Thank the speakers']
    .map((t) => `<li><input type="checkbox" disabled> ${t}</li>`)
    .join('');
  assert.deepEqual(panelsOf(`<ul class="task-list">${items}</ul>`), []);
});

test("a table's row selectors are data, not a panel", () => {
  const rows = ['AAAI', 'IJCAI', 'NeurIPS', 'ICML']
    .map((c, i) => `<tr><td><input type="checkbox" id="r${i}"></td><td><label for="r${i}">${c}</label></td></tr>`)
    .join('');
  assert.deepEqual(panelsOf(`<table class="confs">${rows}</table>`), []);
});

test("a form's long questions and a panel with much text beside its choices are not panels", () => {
  const questions = [
    'I agree that my answers may be used to improve the course',
    'I would like to receive the monthly newsletter by email',
    'I have read the privacy notice and the terms of the service',
    'I am over eighteen years old and live in the United Kingdom',
  ].map((q, i) => option('checkbox', `q${i}`, q));
  assert.deepEqual(panelsOf(`<div class="survey">${questions.join('')}</div>`), []);
  const sizes = ['S', 'M', 'L', 'XL'].map((s, i) => option('radio', `s${i}`, s));
  const prose =
    '<p>Our linen shirt is cut loose through the body, washed twice for softness, and sewn in a small ' +
    'workshop that has made our shirts for twenty years.</p>';
  assert.deepEqual(panelsOf(`<div class="product">${prose}<div class="sizes">${sizes.join('')}</div></div>`), [
    'sizes',
  ]);
});

test('fewer than four choices are no panel', () => {
  const choices = ['Free', 'Paid', 'Donation'].map((o, i) => option('radio', `p${i}`, o));
  assert.deepEqual(panelsOf(`<div class="price">${choices.join('')}</div>`), []);
});
