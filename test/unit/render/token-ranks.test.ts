// The encodings are built from the tiktoken files gpt-tokenizer ships: their tables must be the
// library's own, entry for entry, string or bytes alike (counts then follow: token-count.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { LONGEST_TOKEN_BYTES } from '../../../src/render/token-count.js';
import { readRanks } from '../../../src/render/token-ranks.js';

const require = createRequire(import.meta.url);

for (const encoding of ['o200k_base', 'cl100k_base']) {
  test(`the ${encoding} table read from its data file is the library's own`, () => {
    const own = (require(`gpt-tokenizer/cjs/bpeRanks/${encoding}`) as { default: Array<string | number[]> }).default;
    const read = readRanks(encoding);
    assert.equal(read.length, own.length);
    let differ = 0;
    for (let i = 0; i < own.length; i++) if (JSON.stringify(read[i]) !== JSON.stringify(own[i])) differ++;
    assert.equal(differ, 0);
    // Tokens that start with a byte order mark stay bytes, as in the library.
    assert.ok(own.some((t) => Array.isArray(t) && t[0] === 0xef && t[1] === 0xbb && t[2] === 0xbf));
  });

  // get_url_metadata reserves result memory for content of max_tokens tokens by this bound.
  test(`no token of ${encoding} stands for more than LONGEST_TOKEN_BYTES bytes`, () => {
    const longest = readRanks(encoding).reduce(
      (most, t) => Math.max(most, Array.isArray(t) ? t.length : Buffer.byteLength(t)),
      0,
    );
    assert.equal(longest, LONGEST_TOKEN_BYTES);
  });
}
