// Token counts: the library's own count of ordinary text in both encodings, special-token
// spellings counted as text, and runs that would make one huge tokenizer piece counted in
// bounded time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens, LONG_PIECE, mayHoldLongPiece, tokenRuns } from '../../../src/render/token-count.js';

const PROSE =
  'High water comes about fifty minutes later each day. 潮の満ち引きは月の引力によって起こる。 ' +
  "It's the moon's pull — and the sun's — that we've measured: 12.5 m at Saint-Malo, 7 m at Brest.\n\n";

test('prose is counted as the library counts it, in both encodings', () => {
  const text = PROSE.repeat(40);
  assert.equal(countTokens(text, 'o200k_base'), o200k(text));
  assert.equal(countTokens(text, 'cl100k_base'), cl100k(text));
  const runs = tokenRuns(text, 'o200k_base', Infinity);
  assert.equal(runs.totals[runs.totals.length - 1], o200k(text));
});

test('a special-token spelling in page text is ordinary text', () => {
  const text = 'before <|endoftext|> after';
  assert.equal(countTokens(text), o200k(text, { disallowedSpecial: new Set() }));
});

test('only text with a run as long as a piece limit takes the sliced path', () => {
  assert.equal(mayHoldLongPiece(PROSE.repeat(100)), false);
  assert.equal(mayHoldLongPiece('x'.repeat(LONG_PIECE + 1)), true);
  assert.equal(mayHoldLongPiece(' '.repeat(LONG_PIECE) + 'x'), true);
  // Punctuation followed by slashes and line breaks is one piece, though it has no long run of either.
  assert.equal(mayHoldLongPiece('!' + '/\n'.repeat(LONG_PIECE)), true);
});

test('hostile runs are counted in bounded time, close to the library', () => {
  for (const run of ['x'.repeat(100_000), '!' + '/\n'.repeat(50_000), ' \n'.repeat(50_000)]) {
    const n = countTokens(run);
    assert.ok(n > 0);
    const exact = o200k(run.slice(0, 3 * LONG_PIECE));
    const sliced = countTokens(run.slice(0, 3 * LONG_PIECE));
    assert.ok(Math.abs(sliced - exact) <= 3, `${sliced} vs ${exact}`);
  }
});

// Characters around every place the split pattern could treat differently: spaces of each kind
// before and after words, line breaks before slashes and punctuation, contractions, marks,
// capitals inside words, digits, scripts without spaces.
const ALPHABET = [
  ' ',
  ' ',
  ' ',
  '  ',
  '\n',
  '\n\n',
  '\r\n',
  '\t',
  '\u00a0',
  '\u2028',
  '\u3000',
  '/',
  '//',
  '.',
  ',',
  '!?',
  '"',
  "'s",
  "'LL",
  "'",
  '-',
  '(',
  '<|',
  '|>',
  'a',
  'the',
  'Word',
  'HTML',
  'iPhone',
  'é',
  'e\u0301',
  '12',
  '12345',
  '½',
  'straße',
  'Ωμέγα',
  '潮の満ち引き',
  'العربية',
  '😀',
  'x'.repeat(20),
];

/** A text of `n` random pieces of ALPHABET, the same for the same seed. */
function randomText(seed: number, n: number): string {
  let x = seed;
  let out = '';
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += ALPHABET[x % ALPHABET.length];
  }
  return out;
}

// Places where a piece goes on past a line feed or begins with a space after whitespace.
const EDGES = [
  'see the list.\n/usr/bin and .\n//x',
  ').\n/home',
  'end:\r\n/ a',
  'a   b \n c\t d',
  "it's\nHe'LL / x /\ny",
];

test('counting by segments gives the library count of any text, in both encodings', () => {
  for (let seed = 1; seed <= 400 + EDGES.length; seed++) {
    const text = EDGES[seed - 401] ?? randomText(seed, 1 + (seed % 60));
    assert.equal(countTokens(text, 'o200k_base'), o200k(text, { disallowedSpecial: new Set() }), JSON.stringify(text));
    assert.equal(
      countTokens(text, 'cl100k_base'),
      cl100k(text, { disallowedSpecial: new Set() }),
      JSON.stringify(text),
    );
  }
});

test('running counts hold the library count of the text up to each segment end', () => {
  for (let seed = 1; seed <= 100; seed++) {
    const text = randomText(seed, 80);
    const all = tokenRuns(text, 'o200k_base', Infinity);
    assert.equal(all.whole, true);
    assert.equal(all.totals[all.totals.length - 1], o200k(text, { disallowedSpecial: new Set() }));
    all.ends.forEach((end, i) =>
      assert.equal(all.totals[i], o200k(text.slice(0, end), { disallowedSpecial: new Set() }), JSON.stringify(text)),
    );
    // Stopped part-way, the last total is past the limit and the one before it is within it.
    const stopAfter = Math.floor(all.totals[all.totals.length - 1]! / 2);
    const some = tokenRuns(text, 'o200k_base', stopAfter);
    assert.ok(some.totals[some.totals.length - 1]! > stopAfter);
    assert.ok((some.totals[some.totals.length - 2] ?? 0) <= stopAfter);
  }
});

test('counts stay exact while the table of known segments turns over', () => {
  // 60,000 distinct words (more than the table holds) between uses of the same prose.
  const words = Array.from({ length: 60_000 }, (_, i) => ` w${i.toString(36)}x`).join('');
  for (const text of [PROSE, words, PROSE, words, PROSE]) {
    assert.equal(countTokens(text, 'o200k_base'), o200k(text));
  }
});
