import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { textContent, visitElements } from '../../../src/extract/dom/walk.js';

function maxDepth(root: ReturnType<typeof parseHtml>): number {
  let max = 0;
  visitElements(root, (el) => {
    let d = 0;
    for (let p: Element | null = el; p; p = p.parent as Element | null) d++;
    max = Math.max(max, d);
  });
  return max;
}

test('nesting beyond maxDepth is flattened and the text is kept', () => {
  const html = '<div>'.repeat(100_000) + 'the text' + '</div>'.repeat(100_000) + '<p>after</p>';
  const doc = parseHtml(html, { maxDepth: 50 });
  assert.ok(maxDepth(doc) <= 51);
  assert.equal(textContent(doc), 'the textafter');
  // the paragraph after the flattened part is still a sibling at the top, not swallowed
  assert.equal(doc.children.length, 2);
});

test('attribute count and length are capped', () => {
  const attrs = Array.from({ length: 1000 }, (_, i) => `a${i}="v"`).join(' ');
  const doc = parseHtml(`<div ${attrs} title="${'x'.repeat(50_000)}">t</div>`, { maxAttributes: 10, maxAttributeChars: 100 });
  const div = doc.children[0] as Element;
  assert.equal(Object.keys(div.attribs).length, 10);
  const doc2 = parseHtml(`<div title="${'x'.repeat(50_000)}">t</div>`, { maxAttributeChars: 100 });
  assert.equal((doc2.children[0] as Element).attribs['title']!.length, 100);
  // Every element is capped on its own: a later, nested or repeated-attribute one too.
  const doc3 = parseHtml(`<p id="a" id="b"><span title="${'y'.repeat(500)}" title="z">t</span></p><i ${attrs}></i>`, { maxAttributes: 10, maxAttributeChars: 100 });
  const p = doc3.children[0] as Element;
  assert.equal(p.attribs['id'], 'a');
  assert.equal((p.children[0] as Element).attribs['title'], 'y'.repeat(100));
  assert.equal(Object.keys((doc3.children[1] as Element).attribs).length, 10);
});

test('input beyond maxChars is not parsed', () => {
  const doc = parseHtml('<p>keep</p><p>drop</p>', { maxChars: 11 });
  assert.equal(textContent(doc), 'keep');
});

test('elements beyond maxElements are dropped, their text kept', () => {
  const doc = parseHtml('<i>a</i><i>b</i><i>c</i>', { maxElements: 2 });
  assert.equal(doc.children.filter((c) => c.type === 'tag').length, 2);
  assert.equal(textContent(doc), 'abc');
});

test('broken markup parses forgivingly with default caps', () => {
  const doc = parseHtml('<p>one<p>two<div><span>three</div></b>four');
  assert.equal(textContent(doc), 'onetwothreefour');
});
