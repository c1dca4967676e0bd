// Struck-through text (<del>, <s>, <strike>): an old price, an author's correction. Markdown marks it
// as GFM's ~~strikethrough~~; text prints its words; elsewhere a "~" is printed as the page has it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanPage } from '../../../support/clean-page.js';

const PROSE = '<p>Prices for the spring range, set by the workshop this week and valid until the end of May.</p>';

function clean(body: string, format: 'text' | 'markdown'): string {
  const article = `<article><h1>Spring range</h1>${PROSE}${body}</article>`;
  const html = `<html><head><title>Spring range</title></head><body>${article}</body></html>`;
  return cleanPage(html, 'https://shop.example/spring', { format }).content;
}

describe('struck-through text', () => {
  const body =
    '<p>Oak stool: <s>$120</s> $95, about ~3 weeks to make.</p>' +
    '<p>The legs are <del datetime="2026-03-01">pine</del> <ins>ash</ins>, and the seat is ' +
    '<em>solid <strike>beech</strike> oak</em>.</p>';

  it('is marked as GFM strikethrough in markdown, and escapes the other tildes there', () => {
    const md = clean(body, 'markdown');
    assert.match(md, /^Oak stool: ~~\$120~~ \$95, about \\~3 weeks to make\.$/m);
    assert.match(md, /^The legs are ~~pine~~ ash, and the seat is _solid ~~beech~~ oak_\.$/m);
  });

  it('prints its words in text', () => {
    const text = clean(body, 'text');
    assert.match(text, /^Oak stool: \$120 \$95, about ~3 weeks to make\.$/m);
    assert.match(text, /^The legs are pine ash, and the seat is solid beech oak\.$/m);
  });

  it('leaves a tilde as it is on a page without struck text', () => {
    const md = clean('<p>About ~3 weeks to make; the patterns are in ~/spring.</p>', 'markdown');
    assert.match(md, /^About ~3 weeks to make; the patterns are in ~\/spring\.$/m);
  });
});
