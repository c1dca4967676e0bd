// Rules for listings, collections and product pages (card grids found on the wide measure, ...).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractContent } from '../../../src/extract/content/extract-content.js';
import { renderText } from '../../../src/render/text.js';
import type { Element } from 'domhandler';
import { findCardGrid } from '../../../src/extract/content/select/card-grid.js';
import { wideGridStats } from '../../../src/extract/content/exclude/grid-search.js';
import { Exclusions } from '../../../src/extract/content/exclude/exclusions.js';
import { ElementStats } from '../../../src/extract/content/select/element-stats.js';
import { productRails } from '../../../src/extract/content/exclude/product-rails.js';
import { declaredTypes, sellsOneProduct } from '../../../src/extract/page/page-type.js';
import { dropPictureLines } from '../../../src/extract/content/passes/picture-lines.js';
import type { Block } from '../../../src/extract/blocks.js';
import { isElement, isPlainTag } from '../../../src/extract/dom/walk.js';

const URL_ = 'https://shop.example/c/chairs';

function contentText(html: string, url = URL_): string {
  const ex = extractContent(parseHtml(html), url);
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const cards = (n: number, wrap: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => wrap(i + 1)).join('\n');

test('a product grid inside a box the strict pass leaves out by its class ("widget") is the listing', () => {
  const html =
    `<html><head><title>Chairs</title></head><body>
<header class="site-header"><a href="/">Shop</a></header>
<div class="page"><h1>Office chairs</h1>
<div class="celwidget results-banner"><ul class="grid">` +
    `${cards(
      8,
      (i) =>
        `<li class="card"><a href="/p/${i}">Mesh office chair model ${i} with lumbar support</a>` +
        `<span class="price">$${100 + i}.00</span></li>`,
    )}` +
    `</ul></div>
<div class="newsletter-box"><p>Sign up for our newsletter and get ten percent off your first order today.</p></div>
</div>
<footer><ul class="footer-links">` +
    `${cards(8, (i) => `<li class="footer-item"><a href="/info/${i}">Customer service page number ${i}</a></li>`)}` +
    `</ul></footer>
</body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('Mesh office chair model 1 with lumbar support'), text);
  assert.ok(text.includes('Mesh office chair model 8'), text);
  assert.ok(!text.includes('Customer service page'), text);
});

test("the wide grid search leaves a page's comment thread and its navigation out", () => {
  const html =
    `<html><head><title>Chairs</title></head><body>
<div class="nav-wrap"><ul class="menu-list">` +
    `${cards(
      8,
      (i) =>
        `<li class="menu-item"><a href="/c/${i}">Category of chairs number ${i}</a>` +
        ` <span>new arrivals</span></li>`,
    )}` +
    `</ul></div>
<div class="post"><h1>Which chair?</h1><p>` +
    `A short post about chairs that asks the readers which one they would choose for long days.</p></div>
<div class="comments-widget"><ol>` +
    `${cards(
      8,
      (i) =>
        `<li class="c"><a href="/u/${i}">user${i}</a>` +
        ` I would choose the mesh chair, number ${i} on my list of good chairs.</li>`,
    )}` +
    `</ol></div>
</body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('A short post about chairs'), text);
  assert.ok(!text.includes('Category of chairs number'), text);
  assert.ok(!text.includes('on my list of good chairs'), text);
});

const PRODUCT_LD = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Iris hemp dress","offers":{"@type":"Offer","price":"132.34","priceCurrency":"EUR"}}</script>`;

const productPage = (ld: string): string =>
  `<html><head><title>Iris hemp dress</title>${ld}</head><body>
<main><div class="product"><h1>Iris hemp dress</h1><p class="price">€132.34</p>
<div class="description"><p>We are in love with the Iris hemp dress, a flower that symbolises creativity and ` +
  `inspiration, just like this dress which blooms with every layer.</p>
<ul><li>Three layers of flowy hemp with a side zip</li><li>Pocket on the right side</li><li>` +
  `Materials: 100% hemp, azo-free dyes</li></ul></div></div>
<section class="upsells"><h2>You may also like</h2><ul class="products">` +
  `${cards(
    6,
    (i) =>
      `<li class="product-card"><a href="/p/${i}">Summer dress number ${i} in soft linen</a>` +
      `<span>€${60 + i}.00</span></li>`,
  )}` +
  `</ul></section>
<div class="product-reviews"><h2>Reviews</h2><p>` +
  `Lovely dress, fits well and the colour is just as in the pictures, I wear it every weekend.</p></div>
</main></body></html>`;

