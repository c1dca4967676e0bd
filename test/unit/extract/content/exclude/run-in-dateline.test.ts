import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://news.example/2020/02/18/masks-stolen');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const PROSE =
  'The masks had been kept in a machine room on the third floor of the hospital, and staff noticed they were gone ' +
  'when they went to restock the wards on Monday morning.';

test("a dateline span opening the first paragraph is the paragraph's first words", () => {
  const html =
    `<html><body><div class="entry" id="article">
<div class="dateline">February 18, 2020</div>
<p><span class="dateline">KOBE &#8211; </span>` +
    `A total of 6,000 surgical masks have been lost at a hospital in Kobe, it was learned Tuesday.</p>
<p>${PROSE}</p><p>${PROSE}</p>
<p><span class="byline">By Jane Doe</span></p>
</div></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('KOBE – A total of 6,000 surgical masks'), text);
  // A dateline on a line of its own, and a byline alone in its paragraph, stay out.
  assert.ok(!text.includes('February 18, 2020'), text);
  assert.ok(!text.includes('By Jane Doe'), text);
});
