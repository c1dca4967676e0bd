import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractContent } from '../../../src/extract/content/extract-content.js';
import { renderText } from '../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://qa.example/questions/1/async');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const PROSE = Array.from({ length: 5 }, (_, i) => `<p>Paragraph ${i + 1} of the answer explains, with enough words and detail, how the event loop hands control from one coroutine to the next.</p>`).join('');

test('a code block classed "prettyprint" is code, not a print button', () => {
  const html = `<html><body><main><h1>Why does my coroutine block?</h1><div class="post-body">${PROSE}
<pre class="lang-py prettyprint-override"><code>import asyncio
async def count():
    await asyncio.sleep(0)</code></pre>
<div class="note noprint"><p>This answer is disputed: the example needs a newer release of the library to run as shown.</p></div>
<div class="share-bar"><a href="/share/tw">Share</a> <a href="/print">Print</a></div></div></main></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('import asyncio'), text);
  assert.ok(text.includes('await asyncio.sleep(0)'));
  // "noprint" says how the box prints, not that it is a print button.
  assert.ok(text.includes('This answer is disputed'));
  // A real share bar still goes.
  assert.ok(!text.includes('Share'));
});
