// Rules for listings, collections and product pages, seventh pass (issue 13, branch xlist7).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Block } from '../../../src/extract/blocks.js';
import {
  dropAdjacentRepeats,
  dropNearRepeats,
  undoubleLines,
} from '../../../src/extract/content/passes/doubled-lines.js';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractContent } from '../../../src/extract/content/extract-content.js';
import { renderText } from '../../../src/render/text.js';
import { gridSearchExcluded } from '../../../src/extract/content/exclude/grid-search.js';
import { isFacetPanel } from '../../../src/extract/content/exclude/facets.js';
import { Exclusions } from '../../../src/extract/content/exclude/exclusions.js';
import { attribute } from '../../../src/parse/nodes.js';
import { findAll } from 'domutils';
import { isKeyboardCopy } from '../../../src/extract/content/exclude/keyboard-copies.js';
import type { Document, Element } from 'domhandler';

const p = (text: string): Block => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const h = (text: string): Block => ({ type: 'heading', level: 3, children: [{ type: 'text', text }] });
const img: Block = { type: 'image', src: 'https://shop.example/a.jpg', alt: 'Bag', caption: null };
const lines = (blocks: Block[]): string[] =>
  blocks.flatMap((b) =>
    b.type === 'list'
      ? b.items.flatMap((i) => lines(i.children))
      : b.type === 'paragraph' || b.type === 'heading'
        ? [`${b.type[0]}:${(b.children[0] as { text: string }).text}`]
        : [],
  );

test("a card's line printed again right after itself is read once; the heading stands", () => {
  const card = (name: string, price: string): { children: Block[] } => ({
    children: [p(name), img, h(name), h(name), p(price), p(price)],
  });
  const list: Block = {
    type: 'list',
    ordered: false,
    start: null,
    items: [card('Dark Roast Coffee', '$19.99'), card('Blueberry Coffee', '$18.99')],
  };
  assert.deepEqual(lines(dropAdjacentRepeats([list])), [
    'h:Dark Roast Coffee',
    'p:$19.99',
    'h:Blueberry Coffee',
    'p:$18.99',
  ]);
});

test('repeats apart, code-like lines and distinct neighbours stand', () => {
  const blocks = [p('Dark Roast'), p('$19.99'), p('Dark Roast'), p('}'), p('}'), p('Blue'), p('Blueberry')];
  assert.equal(dropAdjacentRepeats(blocks), blocks);
});

const shopCard = (name: string, i: number): string =>
  `<article class="product-card"><a href="/p/${i}"><img src="/i/${i}.jpg" alt="${name}"></a><h3><a href="/p/${i}">` +
  `${name}</a></h3><p>Slim fit, black, recycled cotton</p><p>$3${i}.00</p></article>`;
const shirts = [
  'Running Graphic T-Shirt',
  'Geo Seamless T-Shirt',
  'Shadow Seamless T-Shirt',
  'Arrival Block T-Shirt',
  'Vital Seamless T-Shirt',
  'Critical Drop Arm Tank',
];
const seo =
  '<h2>Men’s Workout Shirts</h2>' +
  Array.from(
    { length: 6 },
    (_, i) =>
      `<p>Our collection of workout shirts number ${i} combines physique accentuating designs with functional ` +
      `materials, for a gym shirt that will have you feeling your best and ready to take on even the most ` +
      `intense of workouts.</p>`,
  ).join('');

test('a reading that is only an FAQ box or SEO copy gives way to the grid of products', () => {
  const html =
    `<html><body><header><a href="/">Gym shop</a></header><main><h1>T-Shirts</h1>` +
    `<div class="product-grid" role="list">${shirts.map(shopCard).join('')}</div>` +
    `<div class="supporting-rich-text_seo__x1">${seo}</div></main><footer><p>Shop footer</p></footer></body>` +
    `</html>`;
  const ex = extractContent(parseHtml(html), 'https://shop.example/collections/t-shirts');
  const text = ex ? renderText(ex.blocks, { title: null }) : '';
  assert.ok(text.includes('Geo Seamless T-Shirt') && text.includes('$35.00'), text);
});

