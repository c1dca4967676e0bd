// Rules for listings, collections and product pages, eighth pass (issue 13, branch xlist8).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { onlyFooters } from '../../../src/extract/content/select/supplement-boxes.js';
import { unwrapCardText } from '../../../src/extract/content/passes/card-text.js';
import type { Block, Inline } from '../../../src/extract/blocks.js';
import { inlineText } from '../../../src/extract/to-blocks/block-text.js';
import { attribute } from '../../../src/parse/nodes.js';
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

const link = (href: string, text: string): Block => ({
  type: 'paragraph',
  children: [{ type: 'link', href, children: [{ type: 'text', text }] }] as Inline[],
});
const linkedHeading = (href: string, text: string): Block => ({
  type: 'heading',
  level: 3,
  children: [{ type: 'link', href, children: [{ type: 'text', text }] }] as Inline[],
});
const plain = (b: Block): string => (b.type === 'paragraph' || b.type === 'heading' ? inlineText(b.children) : '');

test('a link-wrapped card of label lines keeps them as one line of text; prices and prose cards do not', () => {
  const card = (slug: string, title: string, minutes: string): Block[] => [
    linkedHeading(`/r/${slug}`, title),
    link(`/r/${slug}`, 'Duration'),
    link(`/r/${slug}`, minutes),
    link(`/r/${slug}`, 'Difficulty'),
    link(`/r/${slug}`, 'Beginner'),
  ];
  const blocks = [
    ...card('a', 'Core Workout', '15 Min'),
    ...card('b', 'Heart opening', '10 Min'),
    ...card('c', 'Warming up', '8 Min'),
    ...card('d', 'Cycling prep', '6 Min'),
  ];
  const out = unwrapCardText(blocks);
  assert.equal(out.length, 8);
  assert.equal(plain(out[1]!), 'Duration 15 Min Difficulty Beginner');
  assert.equal(out[1]!.type === 'paragraph' && out[1]!.children[0]!.type, 'text');
  assert.equal(out[0]!.type, 'heading');
  // A product card (a price among its lines) is left to the link pruning as before.
  const priced = (slug: string): Block[] => [
    linkedHeading(`/p/${slug}`, `Chair ${slug}`),
    link(`/p/${slug}`, 'Oak'),
    link(`/p/${slug}`, '$120.00'),
  ];
  const shop = ['a', 'b', 'c', 'd'].flatMap(priced);
  const kept = unwrapCardText(shop);
  assert.equal(kept.length, shop.length);
  assert.equal(kept[1]!.type === 'paragraph' && kept[1]!.children[0]!.type, 'link');
});
