import { test } from 'node:test';
import assert from 'node:assert/strict';
import { THREAD_SAYINGS } from '../../../../support/thread-sayings.js';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';
import { isOneLine } from '../../../../../src/extract/content/exclude/post-headers.js';
import { findElement } from '../../../../../src/extract/dom/walk.js';
import type { Element } from 'domhandler';
import { isPlainTag } from '../../../../../src/extract/dom/walk.js';

function contentText(html: string, url = 'https://forum.example/t/first-trip/42'): string {
  const ex = extractContent(parseHtml(html), url);
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const NAMES = [
  'traveller_anna',
  'kenji_w',
  'marta_r',
  'olafsson',
  'li_wei',
  'pedro_g',
  'sunny_k',
  'a_moreau',
  'tomasz_b',
  'hana_s',
];
const SAYINGS = THREAD_SAYINGS;
const POSTS = NAMES.map((name, i) => [name, `Post ${i + 1}: ${SAYINGS[i % 3]}`] as const);
const MORE =
  '<p>Another paragraph of the same post, which goes on about the trains, the hotels and the food, as long posts ' +
  'on a travel forum do.</p>';

/** A thread in microdata the way forum software serves its crawler view: each post an item
 *  (the thread, then its comments) whose header holds the author's name and the date. */
function thread(header: (name: string, i: number) => string): string {
  const post = ([name, text]: readonly [string, string], i: number): string => {
    const item = i === 0 ? '' : ` itemprop="comment" itemscope itemtype="http://schema.org/Comment"`;
    return (
      `<div id="post_${i + 1}"${item} class="topic-body crawler-post">\n${header(name, i)}\n` +
      `<div class="post" itemprop="text"><p>${text}</p>${MORE}${MORE}</div></div>`
    );
  };
  return `<html><head><title>First trip | Travel forum</title></head><body><header><a href="/">Forum</a></header>
<div id="main-outlet" class="wrap" role="main"><h1>First trip</h1><div itemscope itemtype="http://schema.org/DiscussionForumPosting"><meta itemprop="headline" content="First trip">
${POSTS.map(post).join('\n')}</div></div><footer><a href="/terms">Terms</a></footer></body></html>`;
}

const metaLine = (name: string, i: number): string =>
  `<div class="crawler-post-meta">\n<span class="creator" itemprop="author" itemscope itemtype="http://schema.org/Person"><a itemprop="url" href="/u/${name}"><span itemprop="name">${name}</span></a>\n</span>\n` +
  `<span class="crawler-post-infos">\n<time itemprop="datePublished" datetime="2025-04-1${i}T12:02:29Z" ` +
  `class="post-time">April 1${i}, 2025, 12:02pm</time>\n<span itemprop="position">${i + 1}</span></span></div>`;

test("a declared thread's posts keep their author and date line", () => {
  const text = contentText(thread(metaLine));
  for (const [name, body] of POSTS) {
    assert.ok(text.includes(body.slice(0, 50)), `missing post of ${name}`);
    assert.ok(text.includes(name), `missing author ${name}`);
  }
  assert.ok(text.includes('April 12, 2025'));
  assert.ok(!text.includes('Terms'));
});

test("a member's panel (a box of lines) and a date set as the permalink stay out", () => {
  const panel = (name: string, i: number): string =>
    `<section class="message-user" itemprop="author" itemscope itemtype="https://schema.org/Person"><h4 class="message-name"><span itemprop="name">${name}</span></h4><dl><dt>Joined</dt><dd>Jan 13, 2011</dd></dl></section>` +
    `<header class="message-attribution"><a href="/t/first-trip/42/${i}">` +
    `<time class="u-dt" itemprop="datePublished" datetime="2024-02-2${i}">Feb 2${i}, 2024</time></a></header>`;
  const text = contentText(thread(panel));
  for (const [, body] of POSTS) assert.ok(text.includes(body.slice(0, 50)));
  assert.ok(!text.includes('Joined'));
  assert.ok(!text.includes('Feb 21, 2024'));
});

test("an article's byline and date stay out of its body", () => {
  const paras = Array.from(
    { length: 5 },
    (_, i) =>
      `<p>Paragraph ${i + 1} of the story: the council voted on Tuesday to keep the old market hall open for ` +
      `another ten years, after a long campaign by the traders.</p>`,
  ).join('');
  const html = `<html><head><title>Market hall stays open</title></head><body><article itemscope itemtype="https://schema.org/NewsArticle"><h1>Market hall stays open</h1>
<div class="entry-meta"><span class="author" itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Jane Reporter</span></span> <time itemprop="datePublished" datetime="2025-03-04">March 4, 2025</time> <span>7</span></div>
<div itemprop="articleBody">${paras}</div></article></body></html>`;
  const text = contentText(html, 'https://news.example/2025/market-hall');
  assert.ok(text.includes('Paragraph 5 of the story'));
  assert.ok(!text.includes('Jane Reporter'));
  assert.ok(!text.includes('March 4, 2025'));
});

test('one line: inline elements only, or a block of inline ones', () => {
  const el = (html: string): Element =>
    findElement(
      parseHtml(`<html><body>${html}</body></html>`),
      (e) => !!e.parent && isPlainTag(e.parent) && e.parent.name === 'body',
    )!;
  assert.equal(isOneLine(el('<div class="meta"><span><a href="/u/x">x</a></span> <time>May 1</time></div>')), true);
  assert.equal(isOneLine(el('<span><a href="/u/x">x</a></span>')), true);
  assert.equal(isOneLine(el('<section><h4>x</h4><dl><dt>Joined</dt><dd>2011</dd></dl></section>')), false);
  assert.equal(isOneLine(el('<div><div>J</div><span>x</span></div>')), false);
});
