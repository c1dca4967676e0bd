import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTextAt } from '../../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://knowledge.example/hub/event-planning');

const ARTICLE_LD =
  '<script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","headline":"Event planning"}</script>';
const para = (n: number): string =>
  `<p>Step ${n} of planning an event, with commas, reasons, and detail enough to read as prose for anyone who ` +
  `plans one this year.</p>`;

test('on a page declared an article, a short declared body (a hero excerpt) gives way to the article in a widget box', () => {
  const body = Array.from({ length: 12 }, (_, i) => para(i + 1)).join('');
  const text = contentText(
    `<html><head><title>Event planning</title>${ARTICLE_LD}</head><body>
<main><div class="hero"><h1>Event planning</h1><div class="blog-post-content"><p>` +
      `Master event planning with a structured process, from goals to follow-up.</p></div></div>
<div class="content-wrap"><div class="module-wrapper page-widget">${body}</div></div></main></body></html>`,
  );
  assert.match(text, /Step 1 of planning an event/);
  assert.match(text, /Step 12 of planning an event/);
});

test('a short declared body beside a sidebar of links stays the content', () => {
  const links = Array.from(
    { length: 30 },
    (_, i) => `<li><a href="/post-${i}">Another post number ${i} on the blog</a></li>`,
  ).join('');
  const text = contentText(
    `<html><head><title>Short note</title>${ARTICLE_LD}</head><body>
<main><article><h1>Short note</h1><div class="entry-content"><p>` +
      `A short note of one paragraph, with commas, sent to readers this week.</p></div></article>
<div class="sidebar-widget"><h3>More posts</h3><ul>${links}</ul></div></main></body></html>`,
  );
  assert.match(text, /A short note of one paragraph/);
  assert.doesNotMatch(text, /Another post number 7/);
});
