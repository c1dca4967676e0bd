import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string): string {
  const ex = extractContent(parseHtml(html), 'https://docs.example/manual/storage.html');
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const sections = ['Introduction', 'Page Layout', 'Free Space Map', 'Visibility Map', 'Heap Files', 'Write-Ahead Log'];

/** A documentation generator's chapter page: the chapter's <h2> under the site header, its
 *  table of contents (links to the section pages) and one intro paragraph; beside it a
 *  "Submit correction" box, the only block that scores as prose. */
function chapterPage(tocHref: (i: number) => string): string {
  const versions = Array.from({ length: 20 }, (_, i) => `<a href="/manual/${i}/storage.html">${i}</a>`).join(' / ');
  const toc = sections
    .map((s, i) => `<dt><span class="sect1"><a href="${tocHref(i)}">7.${i + 1}. ${s}</a></span></dt>`)
    .join('');
  return (
    `<html><head><title>Example: Manual: 18: Chapter 7. Storage</title></head><body>
<nav><a href="/">Home</a> <a href="/about/">About</a> <a href="/download/">Download</a></nav>
<div class="versions">Supported Versions: ${versions}</div>
<div id="content"><div class="navheader"><a href="prev.html">Prev</a> <a href="up.html">Up</a> <a href="next.html">` +
    `Next</a></div>
<div class="chapter"><div class="titlepage"><div><h2 class="title">Chapter 7. Storage</h2></div></div>
<div class="toc"><p><strong>Table of Contents</strong></p><dl class="toc">${toc}</dl></div>
<p>This chapter describes how the database stores its tables and indexes on disk, which files hold them and how ` +
    `they grow over time.</p></div></div>
<div id="comments"><h2>Submit correction</h2><p>` +
    `If you see anything in the documentation that is not correct, does not match your experience with the ` +
    `particular feature or requires further clarification, please use <a href="/account/comments/new/">this form` +
    `</a> to report a documentation issue.</p></div>
<footer><a href="/policies/">Policies</a> | <a href="/contact/">Contact</a></footer></body></html>`
  );
}

test("a chapter page's title block (heading, in-site table of contents, intro) is read instead of a small box beside it", () => {
  const text = contentText(chapterPage((i) => `storage-${i}.html`));
  assert.match(text, /7\.3\. Free Space Map/);
  assert.match(text, /This chapter describes how the database stores/);
  assert.doesNotMatch(text, /Submit correction|report a documentation issue/);
});

test('a title block whose list links to other sites is not a table of contents: the small box stands', () => {
  const text = contentText(chapterPage((i) => `https://elsewhere.example/page-${i}`));
  assert.doesNotMatch(text, /7\.3\. Free Space Map/);
});
