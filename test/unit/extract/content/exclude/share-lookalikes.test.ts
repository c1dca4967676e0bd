import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://qa.example/questions/1/async');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const PROSE = Array.from(
  { length: 5 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the answer explains, with enough words and detail, how the event loop hands control ` +
    `from one coroutine to the next.</p>`,
).join('');

test('a code block classed "prettyprint" is code, not a print button', () => {
  const html =
    `<html><body><main><h1>Why does my coroutine block?</h1><div class="post-body">${PROSE}
<pre class="lang-py prettyprint-override"><code>import asyncio
async def count():
    await asyncio.sleep(0)</code></pre>
<div class="note noprint"><p>This answer is disputed: the example needs a newer release of the library to run as ` +
    `shown.</p></div>
<div class="share-bar"><a href="/share/tw">Share</a> <a href="/print">Print</a></div></div></main></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('import asyncio'), text);
  assert.ok(text.includes('await asyncio.sleep(0)'));
  // "noprint" says how the box prints, not that it is a print button.
  assert.ok(text.includes('This answer is disputed'));
  // A real share bar still goes.
  assert.ok(!text.includes('Share'));
});

test('a heading linked to itself is a section heading; a thread post linked by its title stays out', () => {
  const section = (id: string, title: string): string =>
    `<h2 id="${id}"><a href="#${id}">${title}</a></h2><p>` +
    `The section about ${title.toLowerCase()} says, with enough words and commas, what a reader needs to know.` +
    `</p>`;
  const html =
    `<html><body><main><h1>A guide</h1><div class="post-body">` +
    `${PROSE}${section('first-steps', 'First steps')}${section('going-further', 'Going further')}
<div class="post" id="p42"><h3><a href="#p42">Re: A guide</a></h3><p>` +
    `A reply that thanks the author, with a few words and commas, for the guide above.</p></div></div></main>` +
    `</body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('First steps'), text);
  assert.ok(text.includes('Going further'));
  // The post's permalink names the box around its title: a "Re:" title, left out as before.
  assert.ok(!text.includes('Re: A guide'));
});
