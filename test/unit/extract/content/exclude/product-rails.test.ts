// Product rails: on a page selling one product, grids of priced cards and sections named reviews or
// upsells are rails, the description is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { wideGridStats } from '../../../../../src/extract/content/exclude/grid-search.js';
import { Exclusions } from '../../../../../src/extract/content/exclude/exclusions.js';
import { isPlainTag } from '../../../../../src/extract/dom/walk.js';
import { productRails } from '../../../../../src/extract/content/exclude/product-rails.js';

function find(root: { children?: unknown[] }, pred: (el: Element) => boolean): Element | null {
  for (const c of (root.children ?? []) as Element[]) {
    if (!isPlainTag(c)) continue;
    if (pred(c)) return c;
    const r = find(c, pred);
    if (r) return r;
  }
  return null;
}
const cards = (n: number, wrap: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => wrap(i + 1)).join('\n');
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

test('on a page selling one product, a section opened by a rail heading ("Similar items") is a rail', async () => {
  const { productRails } = await import('../../../../../src/extract/content/exclude/product-rails.js');
  const doc = parseHtml(
    `<html><body><main><div class="x1"><h1>Clutch kit for a delivery van</h1><p>` +
      `Complete clutch kit with pressure plate, disc and release bearing, new in its box, fits 2011-2014 ` +
      `models. Ships the next working day from our store, with a thirty day return window and a one year ` +
      `warranty on every part in the kit.</p></div>
<div class="x2"><div class="x3"><h2>Similar items</h2></div><div class="x4"><span>` +
      `Another clutch kit, used, with bearing</span><span>A flywheel for the same van, new</span></div></div>
<div class="x5"><h2>Item specifics</h2><p>Condition: new. Brand: the maker. Part number 6283182000.</p></div>` +
      `</main></body></html>`,
  );
  const body = find(doc, (el) => el.name === 'body')!;
  const wide = wideGridStats(new Exclusions(), body);
  let page = 0;
  for (const c of body.children) if (isPlainTag(c)) page += wide.get(c)?.chars ?? 0;
  const rails = [...productRails(wide, page)].map((el) => el.attribs['class']);
  assert.deepEqual(rails, ['x2']);
});

test('the rails of a product page: grids of priced cards and sections named reviews or upsells, not the description', () => {
  assert.deepEqual(railsOf(productPage(PRODUCT_LD)), ['upsells', 'product-reviews']);
  // Cards without prices (feature blurbs that link on) are the page's own.
  const features = productPage('')
    .replace(/<span>€\d+\.00<\/span>/g, '<span>with a free sample</span>')
    .replace('upsells', 'features');
  assert.deepEqual(railsOf(features), ['product-reviews']);
});
