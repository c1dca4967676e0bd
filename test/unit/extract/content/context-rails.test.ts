// A product page's rails are found where the page read whole can read them: a rail in a column
// the wide measure takes for chrome (a sidebar) is a rail too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { ContentContext } from '../../../../src/extract/content/context.js';
import { PRODUCT_LD, productPage } from '../../../support/product-page.js';

const variation = (i: number): string => `<div class="variation"><a href="/v/${i}">Iris dress, colour ${i}</a></div>`;

test('on a page selling one product, a rail in a sidebar column ("Show variations of this product") is a rail', () => {
  const html = productPage(PRODUCT_LD).replace(
    '</main>',
    '</main><aside class="sidebar"><div class="variations"><div class="variations-title">Show variations of this ' +
      `product</div>${[1, 2, 3, 4].map(variation).join('')}</div></aside>`,
  );
  const ctx = new ContentContext(parseHtml(html), 'https://shop.example/p/iris');
  assert.deepEqual(
    [...(ctx.rails ?? [])].map((el) => el.attribs['class']),
    ['upsells', 'product-reviews', 'variations'],
  );
});
