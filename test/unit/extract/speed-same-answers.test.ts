// The speed pass of session 24 changed how answers are found, not the answers: these pin the
// fallbacks the faster paths keep (trees not made by parseHtml, foreign elements, bases that
// do not parse).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { ElementStats } from '../../../src/extract/content/element-stats.js';
import { createUrlResolver } from '../../../src/extract/dom/url-resolver.js';
import { toBlocks } from '../../../src/extract/to-blocks.js';
import { findElement } from '../../../src/extract/dom/walk.js';

const HTML = `<html><body><div id="a"><p>One, two,   three.</p> <p>
</p><a href="/x">a link</a><ul><li>item</li><li><img src="i.png"></li></ul></div>
<aside><h2>Aside</h2><p>Left out, by the skip.</p></aside><div> \u3000 </div><div>\u3000</div></body></html>`;

function measures(stats: ElementStats): string[] {
  return stats.order.map((el) => `${el.name} ${JSON.stringify(stats.get(el))}`);
}

test('ElementStats measures a tree not made by parseHtml (no document index) as it measures a parsed one', () => {
  const skip = (el: Element): boolean => el.name === 'aside';
  const parsed = new ElementStats(parseHtml(HTML), skip);
  const plain = new ElementStats(parseDocument(HTML), skip);
  assert.deepEqual(measures(plain), measures(parsed));
  assert.ok(parsed.order.length > 5);
  // A lone ideographic space is no text (trim() says so); between spaces it counts, as before.
  const divs = parsed.order.filter((el) => el.name === 'div');
  assert.deepEqual(divs.slice(1).map((el) => parsed.get(el)!.chars), [3, 0]);
});

test('ElementStats knows nothing of skipped elements, nor of another document\'s elements at the same place', () => {
  const doc = parseHtml(HTML);
  const stats = new ElementStats(doc, (el) => el.name === 'aside');
  const aside = findElement(doc, (el) => el.name === 'aside')!;
  assert.equal(stats.get(aside), undefined);
  const other = parseHtml(HTML);
  const twin = findElement(other, (el) => el.attribs['id'] === 'a')!;
  assert.equal(stats.get(twin), undefined);
  assert.ok(stats.get(findElement(doc, (el) => el.attribs['id'] === 'a')!));
});

test('absolute addresses resolve as they do against the base; a base that does not parse drops them, as before', () => {
  const doc = parseHtml('<p><a href="https://Example.com/a/../b">x</a> <a href="http:c">y</a> <a href="/d">z</a></p>');
  const links = (base: string): Array<string | null> => {
    const resolver = createUrlResolver(doc, base);
    return ['https://Example.com/a/../b', 'http:c', '/d', ' http://e.org/f '].map((h) => resolver.link(h));
  };
  assert.deepEqual(links('http://site.test/p/q'), ['https://example.com/b', 'http://site.test/p/c', 'http://site.test/d', 'http://e.org/f']);
  assert.deepEqual(links('not a url'), [null, null, null, null]);
  const blocks = toBlocks(doc, createUrlResolver(doc, 'http://site.test/p/q'));
  assert.match(JSON.stringify(blocks), /"href":"https:\/\/example.com\/b"/);
});
