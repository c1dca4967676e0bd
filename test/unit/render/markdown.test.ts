import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown } from '../../../src/render/markdown.js';
import { a, code, h, numbered, ol, p, t, table, ul } from './helpers.js';
import type { Block, Inline } from '../../../src/extract/blocks.js';

test('ATX headings, paragraphs and the title as "# Title"', () => {
  assert.equal(renderMarkdown([h(2, 'Intro'), p(t('Hello.'))], { title: 'Doc' }), '# Doc\n\n## Intro\n\nHello.');
});

test('links and images keep absolute addresses; text that looks like markup is escaped', () => {
  const out = renderMarkdown([
    p(t('*not emphasis* '), a('https://example.com/a', t('link'))),
    { type: 'image', src: 'https://example.com/i.png', alt: 'A cat', caption: null },
  ]);
  assert.equal(out, '\\*not emphasis\\* [link](https://example.com/a)\n\n![A cat](https://example.com/i.png)');
});

test('ragged table rows are padded to the header, unless that would add more cells than the table has', () => {
  assert.equal(
    renderMarkdown([table(['A', 'B', 'C'], ['1'], ['2', '3'])]),
    '| A | B | C |\n| - | - | - |\n| 1 | | |\n| 2 | 3 | |',
  );
  // One wide row over many one-cell rows: the header row is padded (GFM drops cells past it), the rest not.
  const rows = Array.from({ length: 50 }, (_, i) => [String(i)]);
  const out = renderMarkdown([
    table(
      ['x'],
      Array.from({ length: 100 }, (_, i) => `c${i}`),
      ...rows,
    ),
  ]);
  const lines = out.split('\n');
  assert.equal(lines[0], `| x |${' |'.repeat(99)}`);
  assert.equal(lines[3], '| 0 |');
  assert.ok(out.length < 2000, `${out.length} characters`);
});

test('nested lists and ordered start numbers', () => {
  const out = renderMarkdown([ol(2, [p(t('two')), ul([p(t('inner'))])], [p(t('three'))])]);
  assert.equal(out, '2. two\n   - inner\n3. three');
});

test("ordered items are written with the page's own numbers where they do not count up from the first", () => {
  // CommonMark renderers number on from the first item; the markdown's text, which an agent reads, keeps the page's.
  const countdown = numbered([3, [p(t('bronze'))]], [2, [p(t('silver'))]], [1, [p(t('gold'))]]);
  assert.equal(renderMarkdown([countdown]), '3. bronze\n2. silver\n1. gold');
  const jump = numbered([3, [p(t('north'))]], [7, [p(t('mill'))]], [8, [p(t('park'))]]);
  assert.equal(renderMarkdown([jump]), '3. north\n7. mill\n8. park');
  // An item that renders to nothing is left out; the list starts at the first item written.
  const emptyFirst = numbered([1, [p(t(' '))]], [2, [p(t('second'))]], [3, [p(t('third'))]]);
  assert.equal(renderMarkdown([emptyFirst]), '2. second\n3. third');
});

test('fenced code with its language, even when the code holds a fence', () => {
  assert.equal(renderMarkdown([code('ts', 'const a = 1;')]), '```ts\nconst a = 1;\n```');
  assert.equal(renderMarkdown([code(null, 'x\n```\ny')]), '````\nx\n```\ny\n````');
});

test('GFM table with a header row; pipes in cells escaped', () => {
  assert.equal(renderMarkdown([table(['A', 'B|C'], ['1', '2'])]), '| A | B\\|C |\n| - | - |\n| 1 | 2 |');
});

test('block quotes', () => {
  assert.equal(renderMarkdown([{ type: 'quote', children: [p(t('Said.'))] }]), '> Said.');
});

test('emphasis and hard breaks', () => {
  const out = renderMarkdown([
    p({ type: 'emphasis', children: [t('soft ')] }, t('then'), { type: 'break' }, t('next')),
  ]);
  assert.equal(out, '_soft_ then\\\nnext');
});

test('emphasis nested in emphasis is flattened, never two runs of the same marker', () => {
  const out = renderMarkdown([
    p({ type: 'emphasis', children: [t('Poole. '), { type: 'emphasis', children: [t('Ospreys')] }, t('.')] }),
  ]);
  assert.equal(out, '_Poole. Ospreys._');
});

test('two runs of one style side by side are written as one run, also inside another style', () => {
  const strong = (...children: Inline[]): Inline => ({ type: 'strong', children });
  const em = (...children: Inline[]): Inline => ({ type: 'emphasis', children });
  // <em><strong><sup>10</sup></strong><strong>LUOA Discount</strong> only</em>: the serializer would
  // switch markers to keep the runs apart, `_**10**__LUOA Discount__ only_`.
  const out = renderMarkdown([p(em(strong(t('10')), strong(t('LUOA Discount')), t(' only applies.')))]);
  assert.equal(out, '_**10LUOA Discount** only applies._');
  assert.equal(renderMarkdown([p(em(t('a')), em(strong(t('b'))), em(strong(t('c'))))]), '_a**bc**_');
  // Apart by a space, they stay two runs.
  assert.equal(renderMarkdown([p(strong(t('Price:')), t(' '), strong(t('$5')))]), '**Price:** **$5**');
});

test("a definition list's term is written in bold over its definition, once bold however the page marks it", () => {
  const term = (...children: Inline[]): Block => ({ type: 'paragraph', children, term: true });
  const out = renderMarkdown([
    term(t('Weight')),
    p(t('2 kg, without the battery.')),
    term({ type: 'strong', children: [t('Socket.url')] }, t(' (read only)')),
    p(t('The address.')),
    term(a('https://docs.example/close', t('close()'))),
  ]);
  assert.equal(
    out,
    '**Weight**\n\n2 kg, without the battery.\n\n**Socket.url (read only)**\n\nThe address.\n\n' +
      '**[close()](https://docs.example/close)**',
  );
});

test('soft hyphens (&shy;) are dropped, in text and in link text', () => {
  const out = renderMarkdown([
    p(t('Die Win\u00adzer '), a('https://example.com/v', t('Ge\u00adnos\u00adsen\u00adschaft'))),
  ]);
  assert.equal(out, 'Die Winzer [Genossenschaft](https://example.com/v)');
});
