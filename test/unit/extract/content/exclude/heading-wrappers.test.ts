import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://agency.example/impressum');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const module = (inner: string): string => `<div class="j-module n j-text"><p>${inner}</p></div>`;
const PROSE =
  'The provider is responsible for its own content on these pages under the general laws, and for links to other ' +
  'sites only once it learns of an infringement.';

test('a box named "header" around one section heading is that heading, not the page header', () => {
  const html =
    `<html><body><div class="page-header"><h1>Agency</h1><a href="/">Home</a> <a href="/contact">Contact` +
    `</a></div>
<div class="content-inner">
<div class="j-module n j-header"><h2>Angaben gemäß § 5 TMG</h2></div>` +
    `${module('Agentur Example<br>Heideweg 1<br>29614 Soltau')}
<div class="j-module n j-header"><h3>Haftung für Inhalte</h3></div>${module(PROSE)}${module(PROSE)}
<div class="related-header"><h3>More from the agency</h3></div>
</div></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('Angaben gemäß § 5 TMG'), text);
  assert.ok(text.includes('Haftung für Inhalte'), text);
  assert.ok(text.includes('The provider is responsible'), text);
  // Another unlikely word beside "header" still keeps the box out; so does the page header.
  assert.ok(!text.includes('More from the agency'), text);
  assert.ok(!text.includes('Contact'), text);
});
