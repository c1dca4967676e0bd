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
