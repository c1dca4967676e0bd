// A quotation's own <footer> is its attribution: a line of the text, with the quoted person's
// name (whatever its class says), where the page's <footer> stays out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanPage } from '../../../support/clean-page.js';

const PROSE =
  '<p>Soil is the thin skin of the land, and most of what grows on a farm depends on its top ten centimetres.</p>';

function clean(body: string): string {
  const article = `<article><h1>Soil</h1>${PROSE}${body}${PROSE}</article>`;
  const footer = '<footer><p>© 2026 Soil Lab. All rights reserved, and more words here.</p></footer>';
  const html = `<html><head><title>Soil</title></head><body><main>${article}</main>${footer}</body></html>`;
  return cleanPage(html, 'https://soil.example/why').content;
}

describe("a quotation's footer", () => {
  it('is read as the last line of the quote, and the page footer is not', () => {
    const content = clean(
      '<blockquote><p>The nation that destroys its soil destroys itself.</p>' +
        '<footer>— <cite>Franklin D. Roosevelt</cite></footer></blockquote>',
    );
    assert.match(content, /^> The nation that destroys its soil destroys itself\.\n>\n> — _Franklin D\. Roosevelt_$/m);
    assert.doesNotMatch(content, /All rights reserved/);
  });

  it("keeps the quoted person's name, though its class says author", () => {
    const content = clean(
      '<blockquote class="Quote"><p class="Quote__body">Switching on local payments helped us grow abroad.</p>' +
        '<footer class="Quote__attribution"><span class="Quote__author">Michelle Lin</span>, Chief Financial ' +
        'Officer, Italic</footer></blockquote>',
    );
    assert.match(content, /^> Michelle Lin, Chief Financial Officer, Italic$/m);
  });
});
