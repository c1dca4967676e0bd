// Every scanner that reads a target's bytes on the main thread, fed hostile inputs of 1 and 5 MiB:
// each must give the right answer (and, being linear, give it at all; the timings are in
// `npm run bench:scanners`, never asserted here).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectBotProtection } from '../../../src/fetch/bot-protection.js';
import { BOT_PAGES } from '../../support/bot-pages.js';
import { MARKUP_SHAPES, repeated, scannerCases } from '../../support/scanner-inputs.js';

const MiB = 1024 * 1024;

describe('main-thread scanners on hostile inputs', () => {
  for (const c of scannerCases()) {
    it(`${c.scanner}: ${c.input}`, () => {
      for (const bytes of [MiB, 5 * MiB]) {
        assert.deepEqual(c.run(c.make(bytes)), c.expected(bytes), `${bytes} bytes`);
      }
    });
  }

  it('a challenge page followed by hostile markup is still recognised', () => {
    const page = BOT_PAGES.find((p) => p.name === 'cloudflare-managed-challenge')!;
    for (const shape of MARKUP_SHAPES) {
      const body = Buffer.from(repeated(page.body, shape.unit, 5 * MiB), 'latin1');
      const hit = detectBotProtection({ status: page.status, headers: page.headers, body });
      assert.equal(hit?.vendor, 'cloudflare', shape.name);
    }
  });
});
