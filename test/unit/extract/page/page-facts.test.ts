import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { collectPageFacts } from '../../../../src/extract/page/page-facts.js';
import { isHiddenByMarkup } from '../../../../src/extract/dom/visibility.js';
import { attribute } from '../../../../src/parse/nodes.js';
import { rawTextLength } from '../../../../src/extract/dom/measures.js';

const ids = (els: Element[] | null): string[] => (els ?? []).map((el) => attribute(el, 'id') ?? el.name).sort();

test("the facts walk finds the body's outermost hidden elements, as the hidden scan does", () => {
  const doc = parseHtml(
    '<html><head><title>T</title><meta name="x" hidden></head><body>' +
      '<div id="a" hidden><p id="inner" hidden>x</p><h1>In hidden</h1></div>' +
      '<div><span id="b" class="d-none">y</span><noscript><p id="ns" hidden>z</p></noscript></div>' +
      '<svg id="icon" aria-hidden="true"></svg><template><p hidden>t</p></template>' +
      '<h1>Title</h1><script type="application/ld+json">{}</script></body></html>',
  );
  const facts = collectPageFacts(doc, isHiddenByMarkup);
  // Outermost only; none in the head, nor under never-text elements (noscript, template, svg).
  assert.deepEqual(ids(facts.hiddenTops), ['a', 'b']);
  // The facts themselves are those of the walk without the scan.
  const plain = collectPageFacts(doc);
  assert.equal(plain.hiddenTops, null);
  assert.equal(facts.body, plain.body);
  assert.deepEqual(facts.h1s, plain.h1s);
  assert.equal(facts.h1s.length, 2);
  assert.deepEqual(facts.jsonLdScripts, plain.jsonLdScripts);
  assert.equal(facts.titleEl, plain.titleEl);
});

test('without a body there are no hidden tops from the facts walk', () => {
  const facts = collectPageFacts(parseHtml('<div hidden>x</div>'), isHiddenByMarkup);
  if (facts.body === null) assert.equal(facts.hiddenTops, null);
});

test("with the hidden scan, the facts walk also counts the whole page's raw text, scripts and svg included", () => {
  const doc = parseHtml(
    'lead<html><head><title>Ti  tle</title><style>.a{}</style><script>var x = 1;</script></head><body>' +
      '<p>One <b>two</b></p><svg><text>icon</text></svg><script type="application/ld+json">{"a":1}</script>' +
      '<div hidden>hidden text</div><!-- comment --></body></html>tail',
  );
  const facts = collectPageFacts(doc, isHiddenByMarkup);
  assert.equal(facts.textLength, rawTextLength(doc));
  assert.ok(facts.textLength > 40);
  assert.equal(collectPageFacts(doc).textLength, 0);
});

test('the markup hidden test is judged once per parsed element, and afresh once its attribs may have changed', () => {
  const doc = parseHtml('<body><div id="a" class="hidden">x</div><div id="b">y</div></body>');
  const body = doc.children[0] as Element;
  const [a, b] = body.children as Element[];
  assert.equal(isHiddenByMarkup(a!), true);
  assert.equal(isHiddenByMarkup(b!), false);
  // Asked again (the cached answer), and after the tree around them changed.
  body.children = [b!];
  assert.equal(isHiddenByMarkup(a!), true);
  assert.equal(isHiddenByMarkup(b!), false);
  // Attributes written through attribs are read, not the answer judged before.
  b!.attribs['hidden'] = '';
  assert.equal(isHiddenByMarkup(b!), true);
  delete a!.attribs['class'];
  assert.equal(isHiddenByMarkup(a!), false);
});
