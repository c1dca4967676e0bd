// Offer lines: on a page that sells one product, a line that is the product's price or stock goes; the
// description stays, and so do prices on a page that does not sell one product (a listing's
// cards are priced) and sentences that name a price.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropOfferLines } from '../../../../../src/extract/content/passes/offer-lines.js';
import { contentTextAt } from '../../../../support/content-text.js';
import { PRODUCT_LD, productPage } from '../../../../support/product-page.js';
import { p } from '../../../../support/block-builders.js';

const URL = 'https://shop.example/products/iris-hemp-dress';

test('a product page sold by its offer: its price line goes, its description stays', () => {
  const out = contentTextAt(productPage(PRODUCT_LD), URL);
  assert.ok(out.includes('We are in love with the Iris hemp dress'), out);
  assert.ok(out.includes('Pocket on the right side'), out);
  assert.ok(!out.includes('€132.34'), out);
});

test('a page that declares no offer keeps the price line', () => {
  const noOffer = PRODUCT_LD.replace(',"offers":{"@type":"Offer","price":"132.34","priceCurrency":"EUR"}', '');
  const ld = noOffer.replace('"Product"', '"ItemList"');
  const out = contentTextAt(productPage(ld), URL);
  assert.ok(out.includes('€132.34'), out);
});

test('a price with a few words about it and a stock line go; sentences naming a price or the stock stay', () => {
  assert.deepEqual(dropOfferLines([p('$273.99 was $500.00 45% Off'), p('From: £2.98'), p('13,29€')]), []);
  assert.deepEqual(
    dropOfferLines([p('Sale Sold out'), p('Low in stock, only 6 left'), p('Notify me when back in stock')]),
    [],
  );
  for (const line of [
    'Free shipping on every order over $75 USD',
    'Each jar of thirty gummies costs $25, or $20 on a subscription.',
    'Express delivery',
    'We keep every size in stock at our warehouse in Leeds, and ship the same day.',
  ]) {
    const run = [p(line)];
    assert.equal(dropOfferLines(run), run, line);
  }
});
