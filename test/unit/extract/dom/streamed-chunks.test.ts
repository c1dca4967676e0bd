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
