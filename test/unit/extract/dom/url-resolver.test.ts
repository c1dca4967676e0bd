// Addresses resolve against the page's base as URL parsing does; a base that does not parse drops them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { createUrlResolver } from '../../../../src/extract/dom/url-resolver.js';
import { toBlocks } from '../../../../src/extract/to-blocks/to-blocks.js';
import { isHiddenByMarkup } from '../../../../src/extract/dom/visibility.js';

test('absolute addresses resolve as they do against the base; a base that does not parse drops them, as before', () => {
  const doc = parseHtml('<p><a href="https://Example.com/a/../b">x</a> <a href="http:c">y</a> <a href="/d">z</a></p>');
  const links = (base: string): Array<string | null> => {
    const resolver = createUrlResolver(doc, base);
    return ['https://Example.com/a/../b', 'http:c', '/d', ' http://e.org/f '].map((h) => resolver.link(h));
  };
  assert.deepEqual(links('http://site.test/p/q'), [
    'https://example.com/b',
    'http://site.test/p/c',
    'http://site.test/d',
    'http://e.org/f',
  ]);
  assert.deepEqual(links('not a url'), [null, null, null, null]);
  const blocks = toBlocks(doc, createUrlResolver(doc, 'http://site.test/p/q'), { isHidden: isHiddenByMarkup });
  assert.match(JSON.stringify(blocks), /"href":"https:\/\/example.com\/b"/);
});