/** The first element whose class attribute is exactly `cls`. */
function elementOfClass(doc: Document, cls: string): Element {
  return findAll((el) => attribute(el, 'class') === cls, doc.children)[0]!;
}

test('a box named for its pagination is searched for a grid (it may hold the results); menus are not', () => {
  const doc = parseHtml(
    '<html><body><nav class="site-nav"><a href="/">Home</a></nav><div class="pagination_pagination__a1">' +
      '<div class="product-grid"></div></div><div class="pager"></div><div class="footer-links"></div></body>' +
      '</html>',
  );
  const byClass = (cls: string): Element => elementOfClass(doc, cls);
  assert.equal(gridSearchExcluded(new Exclusions(), byClass('pagination_pagination__a1')), false);
  assert.equal(gridSearchExcluded(new Exclusions(), byClass('pager')), false);
  assert.equal(gridSearchExcluded(new Exclusions(), byClass('site-nav')), true);
  assert.equal(gridSearchExcluded(new Exclusions(), byClass('footer-links')), true);
});

test('a layout box naming the results beside its facets word is no filter panel; the panel is', () => {
  const doc = parseHtml(
    '<html><body><div class="t-collection__grid facets-vertical"></div>' +
      '<div class="t-collection__facets-form facets-vertical-form"></div><div class="facets-wrapper"></div>' +
      '</body></html>',
  );
  const byClass = (cls: string): Element => elementOfClass(doc, cls);
  assert.equal(isFacetPanel(byClass('t-collection__grid facets-vertical')), false);
  assert.equal(isFacetPanel(byClass('t-collection__facets-form facets-vertical-form')), true);
  assert.equal(isFacetPanel(byClass('facets-wrapper')), true);
});

test("a card in a list item loses its title's near repeat and its price's spaced twin", () => {
  const item = (name: string, price: string): { children: Block[] } => ({
    children: [h(name), p('Sennheiser'), h(name), p(`${price} ${price}`)],
  });
  const list: Block = {
    type: 'list',
    ordered: false,
    start: null,
    items: [item('Sennheiser HD 800S Headphones', '$1,999.95'), item('Sennheiser HDB 630 Wireless', '$499.95')],
  };
  assert.deepEqual(lines(undoubleLines(dropNearRepeats([list]))), [
    'h:Sennheiser HD 800S Headphones',
    'p:Sennheiser',
    'p:$1,999.95',
    'h:Sennheiser HDB 630 Wireless',
    'p:Sennheiser',
    'p:$499.95',
  ]);
  // Words twice over with a space between are words (a place, a refrain), not a doubled figure.
  assert.deepEqual(lines(undoubleLines([p('Bora Bora'), p('$5 $6')])), ['p:Bora Bora', 'p:$5 $6']);
});

test("a keyboard-hidden copy of a card's link is left out; a linked picture or description is not a copy", () => {
  const doc = parseHtml(
    '<article><a class="main" href="/p/1">Topo Athletic - ST-5. Color Grey. On sale for $108.00. 4.4 out of 5 ' +
      'stars</a><div><a class="copy" tabindex="-1" href="/p/1"><span>Brand</span> <span>Topo Athletic</span> ' +
      '<span>Product</span> <span>ST-5</span> <span>Grey</span></a></div></article>' +
      '<article><a class="pic" href="/a/2" tabindex="-1"><img src="/x.jpg" alt=""></a><header><h2><a href="/a/2">' +
      'Beats Solo 4 gains colours</a></h2><p><a class="desc" href="/a/2" tabindex="-1">' +
      'Walmart now has the headphones in new retailer-exclusive colorways.</a></p></header></article>',
  );
  const byClass = (cls: string): Element => elementOfClass(doc, cls);
  assert.equal(isKeyboardCopy(byClass('copy')), true);
  assert.equal(isKeyboardCopy(byClass('desc')), false);
  assert.equal(isKeyboardCopy(byClass('pic')), false);
  assert.equal(isKeyboardCopy(byClass('main')), false);
});
