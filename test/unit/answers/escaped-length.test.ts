// An answer's Content-Length is counted with escapedLength and its bytes made with JSON.stringify:
// the two must agree on every character, or the response is cut short or overrun.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { escapedLength } from '../../../src/answers/escaped-length.js';

const escaped = (chars: string) => JSON.stringify(chars).slice(1, -1);
const once = (chars: string) => Buffer.byteLength(escaped(chars), 'utf8');
const twice = (chars: string) => Buffer.byteLength(escaped(escaped(chars)), 'utf8');

it('counts every UTF-16 code unit alone as JSON.stringify escapes it, once and twice', () => {
  for (let code = 0; code <= 0xffff; code++) {
    const chars = `a${String.fromCharCode(code)}b`;
    assert.equal(escapedLength(chars, 0, chars.length, false), once(chars), `U+${code.toString(16)} once`);
    assert.equal(escapedLength(chars, 0, chars.length, true), twice(chars), `U+${code.toString(16)} twice`);
  }
});

it('counts surrogate pairs as one code point and lone or reversed halves as escapes', () => {
  for (const chars of ['😀', '\ud83d\ude00x', '\ude00\ud83d', '\ud83d', '\ude00', '\ud83d\ud83d\ude00', 'x\ud83d']) {
    assert.equal(escapedLength(chars, 0, chars.length, false), once(chars), JSON.stringify(chars));
    assert.equal(escapedLength(chars, 0, chars.length, true), twice(chars), JSON.stringify(chars));
  }
});

it('counts a range as its slice escapes, a pair cut at either end included', () => {
  // Every kind of character, in an order no two runs share (a fixed seed: the same every run).
  const kinds = ['w', ' ', '"', '\\', '\n', '\t', '\u0000', '\u001f', '\u007f', 'é', '€', '😀', '\ud800', '\udfff'];
  let seed = 7;
  let chars = '';
  for (let i = 0; i < 5000; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    chars += kinds[seed % kinds.length];
  }
  for (let from = 0; from < chars.length; from += 97) {
    const to = Math.min(chars.length, from + 131 + (from % 7));
    const slice = chars.slice(from, to);
    assert.equal(escapedLength(chars, from, to, false), once(slice));
    assert.equal(escapedLength(chars, from, to, true), twice(slice));
  }
});
