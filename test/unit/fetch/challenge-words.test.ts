import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BOT_SCAN_BYTES, detectBotProtection } from '../../../src/fetch/bot-protection.js';
import { mayHoldChallengeMarkup } from '../../../src/fetch/challenge-words.js';
import { BOT_PAGES } from '../../support/bot-pages.js';

const firstBytes = (body: string) => Buffer.from(body).subarray(0, BOT_SCAN_BYTES);

/** A page of markup and no text: bench:hostile's row 2 page, and tags with attributes. */
const MARKUP_ONLY = [
  '<html>' + '<a'.repeat(48 * 1024),
  '<!doctype html><html><head><meta charset="utf-8"></head><body>' +
    '<div class="x"><a href="/p"></a></div>'.repeat(2000),
];

/** Ways to write a word whose characters the tokenizer hands on differently from the bytes. */
const ENTITY = (w: string) => `${w[0]}&#${w.charCodeAt(1)};${w.slice(2)}`;
const DROPPED_TAG = (w: string) => `${w.slice(0, 3)}</>${w.slice(3)}`; // the tokenizer drops `</>`
const KELVIN = (w: string) => w.replace(/k/gi, '\u212a'); // U+212A KELVIN SIGN, lower case k

/** A page whose only tell is one word, each way the detector reads that word in its place. */
const ONE_TELL: ReadonlyArray<{
  vendor: string;
  page: (w: string) => string;
  word: string;
  headers: Record<string, string>;
  writes: ReadonlyArray<(w: string) => string>;
}> = [
  {
    // Cloudflare's interstitial title on a page from its edge.
    vendor: 'cloudflare',
    page: (w) => `<html><head><title>Just a ${w}...</title></head><body></body></html>`,
    word: 'moment',
    headers: { 'cf-ray': '8e1f2a3b4c5d6e7f-FRA' },
    writes: [ENTITY],
  },
  {
    vendor: 'kasada',
    page: (w) => `<html><head><script src="https://example.test/149e9513/ips.js?x=${w}"></script></head></html>`,
    word: 'kpsdk',
    headers: {},
    writes: [ENTITY, KELVIN],
  },
  {
    vendor: 'imperva',
    page: (w) => `<html><body><p>Request unsuccessful. ${w} incident ID: 1234-5678</p></body></html>`,
    word: 'Incapsula',
    headers: {},
    writes: [ENTITY, DROPPED_TAG],
  },
];

describe('mayHoldChallengeMarkup', () => {
  it('holds for every challenge and block page of the test set', () => {
    for (const page of BOT_PAGES.filter((p) => p.vendor !== null)) {
      assert.equal(mayHoldChallengeMarkup(firstBytes(page.body)), true, page.name);
    }
  });

  it('does not hold for markup with none of the rules\u2019 words, so it is not tokenized', () => {
    for (const body of MARKUP_ONLY) assert.equal(mayHoldChallengeMarkup(firstBytes(body)), false);
  });

  it('holds whenever the bytes are not the characters the tokenizer reads', () => {
    const page = MARKUP_ONLY[1]!;
    for (const extra of ['&amp;', '\u00e9', '</>']) {
      assert.equal(mayHoldChallengeMarkup(firstBytes(extra + page)), true, extra);
    }
    // A `</>` after self-closing tags.
    assert.equal(mayHoldChallengeMarkup(firstBytes('<br/>' + page.slice(0, 20_000) + '</>')), true);
  });
});

describe('detectBotProtection with the rule-word look first', () => {
  it('pages of markup and no text are not challenges', () => {
    for (const body of MARKUP_ONLY)
      assert.equal(detectBotProtection({ status: 200, headers: {}, body: Buffer.from(body) }), null);
  });

  for (const c of ONE_TELL) {
    it(`${c.vendor}: a page is recognised however its one tell "${c.word}" is written`, () => {
      for (const write of [(w: string) => w, ...c.writes]) {
        const body = Buffer.from(c.page(write(c.word)));
        const hit = detectBotProtection({ status: 200, headers: c.headers, body });
        assert.equal(hit?.vendor, c.vendor, write(c.word));
      }
    });
  }
});
