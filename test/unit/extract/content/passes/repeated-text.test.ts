// Text the author repeats in the flow stays (a song's chorus, a poem's refrain, a heading used
// again); only layout copies (a section printed again for mobile, a teaser shown twice, a price
// printed twice in one line) are read once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string, url = 'https://songs.example/lyrics/harbour-lights'): string {
  const ex = extractContent(parseHtml(html), url);
  assert.ok(ex, 'content found');
  return renderText(ex.blocks, { title: null });
}

const count = (text: string, s: string): number => text.split(s).length - 1;

const CHORUS =
  'Oh the harbour lights are calling me home<br>Across the water where the night winds roam<br>' +
  'I will follow them wherever they go<br>Oh the harbour lights, they never let me go';
const verse = (n: number): string =>
  `Verse ${n}: the boats came in at the break of day<br>The nets were full and the gulls at play<br>` +
  `We sang the song our fathers knew<br>And the morning sky turned gold and blue, line ${n}`;

test('a song keeps its chorus every time it is sung', () => {
  const html = `<html><head><title>Harbour Lights lyrics</title></head><body>
<nav><a href="/">Home</a> <a href="/artists">Artists</a></nav>
<div class="lyrics-body"><h1>Harbour Lights</h1>
<p>${verse(1)}</p><p>${CHORUS}</p><p>${verse(2)}</p><p>${CHORUS}</p><p>${verse(3)}</p><p>${CHORUS}</p>
</div><footer>© Songs Example</footer></body></html>`;
  const text = contentText(html);
  assert.equal(count(text, 'Oh the harbour lights are calling me home'), 3, text);
  assert.equal(count(text, 'Verse 3'), 1);
});

test('a poem keeps its refrain, printed after each stanza', () => {
  const refrain = 'And still the river runs,<br>and still the river runs to the sea,<br>far from me and far from you.';
  const stanza = (n: number): string =>
    `<p>Stanza ${n}, where the willows bend low<br>and the reeds hold the light of the evening glow<br>` +
    `the stones remember what the water said ${n}</p><p>${refrain}</p>`;
  const html = `<html><head><title>The River</title></head><body><article><h1>The River</h1>
${[1, 2, 3, 4].map(stanza).join('\n')}</article></body></html>`;
  const text = contentText(html, 'https://poems.example/the-river');
  assert.equal(count(text, 'And still the river runs'), 4, text);
});

test('a heading the author uses again stays each time', () => {
  const part = (n: number): string =>
    `<h2>Ingredients</h2><p>For part ${n} of the cake you need flour, sugar, butter and three eggs, beaten well.</p>` +
    `<h2>Method</h2><p>Mix everything for part ${n} in a bowl, pour into a tin and bake it for forty minutes.</p>`;
  const html = `<html><head><title>Layer cake</title></head><body><article><h1>Layer cake</h1>
<p>A cake of two layers, each made the same way, then stacked with cream between them and served cold.</p>
${part(1)}${part(2)}</article></body></html>`;
  const text = contentText(html, 'https://recipes.example/layer-cake');
  assert.equal(count(text, 'Ingredients'), 2, text);
  assert.equal(count(text, 'Method'), 2, text);
});

test('a description printed again in a summary box is read once', () => {
  const desc =
    'This waterproof jacket keeps you dry on long hikes, with taped seams, a hood that folds away ' +
    'and two deep pockets.';
  const html = `<html><head><title>Trail jacket</title></head><body><main>
<h1>Trail jacket</h1><div class="tabs"><div class="tab-panel"><p>${desc}</p>
<p>Care: wash at thirty degrees, do not tumble dry, and reproof the outer fabric once a season.</p></div></div>
<div class="summary"><p>${desc}</p></div></main></body></html>`;
  const text = contentText(html, 'https://shop.example/trail-jacket');
  assert.equal(count(text, 'This waterproof jacket'), 1, text);
});

test('a price printed twice in one line reads once', () => {
  const html = `<html><head><title>Kettle</title></head><body><main><h1>Kettle</h1>
<p>A steel kettle that boils a litre of water in three minutes, with a light that shows when it is on.</p>
<p>A second paragraph about the kettle's handle, its lid and the filter that keeps the scale out of tea.</p>
<p><span>EUR 49.90</span><span>EUR 49.90</span></p></main></body></html>`;
  const text = contentText(html, 'https://shop.example/kettle');
  assert.equal(count(text, 'EUR 49.90'), 1, text);
});
