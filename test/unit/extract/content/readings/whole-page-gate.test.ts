import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string, url = 'https://service.example/offer'): string {
  const ex = extractContent(parseHtml(html), url);
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const sentence = (topic: string, i: number): string =>
  `Sentence ${i} about ${topic}, written out with enough words, commas, and detail to read as prose.`;
const prose = (topic: string, n: number): string =>
  Array.from({ length: n }, (_, i) => sentence(topic, i + 1)).join(' ');

test('a service page whose other sections sit in "promo" boxes is read whole (the wide measure sees them)', () => {
  const promo = (name: string): string => `<div class="promo-block"><h2>${name}</h2><p>${prose(name, 5)}</p></div>`;
  const html = `<html><head><title>Garden services</title></head><body>
<header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<div class="page">
  <section class="intro"><h1>Garden services</h1><p>${prose('our garden care', 6)}</p></section>
  ${promo('Lawn mowing')}${promo('Hedge trimming')}${promo('Tree planting')}
</div>
<footer><p>Copyright Garden Example</p></footer></body></html>`;
  const text = contentText(html);
  assert.match(text, /our garden care/);
  for (const name of ['Lawn mowing', 'Hedge trimming', 'Tree planting'])
    assert.match(text, new RegExp(`Sentence 5 about ${name}`), name);
  assert.doesNotMatch(text, /Copyright/);
});

test('a post that is all the strict measure sees, beside a long comment thread, is read without the comments', () => {
  const comment = (i: number): string =>
    `<li class="comment"><p class="comment-author">Reader ${i}</p><p>${prose(`reply ${i}`, 3)}</p></li>`;
  const html =
    `<html><head><title>Notes on pruning</title></head><body>
<div class="wrap"><div class="post"><h1>Notes on pruning</h1><p>${prose('pruning roses', 8)}</p></div>
<div id="comments"><h2>42 comments</h2><ol>${Array.from({ length: 24 }, (_, i) => comment(i + 1)).join('')}</ol>` +
    `</div></div>
</body></html>`;
  const text = contentText(html, 'https://blog.example/notes-on-pruning');
  assert.match(text, /Sentence 8 about pruning roses/);
  assert.doesNotMatch(text, /reply 1\b|Reader 1\b/);
});
