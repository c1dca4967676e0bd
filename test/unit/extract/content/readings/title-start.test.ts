import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://shop.example/products/trail-wallet');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const prose = (topic: string, n: number): string =>
  Array.from(
    { length: n },
    (_, i) => `Sentence ${i + 1} about ${topic}, written out with enough words, commas, and detail to read as prose.`,
  ).join(' ');
// The other sections sit in "promo" boxes, which the strict measure leaves out and the page read
// whole keeps: the product's own block is a small part of the page, so the page is read whole.
const section = (name: string): string => `<div class="promo-block"><h2>${name}</h2><p>${prose(name, 5)}</p></div>`;

/** A page read whole. `bar` stands above the title. */
function page(bar: string): string {
  return `<html><head><title>Trail Wallet</title></head><body>
<header><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav></header>
<div class="page">${bar}
  <div class="product"><h1>Trail Wallet</h1><p>${prose('the wallet', 6)}</p></div>
  ${section('Materials')}${section('Warranty')}${section('Care')}
</div>
<footer><p>Copyright Shop Example</p></footer></body></html>`;
}

test("a page read whole prints from its title on: the shop's bar above the <h1> stays out", () => {
  const bar =
    `<div class="bar"><p>UP TO 40% OFF</p><p>NEW ARRIVALS</p><p>Back</p><p>Rated 4.8 out of 5</p>` +
    `<p>Based on 46971 reviews</p></div>`;
  const text = contentText(page(bar));
  assert.match(text, /Sentence 4 about the wallet/);
  assert.match(text, /Sentence 5 about Care/);
  assert.doesNotMatch(text, /40% OFF|NEW ARRIVALS|Rated 4\.8|46971/);
});

test('text above the title that is much of the page is its own, and stays', () => {
  const intro = `<div class="promo-block"><h2>Overview</h2>${['the overview', 'its uses', 'its maker']
    .map((topic) => `<p>${prose(topic, 4)}</p>`)
    .join('')}</div>`;
  const text = contentText(page(intro));
  assert.match(text, /Sentence 4 about the overview/);
  assert.match(text, /Sentence 4 about its maker/);
  assert.match(text, /Sentence 5 about Care/);
});