function railsOf(html: string): string[] {
  const doc = parseHtml(html);
  const body = (doc.children.find((c) => (c as Element).name === 'html') as Element).children.find(
    (c) => (c as Element).name === 'body',
  ) as Element;
  const wide = wideGridStats(new Exclusions(), body);
  let page = 0;
  for (const c of body.children) page += wide.get(c as Element)?.chars ?? 0;
  return [...productRails(wide, page)].map((el) => el.attribs['class'] ?? el.name);
}

const scriptsOf = (html: string): Element[] => {
  const out: Element[] = [];
  const walk = (n: Element): void => {
    if (n.name === 'script') out.push(n);
    for (const c of n.children ?? []) if (isElement(c)) walk(c); // a <style>'s children are text: no script under it
  };
  for (const c of parseHtml(html).children) if (isPlainTag(c)) walk(c);
  return out;
};

test('the rails of a product page: grids of priced cards and sections named reviews or upsells, not the description', () => {
  assert.deepEqual(railsOf(productPage(PRODUCT_LD)), ['upsells', 'product-reviews']);
  // Cards without prices (feature blurbs that link on) are the page's own.
  const features = productPage('')
    .replace(/<span>€\d+\.00<\/span>/g, '<span>with a free sample</span>')
    .replace('upsells', 'features');
  assert.deepEqual(railsOf(features), ['product-reviews']);
});

test('a page sells one product when it declares an offer, or only its Open Graph type; not a rated service or a list of products', () => {
  assert.equal(sellsOneProduct(declaredTypes(scriptsOf(productPage(PRODUCT_LD)))), true);
  assert.equal(sellsOneProduct(declaredTypes([])), true);
  const rated =
    `<script type="application/ld+json">{"@type":"Product","name":"Pest control",` +
    `"aggregateRating":{"@type":"AggregateRating","ratingValue":"4.9"}}</script>`;
  assert.equal(sellsOneProduct(declaredTypes(scriptsOf(productPage(rated)))), false);
  const listed =
    `<script type="application/ld+json">{"@type":"CollectionPage","mainEntity":{"@type":"ItemList",` +
    `"itemListElement":[{"@type":"Product","name":"A","offers":{"@type":"Offer","price":"1"}}]}}</script>`;
  assert.equal(sellsOneProduct(declaredTypes(scriptsOf(productPage(listed)))), false);
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

test('a grid shown to screen readers only (a second copy of the menus) is no card grid', () => {
  const menu =
    `<div class="visually-hidden"><ul>` +
    `${cards(
      6,
      (i) =>
        `<li class="m"><a href="/c/${i}">Socks for men, category ${i}</a>` +
        `<a href="/c/${i}/all">Shop all of category ${i}</a></li>`,
    )}` +
    `</ul></div>`;
  const doc = parseHtml(`<html><body>${menu}<p>Short intro.</p></body></html>`);
  const body = (doc.children.find((c) => (c as Element).name === 'html') as Element).children.find(
    (c) => (c as Element).name === 'body',
  ) as Element;
  assert.equal(findCardGrid(new ElementStats(body, () => false)), null);
  const shown = parseHtml(
    `<html><body>${menu.replace('visually-hidden', 'menu-copy')}<p>Short intro.</p></body></html>`,
  );
  const body2 = (shown.children.find((c) => (c as Element).name === 'html') as Element).children.find(
    (c) => (c as Element).name === 'body',
  ) as Element;
  assert.notEqual(findCardGrid(new ElementStats(body2, () => false)), null);
});
