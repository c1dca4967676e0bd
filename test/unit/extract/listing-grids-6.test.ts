// Rules for listings, collections and product pages, sixth pass (issue 13, branch xlist6).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Block } from '../../../src/extract/blocks.js';
import { dropCardControls } from '../../../src/extract/content/passes/card-controls.js';
import { dropFurnitureLines } from '../../../src/extract/content/passes/furniture-lines.js';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractContent } from '../../../src/extract/content/extract-content.js';
import { renderText } from '../../../src/render/text.js';

const p = (text: string): Block => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const texts = (blocks: Block[]): string[] =>
  blocks.flatMap((b) =>
    b.type === 'list'
      ? b.items.flatMap((i) => texts(i.children))
      : b.type === 'paragraph'
        ? [(b.children[0] as { text: string }).text]
        : [],
  );

test('buttons printed on every card are left out; titles and prices stay', () => {
  const card = (name: string, price: string): Block[] => [p(name), p(price), p('Quick Shop'), p('+  Wishlist')];
  const blocks = [
    ...card('Dark Roast Coffee', '$19.99'),
    ...card('Blueberry Coffee', '$18.99'),
    ...card('Vanilla Coffee', '$17.99'),
  ];
  assert.deepEqual(texts(dropCardControls(blocks)), [
    'Dark Roast Coffee',
    '$19.99',
    'Blueberry Coffee',
    '$18.99',
    'Vanilla Coffee',
    '$17.99',
  ]);
});

test('cards set as list items lose their controls too', () => {
  const item = (name: string): { children: Block[] } => ({ children: [p(name), p('Add to Compare'), p('Sold out')] });
  const list: Block = {
    type: 'list',
    ordered: false,
    start: null,
    items: [item('Trail helmet'), item('Road helmet'), item('Kids helmet')],
  };
  assert.deepEqual(texts(dropCardControls([list])), ['Trail helmet', 'Road helmet', 'Kids helmet']);
});

test('a control shown once or twice stands, and so does a longer line holding the word', () => {
  const blocks = [
    p('Espresso machine'),
    p('Add to cart'),
    p('Compare'),
    p('Compare'),
    p('Add to cart our best grinder and save on the set'),
    p('Add to cart our best grinder and save on the set'),
    p('Add to cart our best grinder and save on the set'),
  ];
  assert.equal(dropCardControls(blocks), blocks);
});

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

test('a sentence tagging its link "(affiliate link)" is prose; the notice alone is furniture', () => {
  const intro = p(
    "I love a meal with crispiness and crunch, and these air fryer recipes deliver! If you're looking to purchase " +
      'an air fryer, this is my pick. (affiliate link)',
  );
  const notice = p('This post contains affiliate links.');
  const short = p('Our pick (affiliate link)');
  assert.deepEqual(texts(dropFurnitureLines([intro, notice, short, p('Crispy Air Fryer Tofu')])), [
    (intro.type === 'paragraph' && (intro.children[0] as { text: string }).text) || '',
    'Crispy Air Fryer Tofu',
  ]);
});

test("cards' badges and quick-buy labels go when repeated", () => {
  const card = (name: string): Block[] => [p('New'), p(name), p('$20'), p('Size'), p('Qty:')];
  assert.deepEqual(texts(dropCardControls([...card('Socks'), ...card('Shirt'), ...card('Hat')])), [
    'Socks',
    '$20',
    'Shirt',
    '$20',
    'Hat',
    '$20',
  ]);
});
