import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { strictlyExcluded } from '../../../src/extract/content/exclusions.js';
import { ATTEMPTS } from '../../../src/extract/content/attempt-flags.js';
import { visitElements } from '../../../src/extract/dom/walk.js';
import { attribute } from '../../../src/parse/nodes.js';

function byClass(html: string, cls: string): Element {
  let found: Element | null = null;
  visitElements(parseHtml(html), (el) => {
    if (!found && attribute(el, 'class') === cls) found = el;
    return undefined;
  });
  assert.ok(found, cls);
  return found;
}

test('a picture caption is left out; a "caption" holding a heading is a card text block', () => {
  const strict = ATTEMPTS[0]!;
  const photo = byClass('<figure><img src="/a.jpg"><div class="wp-caption-text">The pond at dusk. Photo: A. Smith</div></figure>', 'wp-caption-text');
  assert.equal(strictlyExcluded(photo, strict), true);
  const card = byClass(
    '<ul class="products"><li class="product"><div class="product-caption"><h3><a href="/p/bag">Canvas gear bag</a></h3><div class="short-description">A roomy bag for straps and gloves.</div><span class="price">$21.00</span></div></li></ul>',
    'product-caption',
  );
  assert.equal(strictlyExcluded(card, strict), false);
});
