// The grid reading: a listing's grid of cards is read when the other readings found only a sliver,
// an FAQ box, SEO copy or a box the strict pass left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';
import type { Element } from 'domhandler';
import { contentTextAt } from '../../../../support/content-text.js';

const BAGS_URL = 'https://shop.example/c/bags';
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
const CHAIRS_URL = 'https://shop.example/c/chairs';
const cards = (n: number, wrap: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => wrap(i + 1)).join('\n');

test('on a page declared an article, a grid the reading passed over is read when what was found is a sliver of the page', () => {
  const cards = Array.from(
    { length: 24 },
    (_, i) =>
      `<li class="card"><a href="/p/${i + 1}"><h4>Harbour apartment project number ${i + 1}</h4></a><p>Winner</p></li>`,
  ).join('\n');
  const page = (body: string): string =>
    `<html><head><title>Best of Year winners</title><script type="application/ld+json">` +
    `{"@context":"https://schema.org","@type":"Article","headline":"Best of Year winners"}</script></head><body>
<header class="site-header"><a href="/">Design magazine</a></header>
<main><article class="post"><div class="entry-content"><h1>Best of Year winners</h1><p>` +
    `The annual awards recognise standout projects across the industry.</p>
${body}</div></article></main>
<footer><p>Design magazine, all rights reserved.</p></footer></body></html>`;
  const text = contentTextAt(page(`<div class="award-list"><ul class="cards">${cards}</ul></div>`), BAGS_URL);
  assert.ok(text.includes('The annual awards recognise'), text);
  assert.ok(text.includes('Harbour apartment project number 1'), text);
  assert.ok(text.includes('Harbour apartment project number 24'), text);
  // An article with a few link cards under it stays the article.
  const prose =
    '<p>' +
    'The jury met for two days and visited every shortlisted project, weighing craft, context and use. '.repeat(12) +
    '</p>';
  const article = contentTextAt(
    page(prose + `<div class="award-list"><ul class="cards">${cards.split('\n').slice(0, 4).join('')}</ul></div>`),
    BAGS_URL,
  );
  assert.ok(article.includes('The jury met for two days'), article);
  assert.ok(!article.includes('Harbour apartment project number 1'), article);
});

test("a category's SEO copy at the foot of its grid is text; the page's footer is still left out", async () => {
  const { Exclusions } = await import('../../../../../src/extract/content/exclude/exclusions.js');
  const ex = new Exclusions();
  const { ATTEMPTS } = await import('../../../../../src/extract/content/select/attempt-flags.js');
  const doc = parseHtml(
    '<html><body><div class="field-seofootercopy"><p>Copy</p></div><div class="site-footer"><p>Footer</p></div>' +
      '</body></html>',
  );
  const body = (
    doc.children.find((c) => (c as { name?: string }).name === 'html') as unknown as {
      children: Array<{ name?: string; children: unknown[] }>;
    }
  ).children.find((c) => c.name === 'body')!;
  const [seo, footer] = body.children.filter((c) => (c as { type?: string }).type === 'tag') as Element[];
  assert.equal(ex.strictly(seo!, ATTEMPTS[0]!), false);
  assert.equal(ex.strictly(footer!, ATTEMPTS[0]!), true);
});

test('a grid of short cards whose <article>s were taken for the page is read as the grid', () => {
  const card = (i: number) =>
    `<div class="card"><article class="group"><p>` +
    `Replace a worn battery in model ${i} with this part, no soldering needed.</p></article><a href="/p/${i}">` +
    `<h3>Battery for model ${i}</h3></a><a href="/p/${i}">$ ${20 + i}.99</a></div>`;
  const html =
    `<html><body><header><a href="/">Parts shop</a></header><main><h1>Phone parts</h1><div class="grid">` +
    `${[1, 2, 3, 4, 5, 6, 7, 8].map(card).join('')}</div></main><footer><p>Parts shop footer.</p></footer></body>` +
    `</html>`;
  const ex = extractContent(parseHtml(html), 'https://parts.example/phones');
  const text = ex ? renderText(ex.blocks, { title: null }) : '';
  assert.ok(text.includes('Battery for model 3'), text);
  assert.ok(text.includes('no soldering needed'), text);
});

test('on a page declared an article, a sliver found inside a grid of short cards gives way to the grid', () => {
  const card = (i: number) =>
    `<li class="issue"><article class="entry"><p>Issue ${i}: the week in travel, with notes on airlines and hotels.` +
    `</p></article><a href="/issues/${i}"><h3>Daily report ${i}</h3></a><a href="/issues/${i}">Read issue</a>` +
    `</li>`;
  const ld = '<script type="application/ld+json">{"@type":"Article","headline":"Issues"}</script>';
  const menu = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    .map((i) => `<li><a href="/section/${i}">Section number ${i} of the site menu</a></li>`)
    .join('');
  const html =
    `<html><head>${ld}</head><body><header><ul>${menu}</ul></header><main class="c-main"><h1>Issues</h1>` +
    `<ul class="issues">${[1, 2, 3, 4, 5, 6, 7, 8].map(card).join('')}</ul></main><footer><ul>${menu}</ul><p>` +
    `${'Footer text of the newsletter site, its address and its terms. '.repeat(80)}</p></footer></body></html>`;
  const ex = extractContent(parseHtml(html), 'https://news.example/issues/');
  const text = ex ? renderText(ex.blocks, { title: null }) : '';
  assert.ok(text.includes('Daily report 5'), text);
  assert.ok(text.includes('notes on airlines'), text);
});

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
  const text = contentTextAt(html, CHAIRS_URL);
  assert.ok(text.includes('Mesh office chair model 1 with lumbar support'), text);
  assert.ok(text.includes('Mesh office chair model 8'), text);
  assert.ok(!text.includes('Customer service page'), text);
});
