import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://service.example/pwa');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const prose = (topic: string): string =>
  `Answer about ${topic}, written out with enough words, commas, and detail to read as prose for a reader who asked.`;
const intro = Array.from(
  { length: 6 },
  (_, i) => `Sentence ${i + 1} about our apps, with commas, words, and detail enough to be prose.`,
).join(' ');

function page(toggle: (q: string) => string): string {
  const item = (q: string): string =>
    `<div class="flex flex-col">${toggle(q)}<div class="text-sm hidden"><p>${prose(q)}</p></div></div>`;
  return (
    `<html><head><title>Apps</title></head><body><main><h1>Apps</h1><p>${intro}</p>
<section><h2>Frequently asked questions</h2>${['cost', 'timing', 'design'].map(item).join('')}</section></main>` +
    `</body></html>`
  );
}

test('a panel hidden by class after a plain <button> holding a heading is an FAQ answer: read', () => {
  const text = contentText(page((q) => `<button type="button"><h5>What about ${q}?</h5></button>`));
  for (const q of ['cost', 'timing', 'design']) assert.match(text, new RegExp(`Answer about ${q}`), q);
});

test('the same panel after a toggle with ARIA state, or after a button without a heading, stays hidden', () => {
  const aria = contentText(
    page((q) => `<button type="button" aria-expanded="false"><h5>What about ${q}?</h5></button>`),
  );
  assert.doesNotMatch(aria, /Answer about cost/);
  const bare = contentText(page(() => `<button type="button">Show more</button>`));
  assert.doesNotMatch(bare, /Answer about cost/);
  assert.match(bare, /Sentence 6 about our apps/);
});
