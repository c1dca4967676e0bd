import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://service.example/rentals');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const intro = Array.from(
  { length: 6 },
  (_, i) => `Sentence ${i + 1} about our rentals, with commas, words, and detail enough to be prose.`,
).join(' ');
const questions = [
  'How long can I rent equipment for?',
  'Do you deliver and set up equipment?',
  'Can I extend my rental period?',
];

function page(faq: string): string {
  return `<html><head><title>Rentals</title></head><body><main><h1>Rentals</h1><p>${intro}</p>
<section><div><p>FAQ</p><h2>Rental questions</h2><p>Common questions about our rental services</p></div>
<div>${faq}</div></section></main></body></html>`;
}

test('FAQ questions written as headings inside their toggle buttons are read, as lines', () => {
  const faq = questions
    .map(
      (q) =>
        `<div class="border-b"><button class="w-full flex"><h3>${q}</h3><svg><path d="M0 0"/></svg></button></div>`,
    )
    .join('');
  const text = contentText(page(faq));
  for (const q of questions) assert.match(text, new RegExp(q.replace(/\?/g, '\\?')), q);
  assert.match(text, /Rental questions/);
  assert.match(text, /Sentence 6 about our rentals/);
});

test('an accordion of heading toggles with their open answers keeps questions and answers', () => {
  const faq = questions
    .map(
      (q, i) =>
        `<div class="accordion-item"><button aria-expanded="${i === 0}" aria-controls="c${i}"><h3>${q}</h3>` +
        `</button><div id="c${i}" class="accordion-content"><p>` +
        `Answer ${i + 1}, written out with words, commas, and detail for the reader who asked.</p></div></div>`,
    )
    .join('');
  const text = contentText(page(`<button>Expand all</button><button>Collapse all</button>${faq}`));
  for (const q of questions) assert.match(text, new RegExp(q.replace(/\?/g, '\\?')), q);
  assert.match(text, /Answer 3, written out/);
  assert.doesNotMatch(text, /Expand all|Collapse all/);
});

test('plain buttons, and a heading toggle whose panel is closed, stay out of the text', () => {
  const faq = questions
    .map(
      (q) =>
        `<div><button aria-expanded="false" aria-controls="x"><h3>${q}</h3></button><div style="display:none"><p>` +
        `Closed answer.</p></div></div>`,
    )
    .join('');
  const text = contentText(page(`<button type="button">Add to cart</button>${faq}`));
  assert.doesNotMatch(text, /Add to cart/);
  assert.doesNotMatch(text, /How long can I rent/);
  assert.doesNotMatch(text, /Closed answer/);
});

test('a heading toggle that opens a table of contents stays out with its links', () => {
  const toc =
    `<div class="accordion"><button aria-expanded="true" aria-controls="toc"><h2>Contents</h2></button>` +
    `<div id="toc"><nav aria-label="Contents"><ul><li><a href="#a">Section A</a></li></ul></nav></div></div>`;
  const text = contentText(
    page(`${toc}${questions.map((q) => `<div><button class="w-full"><h3>${q}</h3></button></div>`).join('')}`),
  );
  assert.doesNotMatch(text, /Contents/);
  assert.match(text, /Can I extend my rental period\?/);
});
