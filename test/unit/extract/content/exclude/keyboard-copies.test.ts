// Keyboard-hidden copies of a card's link are left out; linked pictures and descriptions are not copies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { attribute } from '../../../../../src/parse/nodes.js';
import { findAll } from 'domutils';
import { isKeyboardCopy } from '../../../../../src/extract/content/exclude/keyboard-copies.js';
import type { Document, Element } from 'domhandler';

/** The first element whose class attribute is exactly `cls`. */
function elementOfClass(doc: Document, cls: string): Element {
  return findAll((el) => attribute(el, 'class') === cls, doc.children)[0]!;
}

test("a keyboard-hidden copy of a card's link is left out; a linked picture or description is not a copy", () => {
  const doc = parseHtml(
    '<article><a class="main" href="/p/1">Topo Athletic - ST-5. Color Grey. On sale for $108.00. 4.4 out of 5 ' +
      'stars</a><div><a class="copy" tabindex="-1" href="/p/1"><span>Brand</span> <span>Topo Athletic</span> ' +
      '<span>Product</span> <span>ST-5</span> <span>Grey</span></a></div></article>' +
      '<article><a class="pic" href="/a/2" tabindex="-1"><img src="/x.jpg" alt=""></a><header><h2><a href="/a/2">' +
      'Beats Solo 4 gains colours</a></h2><p><a class="desc" href="/a/2" tabindex="-1">' +
      'Walmart now has the headphones in new retailer-exclusive colorways.</a></p></header></article>',
  );
  const byClass = (cls: string): Element => elementOfClass(doc, cls);
  assert.equal(isKeyboardCopy(byClass('copy')), true);
  assert.equal(isKeyboardCopy(byClass('desc')), false);
  assert.equal(isKeyboardCopy(byClass('pic')), false);
  assert.equal(isKeyboardCopy(byClass('main')), false);
});
