import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderBlocks } from '../../../src/render/render.js';
import { code, ol, p, t, table } from './helpers.js';

const blocks = [
  p(t('First paragraph here.')),
  code('js', 'line1();\nline2();\nline3();'),
  table(['H1', 'H2'], ['a', 'b'], ['c', 'd']),
  ol(null, [p(t('one'))], [p(t('two'))], [p(t('three'))]),
];

test('content that fits is not truncated', () => {
  const r = renderBlocks(blocks, { format: 'text', title: 'T', maxChars: 10_000 });
  assert.equal(r.truncated, false);
  assert.equal(
    r.content,
    'T\nFirst paragraph here.\nline1();\nline2();\nline3();\nH1 | H2\na | b\nc | d\n1. one\n2. two\n3. three',
  );
});

test('never cuts inside a code block: it is kept whole or left out', () => {
  for (const format of ['text', 'markdown'] as const) {
    const full = renderBlocks(blocks, { format, title: null, maxChars: 10_000 }).content;
    for (let max = 1; max <= full.length; max++) {
      const r = renderBlocks(blocks, { format, title: null, maxChars: max });
      assert.ok(r.content.length <= max, `${format} ${max}: ${r.content.length}`);
      assert.equal(r.truncated, max < full.length);
      const hasStart = r.content.includes('line1();');
      assert.equal(r.content.includes('line3();'), hasStart, `${format} ${max} cut the code block`);
      if (format === 'markdown' && hasStart) assert.match(r.content, /```js\nline1\(\);\nline2\(\);\nline3\(\);\n```/);
    }
  }
});

test('cuts between table rows and list items, never inside a row', () => {
  const r = renderBlocks(blocks, {
    format: 'text',
    title: null,
    maxChars: 'First paragraph here.\nline1();\nline2();\nline3();\nH1 | H2\na | b\nc'.length,
  });
  assert.equal(r.content, 'First paragraph here.\nline1();\nline2();\nline3();\nH1 | H2\na | b');
  assert.equal(r.truncated, true);
  const md = renderBlocks(blocks, { format: 'markdown', title: null, maxChars: 110 });
  assert.ok(
    md.content.endsWith('1. one') || md.content.endsWith('2. two') || md.content.endsWith('| c | d |'),
    md.content,
  );
});

test('the title counts toward max_chars', () => {
  const r = renderBlocks([p(t('Body text'))], { format: 'markdown', title: 'Title', maxChars: 12 });
  assert.equal(r.content, '# Title');
  assert.equal(r.truncated, true);
});

test('a first paragraph longer than max_chars is cut at a word boundary rather than dropped', () => {
  const r = renderBlocks([p(t('alpha beta gamma delta'))], { format: 'text', title: null, maxChars: 13 });
  assert.equal(r.content, 'alpha beta');
  assert.equal(r.truncated, true);
});

test('a long list with a multi-paragraph item is cut between items, close to max_chars', () => {
  const items = Array.from({ length: 60 }, (_, i) =>
    i === 0 ? [p(t('first item')), p(t('second paragraph'))] : [p(t(`item ${i}`))],
  );
  const list = { type: 'list' as const, ordered: false, start: null, items: items.map((children) => ({ children })) };
  for (let max = 50; max < 700; max += 37) {
    const r = renderBlocks([list], { format: 'markdown', title: null, maxChars: max });
    assert.ok(r.content.length <= max, `${max}: ${r.content.length}`);
    // Items are measured apart with a blank line between them, a little more than joined.
    assert.ok(r.content.length >= max * 0.85 - 12, `${max}: only ${r.content.length}`);
    assert.match(r.content, /(?:item \d+|second paragraph)$/);
  }
});
