// A product's variant picker (a fieldset or radiogroup of size or colour options) is left out of
// every reading; a group of options whose labels are sentences (a quiz's answers) is read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import type { Element } from 'domhandler';
import { Exclusions } from '../../../../../src/extract/content/exclude/exclusions.js';
import { ATTEMPTS } from '../../../../../src/extract/content/select/attempt-flags.js';
import { isOptionGroup } from '../../../../../src/extract/content/exclude/option-groups.js';
import { findElement } from '../../../../../src/extract/dom/walk.js';
import { PRODUCT_LD } from '../../../../support/product-page.js';

const sizes = (labels: string[]): string =>
  labels.map((s, i) => `<input type="radio" id="s${i}" class="sr-only"><label for="s${i}">${s}</label>`).join('');

test('a size picker (fieldset of radio buttons) and a colour picker (radiogroup) are left out of every reading', () => {
  const doc = parseHtml(
    `<html><head><title>Iris hemp dress</title>${PRODUCT_LD}</head><body><main><h1>Iris hemp dress</h1>` +
      `<p>We are in love with the Iris hemp dress, a flower that symbolises creativity and inspiration.</p>` +
      `<form class="k2"><fieldset class="q1"><legend>Select a size</legend>${sizes(['xs', 's', 'm', 'l', 'xl'])}` +
      `</fieldset><div role="radiogroup" aria-label="Colour"><span>Colour: Sage</span>` +
      `<div role="radio" aria-checked="true">Sage</div><div role="radio" aria-checked="false">Ochre</div></div>` +
      `<button type="submit">Add to cart</button></form></main></body></html>`,
  );
  const ex = new Exclusions();
  const verdict = (match: (el: Element) => boolean): string | null =>
    ex.reason(findElement(doc, match)!, ATTEMPTS[ATTEMPTS.length - 1]!);
  assert.equal(
    verdict((el) => el.name === 'fieldset'),
    'option group',
  );
  assert.equal(
    verdict((el) => el.attribs['role'] === 'radiogroup'),
    'option group',
  );
  assert.equal(
    verdict((el) => el.name === 'p'),
    null,
  );
  assert.equal(
    verdict((el) => el.name === 'form'),
    null,
  );
});

test('a group of options whose labels are sentences is read: a quiz, a survey question', () => {
  const answers = [
    'Hemp needs far less water than cotton grown in the same fields',
    'Hemp fibre softens with every wash and keeps its strength for years',
  ];
  const doc = parseHtml(
    `<fieldset><legend>Which of these is true?</legend>${sizes(answers)}</fieldset>` +
      `<fieldset class="p"><legend>Size</legend>${sizes(['S', 'M', 'L'])}</fieldset>`,
  );
  const [quiz, picker] = [
    findElement(doc, (el) => el.name === 'fieldset' && el.attribs['class'] === undefined)!,
    findElement(doc, (el) => el.attribs['class'] === 'p')!,
  ];
  assert.equal(isOptionGroup(quiz), false);
  assert.equal(isOptionGroup(picker), true);
});

test('a fieldset with one option (a consent box) or none (an address form) is not a picker', () => {
  const doc = parseHtml(
    '<fieldset class="a"><legend>News</legend><input type="checkbox" id="n"><label for="n">Send me news</label>' +
      '</fieldset><fieldset class="b"><legend>Address</legend><input name="street"><input name="city"></fieldset>',
  );
  for (const cls of ['a', 'b'])
    assert.equal(isOptionGroup(findElement(doc, (el) => el.attribs['class'] === cls)!), false);
});
