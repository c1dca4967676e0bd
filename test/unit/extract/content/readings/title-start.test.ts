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

/** A product page whose <main> is the reading (it holds the page's text): `above` stands in it,
 *  above the title. `kind` is the page's declared Open Graph type. */
function declaredPage(kind: string, above: string): string {
  return `<html><head><title>Trail Wallet</title><meta property="og:type" content="${kind}"></head><body>
<header><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav></header>
<main>${above}
  <h1>Trail Wallet</h1><p>${prose('the wallet', 6)}</p>
  <h2>Materials</h2><p>${prose('the leather', 5)}</p>
  <h2>Care</h2><p>${prose('its care', 5)}</p>
</main>
<footer><p>Copyright Shop Example</p></footer></body></html>`;
}

test("a page declared a product prints its container from the title on: the shop's bar stays out", () => {
  const bar =
    `<p>The Outfitter Since 1973</p><p>Ask Our Experts</p><p>Hello, Log In</p><p>image 1 of 11</p>` +
    `<p>No Reviews Yet</p>`;
  const text = contentText(declaredPage('product', bar));
  assert.match(text, /Sentence 6 about the wallet/);
  assert.match(text, /Sentence 5 about its care/);
  assert.doesNotMatch(text, /Since 1973|Ask Our Experts|Log In|image 1 of 11|No Reviews Yet/);
});

test("an article's container keeps what stands above its title (a kicker, a summary)", () => {
  const kicker =
    `<p>Field notes from the trail</p><p>Part three of a series on gear</p>` +
    `<p>A week on the trail with one wallet, start to end.</p>`;
  const text = contentText(declaredPage('article', kicker));
  assert.match(text, /Field notes from the trail/);
  assert.match(text, /Part three of a series on gear/);
  assert.match(text, /A week on the trail with one wallet/);
  assert.match(text, /Sentence 5 about its care/);
});
