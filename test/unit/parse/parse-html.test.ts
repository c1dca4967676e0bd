import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isTag, type Element } from 'domhandler';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { attribute } from '../../../src/parse/nodes.js';
import { findElement, textContent, visitElements } from '../../../src/extract/dom/walk.js';

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
  const doc = parseHtml(`<div ${attrs} title="${'x'.repeat(50_000)}">t</div>`, {
    maxAttributes: 10,
    maxAttributeChars: 100,
  });
  const div = doc.children[0] as Element;
  assert.equal(Object.keys(div.attribs).length, 10);
  const doc2 = parseHtml(`<div title="${'x'.repeat(50_000)}">t</div>`, { maxAttributeChars: 100 });
  assert.equal((doc2.children[0] as Element).attribs['title']!.length, 100);
  // Every element is capped on its own: a later, nested or repeated-attribute one too.
  const doc3 = parseHtml(`<p id="a" id="b"><span title="${'y'.repeat(500)}" title="z">t</span></p><i ${attrs}></i>`, {
    maxAttributes: 10,
    maxAttributeChars: 100,
  });
  const p = doc3.children[0] as Element;
  assert.equal(p.attribs['id'], 'a');
  assert.equal((p.children[0] as Element).attribs['title'], 'y'.repeat(100));
  assert.equal(Object.keys((doc3.children[1] as Element).attribs).length, 10);
});

test('attributes read the same through attribute() and attribs, first of a repeated name winning', () => {
  const doc = parseHtml('<div ID="a" class="x" id="b" data-v="1 &amp; 2">t</div><br clear=all>');
  const div = doc.children[0] as Element;
  assert.equal(attribute(div, 'id'), 'a');
  assert.equal(attribute(div, 'data-v'), '1 & 2');
  assert.equal(attribute(div, 'title'), undefined);
  assert.deepEqual(div.attribs, { id: 'a', class: 'x', 'data-v': '1 & 2' });
  assert.equal(attribute(doc.children[1] as Element, 'clear'), 'all');
  // attribs stays domhandler's writable record, and attribute() follows what is written.
  div.attribs = { id: 'c' };
  assert.equal(attribute(div, 'id'), 'c');
  div.attribs['role'] = 'main';
  assert.equal(attribute(div, 'role'), 'main');
});

test('attributes of a tag dropped for depth do not land on the element that keeps its text', () => {
  const doc = parseHtml(
    '<div id="outer"><div id="kept" class="k"><div id="deep" class="d" title="t">text</div></div></div>',
    { maxDepth: 2 },
  );
  const kept = (doc.children[0] as Element).children[0] as Element;
  assert.equal(textContent(kept), 'text');
  assert.equal(kept.children.length, 1);
  assert.deepEqual(kept.attribs, { id: 'kept', class: 'k' });
  assert.equal(attribute(kept, 'title'), undefined);
});

test('input beyond maxChars is not parsed', () => {
  const doc = parseHtml('<p>keep</p><p>drop</p>', { maxChars: 11 });
  assert.equal(textContent(doc), 'keep');
});

test('elements beyond maxElements are dropped, their text kept', () => {
  const doc = parseHtml('<i>a</i><i>b</i><i>c</i>', { maxElements: 2 });
  assert.equal(doc.children.filter((c) => isTag(c)).length, 2);
  assert.equal(textContent(doc), 'abc');
});

test('broken markup parses forgivingly with default caps', () => {
  const doc = parseHtml('<p>one<p>two<div><span>three</div></b>four');
  assert.equal(textContent(doc), 'onetwothreefour');
});

test('a stray <![CDATA[ in HTML content is a comment that ends at the next >, as in browsers', () => {
  // Unclosed: before, everything after it (every post of a thread) was one comment.
  const doc = parseHtml('<body><![CDATA[<div><p>First post</p><p>Second post</p></div></body>');
  assert.equal(textContent(doc), 'First postSecond post');
  // Closed: the comment still ends at the first >, and the text after it stays text.
  assert.equal(textContent(parseHtml('<p>a</p><![CDATA[ x ]]><p>b</p>')), 'ab');
  // In SVG and MathML a CDATA section is real and its text is kept whole.
  assert.equal(textContent(parseHtml('<svg><text><![CDATA[x<y>z]]></text></svg><p>after</p>')), 'x<y>zafter');
  // Script bodies are raw text: the usual //<![CDATA[ wrapper does not start a comment.
  const script = parseHtml('<script>//<![CDATA[\nvar a = 1;\n//]]></script><p>ok</p>');
  assert.equal(textContent(script).includes('ok'), true);
});

