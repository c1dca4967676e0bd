import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://garden.example/how-to/hydrangeas-in-pots');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const para = (t: string): string => `<div class="paragraph"><p>${t}</p></div>`;
const PROSE = Array.from({ length: 4 }, (_, i) =>
  para(
    `Step ${i + 1} explains, with enough words and commas, what the plant needs and why it matters for the blooms ` +
      `this summer.`,
  ),
).join('');

test('a short paragraph in its own wrapper is a line of the text; a short bare box is not', () => {
  const html = `<html><body><main><h1>How to grow hydrangeas in pots</h1><article>
${para('<strong>1. Choose the right pot</strong>')}${PROSE}<div class="loader">Loading…</div>
${para('<strong>2. Water in the morning</strong>')}${PROSE}</article></main></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('1. Choose the right pot'), text);
  assert.ok(text.includes('2. Water in the morning'), text);
  assert.ok(!text.includes('Loading'), text);
});

test('the label of a table of contents does not stay behind when its links go', () => {
  const links = ['Why pots', 'Which soil', 'How much water', 'When to prune', 'Winter care']
    .map((t, i) => `<li><a href="#s${i}">${t}</a></li>`)
    .join('');
  const html = `<html><body><main><h1>How to grow hydrangeas in pots</h1><article>${PROSE}
<div class="toc"><p>Inhaltsverzeichnis</p><ul>${links}</ul></div>${PROSE}</article></main></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('Step 1 explains'), text);
  assert.ok(!text.includes('Inhaltsverzeichnis'), text);
  assert.ok(!text.includes('Which soil'), text);
});

test('a heading set in a typography class named "caption" is a heading, not a picture caption', () => {
  const html =
    `<html><head><title>Second case in the team | Sport</title></head><body><main><div class="hero"><h1>` +
    `Second case in the team</h1>
<h2 class="hero__teaser caption-s5-fx">Two days before the opening ceremony the delegation had to deal with ` +
    `another positive test, and the federation's president spoke of a difficult week.</h2></div>
<div id="article-content">${PROSE}</div></main></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('Two days before the opening ceremony'), text);
  assert.ok(text.includes('Step 1 explains'), text);
});
