// The page type: what makes a page a thread (a QAPage, not an FAQ) or a page selling one product.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { declaredPageType, declaredTypes, sellsOneProduct } from '../../../../src/extract/page/page-type.js';
import type { Element } from 'domhandler';
import { isElement, isPlainTag } from '../../../../src/extract/dom/walk.js';
import { PRODUCT_LD, productPage } from '../../../support/product-page.js';

const scriptsOf = (html: string): Element[] => {
  const out: Element[] = [];
  const walk = (n: Element): void => {
    if (n.name === 'script') out.push(n);
    for (const c of n.children ?? []) if (isElement(c)) walk(c); // a <style>'s children are text: no script under it
  };
  for (const c of parseHtml(html).children) if (isPlainTag(c)) walk(c);
  return out;
};

test("an FAQ's questions (FAQPage) do not make a page a thread; a QAPage's do", () => {
  const doc = parseHtml('<html><body></body></html>');
  assert.equal(declaredPageType(doc, ['BreadcrumbList', 'FAQPage', 'Question', 'Answer']), 'unknown');
  assert.equal(declaredPageType(doc, ['CollectionPage', 'FAQPage', 'Question', 'Answer']), 'listing');
  assert.equal(declaredPageType(doc, ['QAPage', 'Question', 'Answer']), 'forum');
  assert.equal(declaredPageType(doc, ['Question', 'Answer']), 'forum');
  assert.equal(declaredPageType(doc, ['DiscussionForumPosting', 'FAQPage', 'Question']), 'forum');
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
