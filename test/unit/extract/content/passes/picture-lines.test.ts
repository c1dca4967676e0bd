// Picture lines: linked photos whose label the cards or the text already print are dropped; in a
// grid read from its section, every line of linked photos alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTextAt } from '../../../../support/content-text.js';
import { dropPictureLines, dropRepeatedPictures } from '../../../../../src/extract/content/passes/picture-lines.js';
import type { Block } from '../../../../../src/extract/blocks.js';

const BAGS_URL = 'https://shop.example/c/bags';

test('the whole page read on a listing drops the linked photos its cards already name', () => {
  const tile = (i: number): string =>
    `<div class="tile"><a href="/p/${i}"><ul class="carousel"><li>` +
    `<img src="/${i}a.jpg" alt="Trail Ultralight Sleeping Bag ${i} front view"></li><li>` +
    `<img src="/${i}b.jpg" alt="Trail Ultralight Sleeping Bag ${i} hood detail"></li></ul></a><h3>` +
    `Trail Ultralight Sleeping Bag ${i}</h3><p>Rated to ${i}0 F, weighs ${i}.5 pounds.</p></div>`;
  const html =
    `<html><head><title>Sleeping bags</title></head><body>
<header class="site-header"><a href="/">Outdoor shop</a></header>
<div class="top"><h1>Sleeping bags</h1><p>` +
    `Pick a bag rated below the coldest night you expect, and choose down for weight or synthetic for damp trips.` +
    `</p></div>
<div class="results"><h2>Products (2)</h2>${tile(1)}${tile(2)}</div>
<div class="advice"><h2>Expert advice</h2><p>` +
    `Our staff tested twelve bags on three trips this year; read the reviews before you buy your next one.</p>` +
    `</div>
<div class="faq"><h2>Questions</h2><p>Which bag is warmest? The one rated lowest, though a liner adds a few ` +
    `degrees to any bag you own.</p></div>
<footer><p>Outdoor shop, since 1938.</p></footer></body></html>`;
  const text = contentTextAt(html, BAGS_URL);
  assert.ok(text.includes('Trail Ultralight Sleeping Bag 2\nRated to 20 F'), text);
  assert.ok(text.includes('Expert advice'), text);
  assert.ok(!text.includes('hood detail'), text);
  assert.ok(!text.includes('front view'), text);
});

test("a grid read from its section drops its cards' linked photos, however their alt text reads", () => {
  const kettles = ['Copper', 'Enamel', 'Steel', 'Glass', 'Cast iron', 'Ceramic', 'Whistling', 'Electric'];
  const card = (name: string, i: number): string =>
    `<li class="card"><div class="photo"><a href="/p/${i}"><img src="/${i}.jpg" alt="A ${name.toLowerCase()} ` +
    `kettle on a stove top, seen from above"></a></div><h3><a href="/p/${i}">${name} kettle, 1.7 litres, ` +
    `with a folding handle</a></h3><p class="price">$${20 + i}.00</p></li>`;
  const html = `<html><head><title>Kettles</title></head><body>
<header class="site-header"><a href="/">Shop</a></header>
<div class="page"><h1>Kettles</h1>
<div class="celwidget results-banner"><ul class="grid">${kettles.map(card).join('')}</ul></div>
<div class="newsletter-box"><p>Sign up for our newsletter and get ten percent off your first order today.</p></div>
</div>
<footer><p>Kitchen shop, since 1951.</p></footer></body></html>`;
  const text = contentTextAt(html, 'https://shop.example/c/kettles');
  assert.ok(text.includes('Cast iron kettle, 1.7 litres'), text);
  assert.ok(text.includes('$24.00'), text);
  assert.ok(!text.includes('seen from above'), text);
});

test('in a card grid, linked pictures whose label the cards already print, or that describe the photo, are dropped; a picture that alone names its card stays', () => {
  const pic = (alt: string): Block => ({
    type: 'paragraph',
    children: [
      {
        type: 'link',
        href: 'https://shop.example/p/1',
        children: [{ type: 'image', src: 'https://shop.example/1.jpg', alt }],
      },
    ],
  });
  const line = (text: string): Block => ({ type: 'paragraph', children: [{ type: 'text', text }] });
  const blocks = [
    pic('Nalgene Sustain Water Bottle - 32 fl. oz. 0'),
    pic('Nalgene Sustain Water Bottle - 32 fl. oz. 1'),
    pic('May include: a blue bottle on a rock'),
    line('NalgeneSustain Water Bottle - 32 fl. oz.'),
    line('$17.00'),
    pic('Steel flask by Acme'),
    line('$25.00'),
  ];
  assert.deepEqual(dropPictureLines(blocks), [
    line('NalgeneSustain Water Bottle - 32 fl. oz.'),
    line('$17.00'),
    pic('Steel flask by Acme'),
    line('$25.00'),
  ]);
});

test('a named picture printed again right after itself is shown once; a run of unnamed ones (stars) stays', () => {
  const pic = (src: string, alt: string): Block => ({ type: 'image', src, alt, caption: null });
  const desk = pic('https://shop.example/desk.jpg', 'Standing desk hover image');
  const star = pic('https://shop.example/star.svg', '');
  const blocks: Block[] = [
    desk,
    pic('https://shop.example/desk.jpg', 'Standing desk hover image'),
    { type: 'paragraph', children: [{ type: 'text', text: 'Rated' }] },
    star,
    star,
    star,
    desk,
  ];
  assert.deepEqual(dropRepeatedPictures(blocks), [desk, blocks[2], star, star, star, desk]);
});
