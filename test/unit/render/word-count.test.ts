import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chunks, countByPattern, countWords } from '../../../src/render/word-count.js';
import { renderBlocks } from '../../../src/render/render.js';
import { a, p, t } from './helpers.js';

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });
const reference = (s: string) => [...segmenter.segment(s)].filter((x) => x.isWordLike).length;

test('counts word-like segments, not punctuation', () => {
  assert.equal(countWords('Hello, world! It is 2024 -- ok?'), 6);
  assert.equal(countWords(''), 0);
});

test('the fast path agrees with Intl.Segmenter on spaced scripts and tricky tokens', () => {
  const samples = [
    "don't stop rock'n'roll l'homme d’État",
    '3.5 km, 1,000 people; e.g. U.S.A. 10:30 12:00:00',
    'well-known co-op foo_bar x=1 C++ C# .NET',
    'email a@b.com http://x.y/z?q=1 sales.py 2024.csv 1.a',
    'ñandú café naïve Straße',
    'Как выбрать палатку — 3000 мм',
    'زراعة الطماطم ١٢٣ في الشرفة',
    'עברית בדיקה',
    'emoji 😀 ok #tag @user',
    "'quoted' x' ...",
    'Ελληνικά κείμενα, 2,5 ευρώ',
  ];
  for (const s of samples) assert.equal(countByPattern(s), reference(s), s);
});

test('CJK text without spaces counts words, not one per sentence or per character', () => {
  assert.equal(countWords('東京は日本の首都です。'), reference('東京は日本の首都です。'));
  const n = countWords('東京は日本の首都です。');
  assert.ok(n >= 4 && n <= 8, String(n));
});

test('long text is counted in chunks that never split a word', () => {
  const text = 'alpha beta gamma delta '.repeat(2000) + '東京は日本の首都です。'.repeat(300);
  const pieces = [...chunks(text)];
  assert.ok(pieces.length > 10);
  assert.equal(pieces.join(''), text);
  for (const piece of pieces.slice(0, -1)) assert.match(piece, /[\s。]$/);
  assert.equal(countWords(text), 8000 + 300 * reference('東京は日本の首都です。'));
});

test('link addresses are left out, in both formats, and the title counts when included', () => {
  const blocks = [p(t('Go to '), a('https://example.com/some/long/path?with=words', t('our site')), t(' now'))];
  for (const format of ['text', 'markdown'] as const) {
    assert.equal(renderBlocks(blocks, { format, title: null, maxChars: 1000 }).wordCount, 5);
    assert.equal(renderBlocks(blocks, { format, title: 'Two words', maxChars: 1000 }).wordCount, 7);
  }
});

test('mixed scripts count as Intl.Segmenter counts them', () => {
  for (const s of [
    'Jam Hsiao 蕭敬騰 - 只能想念你 Zhi Neng Xiang Nian Ni (2011) lyrics 歌词',
    '2024年5月20日、東京でiPhone 15を買った。カタカナーとひらがな',
    'ภาษาไทย mixed with English and 123 numbers',
  ])
    assert.equal(countWords(s), reference(s), s);
});
