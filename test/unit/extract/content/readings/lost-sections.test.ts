import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://service.example/consulting');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const prose = (topic: string): string =>
  `We help teams with ${topic}, from the first workshop to the rollout, with clear plans, steady reviews, and ` +
  `people who stay.`;

/**
 * A page builder's service page: an intro, then sections of which some sit in "media" bands (a class the prune
 * weighs down).
 */
function servicePage(): string {
  const plain = ['strategy', 'design', 'delivery', 'support', 'research', 'testing']
    .map((t) => `<section class="block"><h2>Our ${t}</h2><p>${prose(t)} ${prose(t + ' again')}</p></section>`)
    .join('');
  const bands = ['audits', 'training', 'hosting', 'migration', 'security', 'staffing']
    .map((t) => `<div class="media-band"><h3>Band ${t}</h3><p>${prose(t)}</p></div>`)
    .join('');
  return (
    `<html><head><title>Consulting</title></head><body><nav><a href="/">Home</a></nav><main><h1>Consulting` +
    `</h1><p>${prose('consulting')} ${prose('planning')}</p>${plain}${bands}</main><footer>Footer</footer></body>` +
    `</html>`
  );
}

test('sections dropped inside the container by conversion come back with the whole-page reading', () => {
  const text = contentText(servicePage());
  assert.match(text, /Our strategy/);
  assert.match(text, /Band audits/);
  assert.match(text, /We help teams with staffing/);
});

test('an article of few sections above a run of teaser cards is not read with the teasers', () => {
  const sections = ['first', 'second', 'third']
    .map((t) => `<h2>The ${t} part</h2><p>${prose(t)} ${prose(t + ' more')} ${prose(t + ' still')}</p>`)
    .join('');
  const teasers = Array.from(
    { length: 10 },
    (_, i) =>
      `<div class="promo-card"><img src="/t${i}.jpg" alt=""><h3>Teaser ${i}</h3><p>${prose('teaser ' + i)}</p></div>`,
  ).join('');
  const html =
    `<html><head><title>Story</title></head><body><main><h1>Story</h1><p>${prose('the story')}</p>` +
    `${sections}<div class="more">${teasers}</div></main></body></html>`;
  const text = contentText(html);
  assert.match(text, /The third part/);
  assert.doesNotMatch(text, /Teaser 4/);
});
