// Supplement boxes: a reading rooted in the footer is only the footer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { onlyFooters } from '../../../../../src/extract/content/select/supplement-boxes.js';
import { attribute } from '../../../../../src/parse/nodes.js';
import { findAll } from 'domutils';
import type { Document, Element } from 'domhandler';

/** The first element whose class attribute is exactly `cls`. */
function elementOfClass(doc: Document, cls: string): Element {
  return findAll((el) => attribute(el, 'class') === cls, doc.children)[0]!;
}

test('a reading rooted in the footer, by tag or by name, is only the footer; the body and main never are', () => {
  const doc = parseHtml(
    '<html><body class="page-template-elementor_header_footer"><main class="site-footer-wrap">' +
      '<div class="footer__top"><p>Join us</p></div>' +
      '<div id="shopify-section-footer" class="shopify-section"><p>Subscribe</p></div>' +
      '<div class="Footer-styled__LowerGrid-sc-1"><p>Notice</p></div>' +
      '<footer class="x"><p>Links</p></footer><div class="footnotes"><p>1. A note</p></div>' +
      '<div class="product-grid"><p>Socks</p></div></main></body></html>',
  );
  const by = (cls: string): Element => elementOfClass(doc, cls);
  assert.equal(onlyFooters([by('footer__top')]), true);
  assert.equal(onlyFooters([by('shopify-section'), by('Footer-styled__LowerGrid-sc-1'), by('x')]), true);
  assert.equal(onlyFooters([by('footer__top'), by('product-grid')]), false);
  assert.equal(onlyFooters([by('footnotes')]), false);
  assert.equal(onlyFooters([by('site-footer-wrap')]), false);
  assert.equal(onlyFooters([by('page-template-elementor_header_footer')]), false);
  assert.equal(onlyFooters([]), false);
});
