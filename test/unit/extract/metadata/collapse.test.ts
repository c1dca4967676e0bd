// collapse(): the text hygiene every metadata rule reads through. Rules read one paragraph's
// text several times under different caps, and the last text collapsed is kept: each read must
// get the answer it would get alone.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { collapse } from '../../../../src/extract/metadata/text.js';
import { meta } from './pages.js';

describe('collapse: one space between words, nothing at the ends, a cap', () => {
  it('gives the same text under a short cap, then a long one, then a short one again', () => {
    const text = '  Jane\u00a0 Doe \u200bwrites\n\tabout  wind farms  ';
    assert.equal(collapse(text, 8), 'Jane Doe');
    assert.equal(collapse(text), 'Jane Doe writes about wind farms');
    assert.equal(collapse(text, 4), 'Jane');
    assert.equal(collapse(text, 9), 'Jane Doe');
  });

  it('reads each of two texts alike however they alternate', () => {
    const a = ' one  two ';
    const b = 'three\nfour';
    assert.deepEqual(
      [a, b, b, a, a, b].map((t) => collapse(t)),
      ['one two', 'three four', 'three four', 'one two', 'one two', 'three four'],
    );
  });

  it('caps a long text the same on every read', () => {
    const long = `${'word  '.repeat(5000)}end`;
    assert.equal(collapse(long, 11), 'word word w');
    assert.equal(collapse(long).length, 2000 - 1);
    assert.equal(collapse(long, 11), 'word word w');
  });

  it('reads a page whose one long paragraph is read as a lead after a short cut of it', () => {
    const lead =
      'Wind  farms\u00a0 are opening along the coast this year, and ' + 'the towns nearby are glad of it. '.repeat(4);
    const html = `<title>Wind farm opens</title><body><article><p>${lead}</p></article></body>`;
    assert.equal(meta(html).description, collapse(lead));
  });
});
