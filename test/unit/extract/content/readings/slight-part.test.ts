import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string, url: string): string {
  const ex = extractContent(parseHtml(html), url);
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const sentence = (topic: string, i: number): string =>
  `Sentence ${i} about ${topic}, written out with enough words, commas, and detail to read as prose.`;
const prose = (topic: string, n: number): string =>
  Array.from({ length: n }, (_, i) => sentence(topic, i + 1)).join(' ');
const links = (n: number): string =>
  `<ul class="model-list">` +
  `${Array.from(
    { length: n },
    (_, i) => `<li><a href="/models/m${i}">Model number ${i} by its maker,` + ` updated ${i + 2} days ago</a></li>`,
  ).join('')}` +
  `</ul>`;

test('a sectioned block that scoring picked beside far more of an undeclared page is one section: the page is read whole', () => {
  const feature = (name: string): string => `<div class="feature"><h3>${name}</h3><p>Plain words on ${name}</p></div>`;
  const html =
    `<html><head><title>Model hub</title></head><body>
<header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a></nav></header>
<div class="page">
  <section class="plans"><h2>Team plans</h2><p>${prose('team plans', 4)}</p><h2>Compute</h2><p>` +
    `${prose('compute', 4)}</p></section>
  <section class="models"><h2>Trending this week</h2>${links(36)}</section>
  <section class="features"><h2>The home of models</h2>` +
    `${['Hosting', 'Versioning', 'Sharing', 'Search', 'Spaces', 'Datasets'].map(feature).join('')}</section>
</div>
<footer><p>Copyright Hub Example</p></footer></body></html>`;
  const text = contentText(html, 'https://hub.example/');
  assert.match(text, /Sentence 4 about compute/);
  for (const name of ['Hosting', 'Versioning', 'Datasets'])
    assert.match(text, new RegExp(`Plain words on ${name}`), name);
  assert.doesNotMatch(text, /Copyright/);
});

test('an undeclared article without subheadings beside a longer sidebar is not read whole by this rule', () => {
  const html =
    `<html><head><title>Notes on pruning</title></head><body>
<div class="wrap"><div class="story"><h1>Notes on pruning</h1><p>${prose('pruning roses', 6)}</p></div>
<div class="column"><h2>More reading</h2>${links(30)}<h3>About us</h3><p>` +
    `Plain words about the garden club and its members</p></div></div>
</body></html>`;
  const text = contentText(html, 'https://blog.example/notes-on-pruning');
  assert.match(text, /Sentence 6 about pruning roses/);
  assert.doesNotMatch(text, /garden club/);
});
