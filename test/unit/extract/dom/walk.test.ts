// visitElements: every element in document order, a subtree skipped when the visitor says so,
// and walks started inside a visitor or after a large page's walk (the stack is kept between
// walks, walk.ts) visiting exactly their own elements.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { visitElements } from '../../../../src/extract/dom/walk.js';

const names = (root: Parameters<typeof visitElements>[0], skip?: string): string[] => {
  const out: string[] = [];
  visitElements(root, (el) => {
    out.push(el.attribs['id'] ?? el.name);
    return el.name !== skip;
  });
  return out;
};

test('a walk inside a visitor, and a small walk after a large one, visit exactly their own elements', () => {
  const large = parseHtml(`<main>${'<p><b>x</b></p>'.repeat(3000)}</main>`);
  const all = names(large);
  assert.equal(all.filter((n) => n === 'p').length, 3000);
  assert.equal(all.filter((n) => n === 'b').length, 3000);
  const doc = parseHtml(
    '<div id="a"><section id="b"><p id="c"><i id="d">x</i></p></section><ul id="e"><li id="f">y</li></ul></div>',
  );
  assert.deepEqual(names(doc).slice(-6), ['a', 'b', 'c', 'd', 'e', 'f']);
  assert.deepEqual(names(doc, 'section').slice(-4), ['a', 'b', 'e', 'f']);
  // At each element, a walk of its own subtree: the outer walk goes on where it was.
  const seen: string[] = [];
  visitElements(doc, (el: Element) => {
    if (!el.attribs['id']) return;
    seen.push(`${el.attribs['id']}:${names(el).join('')}`);
  });
  assert.deepEqual(seen, ['a:bcdef', 'b:cd', 'c:d', 'd:', 'e:f', 'f:']);
});
