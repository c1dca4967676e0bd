// Rules for listings, collections and product pages (card grids found on the wide measure, ...).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractContent } from '../../../src/extract/content/extract-content.js';
import { renderText } from '../../../src/render/text.js';

const URL_ = 'https://shop.example/c/chairs';

function contentText(html: string, url = URL_): string {
  const ex = extractContent(parseHtml(html), url);
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const cards = (n: number, wrap: (i: number) => string): string => Array.from({ length: n }, (_, i) => wrap(i + 1)).join('\n');

test('a product grid inside a box the strict pass leaves out by its class ("widget") is the listing', () => {
  const html = `<html><head><title>Chairs</title></head><body>
<header class="site-header"><a href="/">Shop</a></header>
<div class="page"><h1>Office chairs</h1>
<div class="celwidget results-banner"><ul class="grid">${cards(8, (i) => `<li class="card"><a href="/p/${i}">Mesh office chair model ${i} with lumbar support</a><span class="price">$${100 + i}.00</span></li>`)}</ul></div>
<div class="newsletter-box"><p>Sign up for our newsletter and get ten percent off your first order today.</p></div>
</div>
<footer><ul class="footer-links">${cards(8, (i) => `<li class="footer-item"><a href="/info/${i}">Customer service page number ${i}</a></li>`)}</ul></footer>
</body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('Mesh office chair model 1 with lumbar support'), text);
  assert.ok(text.includes('Mesh office chair model 8'), text);
  assert.ok(!text.includes('Customer service page'), text);
});

test('the wide grid search leaves a page\'s comment thread and its navigation out', () => {
  const html = `<html><head><title>Chairs</title></head><body>
<div class="nav-wrap"><ul class="menu-list">${cards(8, (i) => `<li class="menu-item"><a href="/c/${i}">Category of chairs number ${i}</a> <span>new arrivals</span></li>`)}</ul></div>
<div class="post"><h1>Which chair?</h1><p>A short post about chairs that asks the readers which one they would choose for long days.</p></div>
<div class="comments-widget"><ol>${cards(8, (i) => `<li class="c"><a href="/u/${i}">user${i}</a> I would choose the mesh chair, number ${i} on my list of good chairs.</li>`)}</ol></div>
</body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('A short post about chairs'), text);
  assert.ok(!text.includes('Category of chairs number'), text);
  assert.ok(!text.includes('on my list of good chairs'), text);
});
