import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countWords } from '../../../src/render/word-count.js';
import { renderBlocks } from '../../../src/render/render.js';
import { a, p, t } from './helpers.js';

test('counts word-like segments, not punctuation', () => {
  assert.equal(countWords('Hello, world! It is 2024 -- ok?'), 6);
  assert.equal(countWords(''), 0);
});

test('CJK text without spaces counts words, not one per sentence or per character', () => {
  const n = countWords('東京は日本の首都です。');
  assert.ok(n >= 4 && n <= 8, String(n));
});

test('link addresses are left out, in both formats, and the title counts when included', () => {
  const blocks = [p(t('Go to '), a('https://example.com/some/long/path?with=words', t('our site')), t(' now'))];
  for (const format of ['text', 'markdown'] as const) {
    assert.equal(renderBlocks(blocks, { format, title: null, maxChars: 1000 }).wordCount, 5);
    assert.equal(renderBlocks(blocks, { format, title: 'Two words', maxChars: 1000 }).wordCount, 7);
  }
});
