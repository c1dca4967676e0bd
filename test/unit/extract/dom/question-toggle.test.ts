import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://insure.example/compare');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const intro = Array.from(
  { length: 5 },
  (_, i) => `Sentence ${i + 1} about comparing plans, with commas, words, and detail enough to be prose.`,
).join(' ');

function page(faq: string): string {
  return `<html><head><title>Compare</title></head><body><main><h1>Compare plans</h1><p>${intro}</p>
<h2>Questions</h2><div>${faq}</div></main></body></html>`;
}

/** A clickable row (no button, no ARIA state) and the answer the page's script opens. */
const row = (question: string, answer: string, hiding = 'class="body" style="visibility:hidden"'): string =>
  `<div class="item"><div class="head" cursor="pointer"><div class="q">${question}</div></div>` +
  `<div ${hiding}><p>${answer}</p></div></div>`;

test('an answer hidden right after its question line is read, with the question', () => {
  const text = contentText(
    page(
      row('What does the plan cover?', 'Accidents and illnesses, from the first day of cover, to the limit.') +
        row('How much does a plan cost?', 'It depends on the age and the breed.', 'class="body hidden"'),
    ),
  );
  assert.match(text, /What does the plan cover\?/);
  assert.match(text, /Accidents and illnesses, from the first day of cover/);
  assert.match(text, /It depends on the age and the breed/);
  assert.match(text, /Sentence 5 about comparing plans/);
});

test('a hidden element after a line that is no question, or after a bare "?" icon, stays hidden', () => {
  const text = contentText(
    page(
      row('Plan details', 'The panel after a plain label stays closed in this reading.') +
        '<p>Deductible <span class="help">?</span>' +
        '<span style="display:none">The part of each bill you pay yourself.</span></p>',
    ),
  );
  assert.match(text, /Sentence 5 about comparing plans/);
  assert.doesNotMatch(text, /stays closed/);
  assert.doesNotMatch(text, /The part of each bill/);
});