test('tag and attribute names are lower case in any case the page writes them, known ones as the shared copy', () => {
  const doc = parseHtml(
    '<DIV CLASS="a" Data-Src="x" DATA-FOO="y" cLaSs="dup"><SPAN ID="s">t</SPAN><My-Widget Foo="1">w</My-Widget>' +
      '<svg viewBox="0 0 1 1"><linearGradient id="g"></linearGradient>' +
      '<foreignObject><DIV>f</DIV></foreignObject></svg>' +
      '<IMAGE src="i.png"><p\u212A>k</p\u212A></DIV>',
  );
  const names: string[] = [];
  visitElements(doc, (el) => {
    names.push(el.name);
  });
  assert.deepEqual(names, ['div', 'span', 'my-widget', 'svg', 'linearGradient', 'foreignObject', 'div', 'img', 'pk']);
  const div = doc.children[0] as Element;
  assert.deepEqual((div as unknown as { attributeList: string[] }).attributeList, [
    'class',
    'a',
    'data-src',
    'x',
    'data-foo',
    'y',
  ]);
  const span = div.children[0] as Element;
  assert.equal(attribute(span, 'id'), 's');
  assert.equal(attribute(div.children[1] as Element, 'foo'), '1');
  // SVG attributes are lower-cased as any other (viewBox is a known name now, read in place).
  const svg = div.children[2] as Element;
  assert.deepEqual((svg as unknown as { attributeList: string[] }).attributeList, ['viewbox', '0 0 1 1']);
  const svgDoc = parseHtml(
    '<svg VIEWBOX="v" Fill="f" d="p" XLINK:HREF="#a" tabIndex="0" aria-describedby="z" aria-describedbyx="w">',
  );
  assert.deepEqual((svgDoc.children[0] as unknown as { attributeList: string[] }).attributeList, [
    'viewbox',
    'v',
    'fill',
    'f',
    'd',
    'p',
    'xlink:href',
    '#a',
    'tabindex',
    '0',
    'aria-describedby',
    'z',
    'aria-describedbyx',
    'w',
  ]);
});

test('text and attribute values full of entities are read in one pass', () => {
  // The tokenizer ends each run of text or attribute value at the next `&`, `<` or quote found
  // by indexOf (tokenizer.ts). Searching afresh for the `<` or the quote from every `&` went
  // to the end of the page each time: quadratic, 15 s for 2 MB of `&a`. Counted here as the
  // characters all string searches pass over during the parse, which a single pass keeps to a
  // few times the page's length.
  const entities = '&a'.repeat(20_000);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called back with .call(this, ...)
  const original = String.prototype.indexOf;
  for (const html of [entities, `<p title="${entities}">x</p>`, `<p title='${entities}'>x</p>`]) {
    let scanned = 0;
    String.prototype.indexOf = function (this: string, search: string, from?: number): number {
      const at = original.call(this, search, from);
      scanned += (at === -1 ? this.length : at) - Math.max(0, from ?? 0);
      return at;
    };
    let doc;
    try {
      doc = parseHtml(html, { maxAttributeChars: 10 });
    } finally {
      String.prototype.indexOf = original;
    }
    assert.ok(doc.children.length > 0);
    assert.ok(scanned < 8 * html.length, `searched ${scanned} characters for a page of ${html.length}`);
  }
});

test('an iframe left open inside <noscript> ends with it instead of taking the rest of the page', () => {
  // A tag manager's pixel written self-closed: `/>` does not close an iframe in HTML, and read
  // as raw text it ran to the end of the page. Browsers end it with the <noscript>.
  const doc = parseHtml(
    '<body><noscript><iframe src="https://t.example/ns" height="0" width="0"/></noscript><main><h1>Plans</h1><p>Deploy in minutes.</p></main></body>',
  );
  const main = findElement(doc, (el) => el.name === 'main');
  assert.ok(main, 'the page after the <noscript> is parsed as markup');
  assert.equal(textContent(main), 'PlansDeploy in minutes.');
  // Outside <noscript>, and for elements whose raw text matters, nothing changes.
  const iframe = findElement(parseHtml('<body><iframe><p>fallback</p></iframe></body>'), (el) => el.name === 'iframe');
  assert.equal(iframe?.children[0]?.type, 'text', "an iframe's fallback elsewhere is its raw text");
  assert.equal(
    findElement(parseHtml('<noscript><style>p{color:red}</style></noscript>'), (el) => el.name === 'p'),
    null,
    'a style keeps its raw text',
  );
});

