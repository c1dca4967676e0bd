// Screen-reader-only text: labels are left out of the reading, text holding a figure stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

test('screen-reader-only labels are left out of the reading; screen-reader text holding a figure stays', () => {
  const card = (name: string, price: string) =>
    `<li class="card"><h3><a href="/p/${name.replace(/ /g, '-')}">${name}</a></h3><div class="price">` +
    `<span class="visually-hidden">Regular price</span><span class="amount">${price}</span>` +
    `<span class="sr-only">Rated ${price.length} out of 5</span></div><p>` +
    `A blend roasted in small batches for a strong, smooth cup every morning of the week.</p></li>`;
  const names = ['Dark Roast', 'Blueberry Roast', 'Vanilla Roast', 'Espresso Roast', 'Medium Roast', 'Light Roast'];
  const html =
    `<html><body><header><a href="/">Coffee shop</a></header><main><h1>Coffee</h1>` +
    `<ul class="product-grid">${names.map((n, i) => card(n, `$1${i}.99`)).join('')}</ul></main><footer><p>` +
    `Shop footer</p></footer></body></html>`;
  const ex = extractContent(parseHtml(html), 'https://shop.example/collections/coffee');
  const text = ex ? renderText(ex.blocks, { title: null }) : '';
  assert.ok(text.includes('$15.99'), text);
  assert.ok(!text.includes('Regular price'), text);
  assert.ok(text.includes('Rated 6 out of 5'), text);
});
