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