test('an early </body></html> that the page repeats later does not end the body (as in a browser)', () => {
  const html =
    '<html><head><title>t</title></head><body><header><nav>menu</nav></header></body></html>' +
    '<div class="post"><h1>The story</h1><p>The article text.</p></div></body></html><div id="widget">appended</div>';
  const doc = parseHtml(html);
  const body = findElement(doc, (el) => el.name === 'body')!;
  const post = findElement(doc, (el) => attribute(el, 'class') === 'post')!;
  assert.equal(post.parent, body);
  assert.equal(textContent(body), 'menuThe storyThe article text.');
  // what follows the page's last end tags stays out of the body, as before
  const widget = findElement(doc, (el) => attribute(el, 'id') === 'widget')!;
  assert.notEqual(widget.parent, body);
  // in XML mode end tags are taken as written
  const xml = parseHtml('<html><body><a/></body></html><b/></html>', { xml: true });
  assert.equal(findElement(xml, (el) => el.name === 'b')!.parent, xml);
});

test("an element's text reads its texts and its elements' texts in document order, and stops past a limit", () => {
  const p = findElement(
    parseHtml('<p>one <b>two <i>three</i></b> four<!-- no --> five<span>six</span></p>'),
    (el) => el.name === 'p',
  )!;
  assert.equal(textContent(p), 'one two three four fivesix');
  // Texts alone: the limit is checked after each text, before the next.
  const flat = findElement(parseHtml('<p>one<!-- a -->two<!-- b -->three</p>'), (el) => el.name === 'p')!;
  assert.equal(textContent(flat), 'onetwothree');
  assert.equal(textContent(flat, 3), 'onetwo');
  assert.equal(textContent(flat, 2), 'one');
  // Past the limit before the first element: the element is not read.
  assert.equal(textContent(p, 3), 'one ');
  assert.equal(textContent(p, 7), 'one two ');
});

test("a declarative shadow root's content is its host's, as a browser renders it; other templates stay inert", () => {
  const doc = parseHtml(
    '<div id="host">a<template shadowrootmode="open"><h2>Shadow</h2><slot></slot> text</template>' +
      '<p>Light</p><template shadowrootmode="open"><p>Second root</p></template></div>' +
      '<x-old><template shadowroot="closed"><b>Old</b></template></x-old>' +
      '<x-nested><template shadowrootmode="open"><x-in><template shadowrootmode="open"><i>Deep</i></template></x-in>' +
      '</template></x-nested><template><p>Inert</p></template>' +
      '<template shadowrootmode="none"><p>Not a root</p></template>',
  );
  const host = findElement(doc, (el) => attribute(el, 'id') === 'host')!;
  const kinds = (el: Element) => el.children.map((c) => (isTag(c) ? c.name : `"${textContent(c)}"`));
  // The host's own children, before the template and after it, are shown in its unnamed slot.
  assert.deepEqual(kinds(host), ['h2', 'slot', '" text"']);
  const slot = host.children[1] as Element;
  assert.deepEqual(kinds(slot), ['"a"', 'p', 'template']);
  // Siblings and parents are linked as the parser links any node.
  for (const parent of [host, slot]) {
    for (const [i, c] of parent.children.entries()) {
      assert.equal(c.parent, parent);
      assert.equal(c.prev, parent.children[i - 1] ?? null);
      assert.equal(c.next, parent.children[i + 1] ?? null);
    }
  }
  const names = (name: string) => findElement(doc, (el) => el.name === name)!.children.map((c) => (c as Element).name);
  assert.deepEqual(names('x-old'), ['b']);
  assert.deepEqual(names('x-nested'), ['x-in']);
  assert.deepEqual(names('x-in'), ['i']);
  const inert = [...doc.children].filter((c) => isTag(c) && c.name === 'template');
  assert.equal(inert.length, 2);
});

test("a host's children go to the slots named for them, the rest to the unnamed slot; no slot, not shown", () => {
  const doc = parseHtml(
    '<x-card><template shadowrootmode="open"><header><slot name="title">Untitled</slot></header>' +
      '<main><slot></slot></main><footer><slot name="note">No note</slot></footer></template>' +
      '<h2 slot="title">Bridge vote</h2><p>Nine to four.</p><p slot="nowhere">Lost</p>text</x-card>' +
      '<x-bare><template shadowrootmode="open"><p>Only the shadow</p></template><p>Not shown</p></x-bare>',
  );
  assert.equal(textContent(findElement(doc, (el) => el.name === 'header')!), 'Bridge vote');
  assert.equal(textContent(findElement(doc, (el) => el.name === 'main')!), 'Nine to four.text');
  // A slot nothing goes to shows its own content.
  assert.equal(textContent(findElement(doc, (el) => el.name === 'footer')!), 'No note');
  assert.doesNotMatch(textContent(doc), /Lost|Not shown/);
  assert.match(textContent(doc), /Only the shadow/);
  // An element that cannot host a shadow root keeps its template inert and its children shown.
  const list = parseHtml('<ul><template shadowrootmode="open"><p>Shadow</p></template><li>Kept</li></ul>');
  assert.deepEqual(
    findElement(list, (el) => el.name === 'ul')!.children.map((c) => (c as Element).name),
    ['template', 'li'],
  );
});
