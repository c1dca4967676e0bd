import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { toBlocks } from '../../../../src/extract/to-blocks/to-blocks.js';
import { inlineText } from '../../../../src/extract/to-blocks/block-text.js';
import { createUrlResolver } from '../../../../src/extract/dom/url-resolver.js';
import { isHiddenByMarkup } from '../../../../src/extract/dom/visibility.js';
import type { Block, Inline } from '../../../../src/extract/blocks.js';
import { Document, Element, Text } from 'domhandler';

function blocksOf(html: string, url = 'https://example.com/dir/page.html'): Block[] {
  const doc = parseHtml(html);
  return toBlocks(doc, createUrlResolver(doc, url), { isHidden: isHiddenByMarkup });
}

test('headings keep their level and paragraphs their inline structure', () => {
  const blocks = blocksOf(
    '<h2>Title  here</h2><p>Some <em>emph</em> and <strong>bold</strong> and <code>x = 1</code><br>next line</p>',
  );
  assert.deepEqual(blocks, [
    { type: 'heading', level: 2, children: [{ type: 'text', text: 'Title here' }] },
    {
      type: 'paragraph',
      children: [
        { type: 'text', text: 'Some ' },
        { type: 'emphasis', children: [{ type: 'text', text: 'emph' }] },
        { type: 'text', text: ' and ' },
        { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
        { type: 'text', text: ' and ' },
        { type: 'code', text: 'x = 1' },
        { type: 'break' },
        { type: 'text', text: 'next line' },
      ],
    },
  ]);
});

test('links resolve against <base href>; javascript: links keep their text only', () => {
  const blocks = blocksOf(
    '<head><base href="/other/"></head><p><a href="x.html">rel</a> <a href="javascript:alert(1)">js</a> ' +
      '<a href="java\nscript:void(0)">js2</a> <a href="#top">frag</a></p>',
  );
  assert.deepEqual(blocks[0], {
    type: 'paragraph',
    children: [
      { type: 'link', href: 'https://example.com/other/x.html', children: [{ type: 'text', text: 'rel' }] },
      { type: 'text', text: ' ' },
      { type: 'link', href: null, children: [{ type: 'text', text: 'js' }] },
      { type: 'text', text: ' ' },
      { type: 'link', href: null, children: [{ type: 'text', text: 'js2' }] },
      { type: 'text', text: ' ' },
      { type: 'link', href: 'https://example.com/other/#top', children: [{ type: 'text', text: 'frag' }] },
    ],
  });
});

test('links resolve against the final URL when there is no <base>', () => {
  const blocks = blocksOf('<p><a href="../up.html">up</a></p>', 'https://example.com/a/b/c.html');
  assert.deepEqual(blocks[0], {
    type: 'paragraph',
    children: [{ type: 'link', href: 'https://example.com/a/up.html', children: [{ type: 'text', text: 'up' }] }],
  });
});

test('nested lists stay nested, ordered lists keep their start', () => {
  const blocks = blocksOf('<ol start="3"><li>one<ul><li>a</li><li>b</li></ul></li><li>two</li></ol>');
  assert.equal(blocks.length, 1);
  const list = blocks[0]!;
  assert.ok(list.type === 'list');
  assert.equal(list.ordered, true);
  assert.equal(list.start, 3);
  assert.equal(list.items.length, 2);
  const first = list.items[0]!.children;
  assert.equal(first[0]!.type, 'paragraph');
  const inner = first[1]!;
  assert.ok(inner.type === 'list');
  assert.equal(inner.ordered, false);
  assert.deepEqual(
    inner.items.map((i) => (i.children[0]!.type === 'paragraph' ? inlineText(i.children[0]!.children) : '')),
    ['a', 'b'],
  );
});

/** Each item's number and text, of the lists and paragraphs read. */
function numbering(blocks: Block[]): string[] {
  return blocks.map((b) =>
    b.type === 'list'
      ? b.items
          .map(
            (i) =>
              `${i.number ?? '-'} ${i.children[0]?.type === 'paragraph' ? inlineText(i.children[0].children) : ''}`,
          )
          .join(', ')
      : b.type === 'paragraph'
        ? inlineText(b.children)
        : b.type,
  );
}

test("ordered items take the numbers a browser shows: a reversed count, a start, an item's value", () => {
  assert.deepEqual(numbering(blocksOf('<ol reversed><li>c</li><li>b</li><li>a</li></ol>')), ['3 c, 2 b, 1 a']);
  assert.deepEqual(numbering(blocksOf('<ol reversed start="10"><li>j</li><li>i</li></ol>')), ['10 j, 9 i']);
  assert.deepEqual(
    numbering(blocksOf('<ol start="3"><li>x</li><li value="7">y</li><li>z</li><li value="junk">w</li></ol>')),
    ['3 x, 7 y, 8 z, 9 w'],
  );
  // An empty item is not read, but a browser counts it.
  assert.deepEqual(numbering(blocksOf('<ol><li>one</li><li> </li><li>three</li></ol>')), ['1 one, 3 three']);
  assert.deepEqual(numbering(blocksOf('<ul><li>dot</li></ul>')), ['- dot']);
});

test('content set straight in an <ol> reads between its items, which count on; in a <ul> it is an item', () => {
  assert.deepEqual(numbering(blocksOf('<ol><p>For example:</p><li>Instagram</li><li>Uber</li><p>And more.</p></ol>')), [
    'For example:',
    '1 Instagram, 2 Uber',
    'And more.',
  ]);
  assert.deepEqual(numbering(blocksOf('<ol><li>a</li><p>then</p><li>b</li></ol>')), ['1 a', 'then', '2 b']);
  assert.deepEqual(numbering(blocksOf('<ul><p>Note:</p><li>a</li></ul>')), ['- Note:, - a']);
});

test('each tab of a row of tabs is a line of its own, written as spans or links with nothing between', () => {
  const tabs =
    '<div role="tablist"><span role="tab">Python</span><span role="tab">Node.js</span>' +
    '<a role="tab" href="#php">PHP</a></div><div role="tabpanel">pip install twilio</div>';
  assert.deepEqual(numbering(blocksOf(tabs)), ['Python', 'Node.js', 'PHP', 'pip install twilio']);
  assert.deepEqual(numbering(blocksOf('<p><span>Py</span><span>thon</span></p>')), ['Python']);
});

test('texts set apart by elements with nothing between read as two words where a capital meets a word', () => {
  const line = (html: string) => numbering(blocksOf(`<p>${html}</p>`))[0];
  assert.equal(line('<span>Gregory</span><span>Paragon 58 Pack</span>'), 'Gregory Paragon 58 Pack');
  assert.equal(line('Developed By:<span>CAPCOM Co., Ltd.</span>'), 'Developed By: CAPCOM Co., Ltd.');
  assert.equal(line('<span>01.</span>Can it be done?'), '01. Can it be done?');
  // A word's own parts, a search's match inside a word, and a text printed twice stay as written.
  assert.equal(line('<span>Java</span><span>script</span> and <span>3</span><span>D</span>'), 'Javascript and 3D');
  assert.equal(line('<em>Java</em>Script, i<b>Phone</b>'), 'JavaScript, iPhone');
  assert.equal(line('<span>Shop now</span><span class="sr-only">Shop now</span>'), 'Shop nowShop now');
  assert.deepEqual(blocksOf('<p>first<br><span>Second</span></p>')[0], {
    type: 'paragraph',
    children: [{ type: 'text', text: 'first' }, { type: 'break' }, { type: 'text', text: 'Second' }],
  });
});

test("a break at a wrapper's edge, or a wrapper of nothing but space, still parts the words around it", () => {
  const [block] = blocksOf('<p>foo<b> </b>bar, <b>Title<br></b>Text, <em><br></em>next <i><br>lead</i></p>');
  assert.deepEqual(block, {
    type: 'paragraph',
    children: [
      { type: 'text', text: 'foo' },
      { type: 'text', text: ' ' },
      { type: 'text', text: 'bar, ' },
      { type: 'strong', children: [{ type: 'text', text: 'Title' }] },
      { type: 'break' },
      { type: 'text', text: 'Text, ' },
      { type: 'break' },
      { type: 'text', text: 'next ' },
      { type: 'break' },
      { type: 'emphasis', children: [{ type: 'text', text: 'lead' }] },
    ],
  });
  // At the line's ends such breaks carry nothing, as before.
  assert.deepEqual(blocksOf('<p><b><br></b>x<b>y<br></b></p>')[0], {
    type: 'paragraph',
    children: [
      { type: 'text', text: 'x' },
      { type: 'strong', children: [{ type: 'text', text: 'y' }] },
    ],
  });
});

test('data tables keep rows and header cells; layout tables read as text', () => {
  const [table] = blocksOf(
    '<table><thead><tr><th>Name</th><th>Qty</th></tr></thead><tbody><tr><td>Apple</td><td><b>3</b></td></tr>' +
      '</tbody></table>',
  );
  assert.deepEqual(table, {
    type: 'table',
    rows: [
      {
        cells: [
          { header: true, children: [{ type: 'text', text: 'Name' }] },
          { header: true, children: [{ type: 'text', text: 'Qty' }] },
        ],
      },
      {
        cells: [
          { header: false, children: [{ type: 'text', text: 'Apple' }] },
          { header: false, children: [{ type: 'strong', children: [{ type: 'text', text: '3' }] }] },
        ],
      },
    ],
  });
  const layout = blocksOf(
    '<table role="presentation"><tr><td><p>First para</p></td><td><p>Second para</p></td></tr></table>',
  );
  assert.deepEqual(
    layout.map((b) => b.type),
    ['paragraph', 'paragraph'],
  );
});

test("a cell's colspan and rowspan keep the cells after it in their columns", () => {
  const cellTexts = (html: string) => {
    const [table] = blocksOf(html);
    assert.equal(table?.type, 'table');
    return table.type === 'table' ? table.rows.map((r) => r.cells.map((c) => inlineText(c.children))) : [];
  };
  assert.deepEqual(
    cellTexts(
      '<table><thead><tr><th>Item</th><th>Yield</th><th>Price</th></tr></thead><tbody>' +
        '<tr><td>Toner</td><td>3,000 pages</td><td>€59</td></tr>' +
        '<tr><td rowspan="2">Drum</td><td>12,000 pages</td><td>€89</td></tr>' +
        '<tr><td colspan="2">Included for the first year</td></tr>' +
        '<tr><td colspan="2">Total</td><td>€148</td></tr></tbody></table>',
    ),
    [
      ['Item', 'Yield', 'Price'],
      ['Toner', '3,000 pages', '€59'],
      ['Drum', '12,000 pages', '€89'],
      ['', 'Included for the first year', ''],
      ['Total', '', '€148'],
    ],
  );
  // Spans a page declares cover places up to the widest row and down to the last row, no further.
  assert.deepEqual(
    cellTexts(
      '<table><tr><th colspan="1000">Wide</th><th>x</th></tr><tr><td rowspan="65534">a</td><td>b</td></tr>' +
        '<tr><td>c</td></tr><tr><td rowspan="0">d</td><td colspan="-3">e</td></tr>' +
        '<tr><td>f</td><td>g</td></tr></table>',
    ),
    [
      ['Wide', '', 'x'],
      ['a', 'b'],
      ['', 'c'],
      ['', 'd', 'e'],
      ['', '', 'f', 'g'],
    ],
  );
});

test("a table's spans add at most as many empty cells as it has cells, whatever they declare", () => {
  const rows = '<tr><td>b</td></tr>'.repeat(2000);
  const [table] = blocksOf(
    `<table><tr><th colspan="1000000" rowspan="1000000">a</th>${'<th>h</th>'.repeat(300)}</tr>${rows}</table>`,
  );
  assert.equal(table?.type, 'table');
  if (table?.type !== 'table') return;
  const placed = table.rows.reduce((n, r) => n + r.cells.length, 0);
  assert.ok(placed <= 2 * 2301, `${placed} cells for 2301`);
  // Every cell of the page is there once.
  const texts = table.rows.flatMap((r) => r.cells.map((c) => inlineText(c.children)));
  assert.equal(texts.filter((x) => x === 'b').length, 2000);
  assert.equal(texts.filter((x) => x === 'h').length, 300);
});

test('code blocks keep whitespace and take the language from class', () => {
  const blocks = blocksOf(
    '<pre class="x"><code class="language-TypeScript">const a = 1;\n  if (a) {\n    go();\n  }\n</code></pre>' +
      '<pre class="lang-py">x<br>y</pre>' +
      '<div class="highlight-python3 notranslate"><div class="highlight"><pre>print(1)</pre></div></div>' +
      '<div class="highlight-default notranslate"><div class="highlight"><pre>$ make</pre></div></div>' +
      '<div class="highlight-shell-session notranslate"><div class="highlight"><pre>$ ls</pre></div></div>' +
      '<div class="highlight highlight-source-shell"><pre>pip install tinyq</pre></div>' +
      '<div class="highlight highlight-text-html-basic"><pre>&lt;p&gt;</pre></div>' +
      '<pre class="brush: js; gutter: false">go();</pre>' +
      '<pre><code class="language-none">ls -l</code></pre>',
  );
  assert.deepEqual(blocks, [
    { type: 'code', language: 'typescript', text: 'const a = 1;\n  if (a) {\n    go();\n  }' },
    { type: 'code', language: 'py', text: 'x\ny' },
    { type: 'code', language: 'python3', text: 'print(1)' },
    { type: 'code', language: null, text: '$ make' },
    { type: 'code', language: 'shell-session', text: '$ ls' },
    { type: 'code', language: 'shell', text: 'pip install tinyq' },
    { type: 'code', language: 'html', text: '<p>' },
    { type: 'code', language: 'js', text: 'go();' },
    { type: 'code', language: null, text: 'ls -l' },
  ]);
});

test('pictures that show nothing are left out: tracking pixels and spacers; a spacer before a lazy image is its stand-in', () => {
  const blocks = blocksOf(
    '<p>Counted <img src="https://vg.example/na/94ac" width="1" height="1" alt=""></p>' +
      '<img src="/img/clearpixel.gif"><img src="/img/spacer.gif?v=2" alt="spacer">' +
      '<img src="/img/blank.gif" data-lazy-src="/img/chart.png" alt="A chart">' +
      '<img src="/img/pixel-8-pro.jpg" alt="The phone" width="1200" height="800">',
  );
  assert.deepEqual(blocks, [
    { type: 'paragraph', children: [{ type: 'text', text: 'Counted' }] },
    { type: 'image', src: 'https://example.com/img/chart.png', alt: 'A chart', caption: null },
    { type: 'image', src: 'https://example.com/img/pixel-8-pro.jpg', alt: 'The phone', caption: null },
  ]);
});

test('quotes, figures with captions, images inline and standalone, rules', () => {
  const blocks = blocksOf(
    '<blockquote><p>Quoted</p></blockquote><figure><img src="/i.png" alt="An  image"><figcaption>The caption' +
      '</figcaption></figure><p>Text <img src="data:x" data-src="lazy.png" alt="in"></p><hr>',
  );
  assert.deepEqual(blocks, [
    { type: 'quote', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Quoted' }] }] },
    {
      type: 'image',
      src: 'https://example.com/i.png',
      alt: 'An image',
      caption: [{ type: 'text', text: 'The caption' }],
    },
    {
      type: 'paragraph',
      children: [
        { type: 'text', text: 'Text ' },
        { type: 'image', src: 'https://example.com/dir/lazy.png', alt: 'in' },
      ],
    },
    { type: 'rule' },
  ]);
});

test('scripts, styles, forms controls and hidden elements are left out', () => {
  const blocks = blocksOf(
    '<div>Visible<script>var x</script><style>.a{}</style><span hidden>h1</span><span style="display: none">h2' +
      '</span><div aria-hidden="true">h3</div><button>Click</button></div>',
  );
  assert.deepEqual(blocks, [{ type: 'paragraph', children: [{ type: 'text', text: 'Visible' }] }]);
});

test('ruby annotations are left out, so furigana does not repeat the text', () => {
  const blocks = blocksOf(
    '<p><ruby>子<rp>(</rp><rt>こ</rt><rp>)</rp></ruby>どもへの<ruby>虐待<rt>ぎゃくたい</rt></ruby></p>',
  );
  assert.deepEqual(blocks, [{ type: 'paragraph', children: [{ type: 'text', text: '子どもへの虐待' }] }]);
});

test('block elements split text into paragraphs, also inside a wrapping link', () => {
  const blocks = blocksOf('<a href="/card"><div>Card title</div><div>Card teaser</div></a>');
  assert.deepEqual(blocks, [
    {
      type: 'paragraph',
      children: [{ type: 'link', href: 'https://example.com/card', children: [{ type: 'text', text: 'Card title' }] }],
    },
    {
      type: 'paragraph',
      children: [{ type: 'link', href: 'https://example.com/card', children: [{ type: 'text', text: 'Card teaser' }] }],
    },
  ]);
});

test('a 100,000-deep tree converts without overflowing the stack', () => {
  // Built directly (the parser itself caps depth far lower), to prove the walk is iterative.
  let inner: Element = new Element('div', {}, [new Text('deep text')]);
  for (let i = 0; i < 100_000; i++) {
    const outer = new Element(i % 2 ? 'div' : 'b', {}, [inner]);
    inner.parent = outer;
    inner = outer;
  }
  const doc = new Document([inner]);
  inner.parent = doc;
  const blocks = toBlocks(doc, createUrlResolver(doc, 'https://example.com/'), { isHidden: isHiddenByMarkup });
  assert.equal(blocks.length, 1);
  assert.equal(inlineText((blocks[0] as Extract<Block, { type: 'paragraph' }>).children), 'deep text');
});

test('text reads as NFC: a composition-excluded or decomposed character is the same string as its canonical form', () => {
  // U+09DC (Bengali RRA) is excluded from composition: NFC is U+09A1 U+09BC. "e" + U+0301 is "é".
  const blocks = blocksOf('<p>\u09B8\u09BE\u09DC\u09C7 cafe\u0301 plain</p>');
  assert.deepEqual(blocks[0], {
    type: 'paragraph',
    children: [{ type: 'text', text: '\u09B8\u09BE\u09A1\u09BC\u09C7 caf\u00e9 plain' }],
  });
});

test('text reads without the characters no reader sees: soft hyphens, zero-width spaces, word joiners', () => {
  const blocks = blocksOf(
    '<p>\u200bPersonal\u00adisation at <b>Ver\u00adsicherung</b> \u200b\u200b now\u2060\ufeff.</p>' +
      '<p>\ud83d\udc69\u200d\ud83d\udcbb \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645</p><pre>keep\u200bcode</pre>',
  );
  assert.equal(
    inlineText((blocks[0] as Extract<Block, { type: 'paragraph' }>).children),
    'Personalisation at Versicherung now.',
  );
  // The joiners that make one emoji of three and shape a Persian word stay; code is printed as written.
  assert.equal(
    inlineText((blocks[1] as Extract<Block, { type: 'paragraph' }>).children),
    '\ud83d\udc69\u200d\ud83d\udcbb \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645',
  );
  assert.deepEqual(blocks[2], { type: 'code', language: null, text: 'keep\u200bcode' });
});

test("a line reads as its texts, breaks as spaces and its wrappers' texts in order, images left out", () => {
  const inlines: Inline[] = [
    { type: 'text', text: 'one' },
    { type: 'break' },
    { type: 'image', src: 'https://example.com/a.png', alt: 'an image' },
    { type: 'code', text: 'two' },
    { type: 'link', href: null, children: [{ type: 'strong', children: [{ type: 'text', text: ' three' }] }] },
    { type: 'text', text: ' four' },
  ];
  assert.equal(inlineText(inlines), 'one two three four');
  // A reader of short lines stops once past its length, before or inside a wrapper.
  assert.equal(inlineText(inlines, 2), 'one');
  assert.equal(inlineText(inlines, 7), 'one two three');
});
