import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTextAt } from '../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://guide.example/insurance');

const para = (n: number): string =>
  `<p>Paragraph ${n} of the guide, with commas, words, and detail enough to read as prose for a reader of this ` +
  `page.</p>`;

test('a role=tooltip note is shown only on hover: left out of the text', () => {
  const text = contentText(
    `<html><head><title>Guide</title></head><body><article><h1>Guide</h1>${para(1)}
<p>Pick a <span class="term">deductible<span role="tooltip">` +
      `The amount you pay before the plan pays anything at all.</span></span>` +
      ` that fits your budget, with care and thought.</p>${para(2)}${para(3)}</article></body></html>`,
  );
  assert.match(text, /Pick a deductible that fits your budget/);
  assert.doesNotMatch(text, /The amount you pay before/);
  assert.match(text, /Paragraph 3 of the guide/);
});

test('an element named a tooltip by class only is not hidden by this rule', () => {
  const text = contentText(
    `<html><head><title>Guide</title></head><body><article><h1>Guide</h1>${para(1)}
<p class="tooltip-term">Deductibles explained in one sentence, with commas, for every reader here.</p>` +
      `${para(2)}${para(3)}</article></body></html>`,
  );
  assert.match(text, /Deductibles explained in one sentence/);
});

test('a trigger marked role=tooltip that points at its own description (aria-describedby) is shown', () => {
  const text = contentText(
    `<html><head><title>Guide</title></head><body><article><h1>Guide</h1>${para(1)}
<div role="tooltip" aria-describedby="t1"><p>` +
      `Written by the plan team, with commas, care, and words enough for a reader.</p></div>` +
      `${para(2)}${para(3)}</article></body></html>`,
  );
  assert.match(text, /Written by the plan team/);
});
