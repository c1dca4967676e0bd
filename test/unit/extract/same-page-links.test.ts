import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractContent } from '../../../src/extract/content/extract-content.js';
import { renderText } from '../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://science.example/news/virus-questions');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const QUESTIONS = [
  'What are the symptoms?',
  'How deadly is the virus?',
  'How does it spread?',
  'Can it be contained?',
  'How can I protect myself?',
  'When will there be a vaccine?',
  'Where does the disease come from?',
];
const INTRO = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Intro paragraph ${i + 1}: many questions are still open, and researchers around the world are working, ` +
    `with great urgency, to answer them.</p>`,
).join('');
const anchor = (q: string, i: number): string => `<a href="#q${i}">${q}</a>`;

test('a section whose links are a table of contents into the page is prose, not a link list', () => {
  const answers = QUESTIONS.slice(0, 2)
    .map(
      (q, i) =>
        `<h3 id="q${i}">${q}</h3><p>Answer ${i + 1}: most people have only a mild cold with shivers and a sore ` +
        `throat, some have no symptoms at all, and a few fall seriously ill.</p>`,
    )
    .join('');
  const html =
    `<html><body><main><h1>The virus: what we know</h1><article><div class="intro">${INTRO}</div>
<div class="row"><div class="columns"><p>` +
    `How many people will fall ill, how the disease spreads, and how dangerous it is: scientists know some ` +
    `answers, and many are still open.</p>
<div class="callout-box"><strong>In this article:</strong> ${QUESTIONS.map(anchor).join(' ')}</div>${answers}</div>` +
    `</div></article></main></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('Answer 1: most people have only a mild cold'), text);
  assert.ok(text.includes('How many people will fall ill'));
  // The table of contents itself is still a link list.
  assert.ok(!text.includes('In this article:'), text);
});

test('a box of links to other pages is still left out', () => {
  const html =
    `<html><body><main><h1>The virus: what we know</h1><article><p>` +
    `Many questions are still open, and researchers around the world are working, with great urgency, to answer ` +
    `them all.</p>
<p>How many people will fall ill, how the disease spreads, and how dangerous it is: scientists know some answers, ` +
    `and many are still open.</p>
<div class="more"><p>Further reading on this and other subjects, collected by the editors.</p>` +
    `${QUESTIONS.map((q, i) => `<a href="/news/${i}">${q}</a>`).join(' ')}</div></article></main></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('Many questions are still open'), text);
  assert.ok(!text.includes('Further reading'), text);
});
