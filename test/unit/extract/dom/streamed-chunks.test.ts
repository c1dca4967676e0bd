import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://streamed.example/guide');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const para = (n: number): string =>
  `<p>Paragraph ${n} of the guide, with enough words, commas, and detail to read as the page's prose.</p>`;
const paras = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, i) => para(from + i)).join('');

test("a streaming render's late chunks are read where their placeholders stand", () => {
  const html =
    `<html><head><title>Guide</title></head><body><div>
<header><nav><a href="/">Home</a> <a href="/docs">Docs</a></nav></header>
<main><h1>The guide</h1>${paras(1, 2)}<!--$?--><template id="B:0"></template><!--/$--><p>` +
    `Closing words of the guide, with commas, words, and detail.</p></main>
<footer><a href="/about">About</a></footer></div>
<script>$RC=function(b,c){};</script>
<div hidden id="S:0"><section><h2>Details</h2>${paras(3, 6)}</section></div>
<script>$RC("B:0","S:0")</script></body></html>`;
  const text = contentText(html);
  assert.match(text, /Paragraph 1 of the guide/);
  assert.match(text, /Paragraph 6 of the guide/);
  // In the placeholder's place: before the closing words.
  assert.ok(text.indexOf('Paragraph 6') < text.indexOf('Closing words'), text);
});

test('hidden elements that are not streamed chunks stay hidden', () => {
  const html = `<html><head><title>Guide</title></head><body><main><h1>The guide</h1>${paras(1, 4)}
<template id="B:0"></template></main><div hidden id="panel"><p>A hidden note that no script places.</p></div>
<div hidden id="S:1"><p>A chunk without its placeholder.</p></div></body></html>`;
  const text = contentText(html);
  assert.match(text, /Paragraph 4 of the guide/);
  assert.doesNotMatch(text, /hidden note|without its placeholder/);
});

test("a late chunk's own placeholders are filled by the segments sent after it", () => {
  const html =
    `<html><head><title>Guide</title></head><body>
<main><h1>The guide</h1>${para(1)}<template id="B:0"></template></main>
<div hidden id="S:0"><section>${paras(2, 3)}<template id="P:1"></template><h2>Costs</h2>` +
    `<template id="P:2"></template></section></div>
<div hidden id="S:1">${paras(4, 5)}</div>
<div hidden id="S:2">${paras(6, 7)}</div></body></html>`;
  const text = contentText(html);
  for (const n of [1, 3, 5, 7]) assert.match(text, new RegExp(`Paragraph ${n} of the guide`));
  // Each segment in its placeholder's place: the second after the heading between them.
  assert.ok(text.indexOf('Paragraph 5') < text.indexOf('Costs'), text);
  assert.ok(text.indexOf('Costs') < text.indexOf('Paragraph 6'), text);
});
