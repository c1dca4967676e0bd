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
import { findElement as find } from '../../../../support/dom-find.js';
import { PRODUCT_LD, productPage } from '../../../../support/product-page.js';

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

test('a rail label need not be a heading: a short line set as its title, or a first line over a subtitle', () => {
  const blurb = (name: string): string =>
    `<div class="item"><h3>${name}</h3><p>Made to go with the stove, packs flat beside it.</p></div>`;
  // The rails are a small part of the page, as on a real one (a quarter of it at most).
  const care = 'Every dress is washed once before it ships, so it keeps its size at home. '.repeat(8);
  const html = productPage(PRODUCT_LD)
    .replace(/<section class="upsells">[\s\S]*?<\/section>/, '')
    .replace(
      '</main>',
      `<div class="pdp-extra"><p class="pdp-extra-title">Frequently bought together</p><div class="items">` +
        `${blurb('Spirit burner')}${blurb('Windscreen')}${blurb('Fire steel')}</div></div>` +
        `<section class="looks"><h2><div>Complete the look</div><div>Outfit inspiration</div></h2><div class="items">` +
        `${blurb('Merino hoodie')}${blurb('Trail pants')}${blurb('Sun hat')}</div></section>` +
        `<div class="notes"><p>Materials</p><p>Hemp from small farms, dyed without azo dyes and sewn in our own ` +
        `workshop by the people who cut the patterns. ${care}</p></div></main>`,
    );
  assert.deepEqual(railsOf(html), ['product-reviews', 'pdp-extra', 'looks']);
});
