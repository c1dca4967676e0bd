// An inline quotation (<q>): browsers print it between quotation marks (their style sheet's `open-quote`),
// so the words read as quoted; a <q> used as a box of blocks is read as its lines, without marks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanPage } from '../../../support/clean-page.js';

const PROSE = '<p>The council met on Tuesday evening to vote on the harbour bridge, after two years of debate.</p>';

function clean(body: string, format: 'text' | 'markdown', lang?: string): string {
  const article = `<article><h1>Bridge vote</h1>${PROSE}${body}</article>`;
  const open = lang ? `<html lang="${lang}">` : '<html>';
  const html = `${open}<head><title>Bridge vote</title></head><body>${article}</body></html>`;
  return cleanPage(html, 'https://news.example/bridge', { format }).content;
}

describe('inline quotations', () => {
  it('are printed between double quotation marks, single ones inside, in both formats', () => {
    const body =
      '<p>The mayor said <q cite="https://news.example/speech">we will <em>build</em> the bridge</q> and left. ' +
      'A councillor added <q>nobody here said <q>never</q></q>.</p>';
    for (const format of ['text', 'markdown'] as const) {
      const out = clean(body, format);
      const build = format === 'text' ? 'build' : '_build_';
      assert.ok(out.includes(`The mayor said \u201cwe will ${build} the bridge\u201d and left.`), `${format}: ${out}`);
      assert.ok(
        out.includes('A councillor added \u201cnobody here said \u2018never\u2019\u201d.'),
        `${format}: ${out}`,
      );
    }
  });

  it("take the marks of the quotation's language, the page's or the nearest element's", () => {
    const body =
      '<p>Sie sagte <q>wir bauen <q>die</q> Br\u00fccke</q>, und <span lang="fr">il dit <q>oui</q></span>.</p>';
    const cases: Array<[string | undefined, string]> = [
      ['de-DE', 'Sie sagte \u201ewir bauen \u201adie\u2018 Br\u00fccke\u201c, und il dit \u00aboui\u00bb.'],
      ['ru', 'Sie sagte \u00abwir bauen \u201edie\u201c Br\u00fccke\u00bb, und il dit \u00aboui\u00bb.'],
      ['zh-Hant-TW', 'Sie sagte \u300cwir bauen \u300edie\u300f Br\u00fccke\u300d, und il dit \u00aboui\u00bb.'],
      ['tlh', 'Sie sagte \u201cwir bauen \u2018die\u2019 Br\u00fccke\u201d, und il dit \u00aboui\u00bb.'],
      [undefined, 'Sie sagte \u201cwir bauen \u2018die\u2019 Br\u00fccke\u201d, und il dit \u00aboui\u00bb.'],
    ];
    for (const [lang, line] of cases) {
      const text = clean(body, 'text', lang);
      assert.ok(text.includes(line), `${lang}: ${text}`);
    }
  });

  it('holding blocks is read as its lines, without marks', () => {
    const body =
      '<q class="box"><div>The vote passed by nine to four, with two councillors absent from the chamber.</div>' +
      '<div>Building starts next spring, once the harbour permits are in place.</div></q>';
    const text = clean(body, 'text');
    assert.match(text, /^The vote passed by nine to four, with two councillors absent from the chamber\.$/m);
    assert.match(text, /^Building starts next spring, once the harbour permits are in place\.$/m);
    assert.doesNotMatch(text, /[\u201c\u201d]/);
  });

  it('in a headline, leave the headline printed once under a title line written without the marks', () => {
    for (const profile of ['content', 'index'] as const) {
      const html =
        '<html><head><title>Mayor says we will build it</title></head><body><article>' +
        `<h1>Mayor says <q>we will build it</q></h1>${PROSE}${PROSE}</article></body></html>`;
      const result = cleanPage(html, 'https://news.example/bridge', { profile, format: 'text', includeTitle: true });
      assert.equal(result.content.split('we will build it').length - 1, 1, `${profile}: ${result.content}`);
    }
  });
});
