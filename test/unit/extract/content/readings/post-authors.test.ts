import { test } from 'node:test';
import assert from 'node:assert/strict';
import { THREAD_SAYINGS } from '../../../../support/thread-sayings.js';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string, url = 'https://forum.example/threads/first-trip.42/'): string {
  const ex = extractContent(parseHtml(html), url);
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

const NAMES = ['traveller_anna', 'kenji_w', 'marta_r', 'olafsson', 'li_wei', 'pedro_g'];
const SAYINGS = THREAD_SAYINGS;

/** Each post's date as XenForo's themes set it: the permalink in the post's header, the one item
 *  of its list, beside the post's number; the last post's reads relative to the page's moment. */
const DATES = [
  'Jul 9, 2024',
  'Jul 10, 2024',
  'Jul 10, 2024',
  '10 Jul 2024 at 8:12 PM',
  'Yesterday at 9:41 AM',
  '2 hours ago',
];
const CALENDAR_DATES = DATES.slice(0, 4);

/** A thread as forum software serves it without microdata on the posts: each post an <article>
 *  whose member panel (avatar, name, rank, join date, count of messages) declares the author as a
 *  schema.org Person, and whose header prints its date, beside the post's text. */
function thread(): string {
  const post = (name: string, i: number): string =>
    `<article class="message message--post" data-author="${name}" id="js-post-${i + 1}"><div class="message-inner">` +
    `<div class="message-cell message-cell--user">` +
    `<section class="message-user" itemscope itemtype="https://schema.org/Person">` +
    `<div class="message-avatar"><a href="/members/${name}.${i + 1}/" class="avatar">` +
    `<img src="/a/${i}.jpg" alt="${name}"></a></div>` +
    `<div class="message-userDetails"><h4 class="message-name">` +
    `<a href="/members/${name}.${i + 1}/" class="username" itemprop="name">${name}</a></h4>` +
    `<h5 class="userTitle" itemprop="jobTitle">Seasoned traveller</h5></div>` +
    `<div class="message-userExtras"><dl><dt>Joined</dt><dd>Jan 13, 2011</dd></dl>` +
    `<dl><dt>Messages</dt><dd>1,234</dd></dl></div>` +
    `</section></div><div class="message-cell message-cell--main">` +
    `<header class="message-attribution"><ul class="message-attribution-main listInline"><li>` +
    `<a href="/threads/first-trip.42/post-${i + 1}" class="u-concealed">` +
    `<time class="u-dt" datetime="2024-07-${9 + i}T20:12:00+0000">${DATES[i]}</time></a></li></ul>` +
    `<ul class="message-attribution-opposite listInline"><li><a href="/threads/first-trip.42/post-${i + 1}">` +
    `#${i + 1}</a></li></ul></header><div class="message-content">` +
    `<div class="bbWrapper">Post ${i + 1}: ${SAYINGS[i % 3]} ${SAYINGS[(i + 1) % 3]}</div></div></div></div></article>`;
  return `<html><head><title>First trip | Travel forum</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"First trip"}</script>
</head><body><header><nav><a href="/">Forum</a> <a href="/whats-new">What's new</a></nav></header>
<div class="p-body"><h1>First trip</h1><div class="block block--messages"><div class="block-body">
${NAMES.map(post).join('\n')}</div></div></div><footer><a href="/terms">Terms</a></footer></body></html>`;
}

test("a thread's posts are read with their authors' names, declared in their member panels", () => {
  const text = contentText(thread());
  let at = -1;
  NAMES.forEach((name, i) => {
    const by = text.indexOf(name, at + 1);
    const body = text.indexOf(`Post ${i + 1}:`);
    assert.ok(by !== -1, `missing author ${name}`);
    assert.ok(body > by, `the post of ${name} is read after the name`);
    at = body;
  });
});

test('the rest of the member panel stays out', () => {
  const text = contentText(thread());
  for (const furniture of ['Seasoned traveller', 'Joined', 'Messages', '1,234', 'Terms']) {
    assert.ok(!text.includes(furniture), furniture);
  }
});

test("a thread's posts are read with their dates, as their headers print them", () => {
  const text = contentText(thread());
  const lines = text.split('\n');
  let at = -1;
  CALENDAR_DATES.forEach((date, i) => {
    const on = lines.indexOf(date, at + 1);
    const body = lines.findIndex((line) => line.startsWith(`Post ${i + 1}:`));
    assert.ok(on !== -1, `missing the date of post ${i + 1}`);
    assert.ok(on < body, `the date of post ${i + 1} is read before its text`);
    at = on;
  });
});

test("a relative date is the page's moment, not the post's, and stays out with the rest of the header", () => {
  const text = contentText(thread());
  for (const furniture of ['Yesterday', 'hours ago', '#1', '#6']) assert.ok(!text.includes(furniture), furniture);
});

/** A thread as Invision's themes serve it: each post an <article> whose body (the rich-text box)
 *  is apart from its header, and the header prints "Posted <date>" as the post's permalink, beside
 *  the author's pane (name, group, count of posts) that the body does not hold. */
function bodiesApartFromHeaders(): string {
  const post = (name: string, i: number): string =>
    `<article id="elComment_${i + 1}" class="cPost ipsBox ipsComment ipsColumns">` +
    `<div class="cAuthorPane_mobile"><div class="cAuthorPane_content">` +
    `<h3 class="cAuthorPane_author"><a href="/profile/${i + 1}-${name}/" rel="nofollow">${name}</a></h3>` +
    `<div class="ipsType_light ipsType_reset"><a href="/topic/42-first-trip/?do=findComment&amp;comment=${i + 1}">` +
    `Posted <time datetime="2024-03-${10 + i}T07:02:39Z">${CALENDAR_DATES_APART[i]}</time></a></div></div></div>` +
    `<aside class="ipsComment_author cAuthorPane ipsColumn"><h3><strong><a href="/profile/${i + 1}-${name}/">` +
    `${name}</a></strong></h3><ul class="cAuthorPane_info ipsList_reset"><li>Members</li>` +
    `<li><a href="/profile/${i + 1}-${name}/content/">1,234 posts</a></li></ul></aside>` +
    `<div class="ipsColumn ipsColumn_fluid"><div class="ipsComment_content">` +
    `<div class="cPost_contentWrap">` +
    `<div class="ipsType_normal ipsType_richText ipsContained" data-role="commentContent">` +
    `<p>Post ${i + 1}: ${SAYINGS[i % 3]}</p><p>${SAYINGS[(i + 1) % 3]}</p></div></div>` +
    `<ul class="ipsComment_controls"><li><a href="#">Quote</a></li><li><a href="#">Share this post</a></li></ul>` +
    `</div></div></article>`;
  return `<html><head><title>First trip - Travel forum</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"First trip"}</script>
</head><body><header><nav><a href="/">Forums</a> <a href="/discover">Activity</a></nav></header>
<div id="ipsLayout_mainArea"><h1>First trip</h1><div class="cTopic ipsClear">
${NAMES.slice(0, 4).map(post).join('\n')}</div></div><footer><a href="/terms">Terms</a></footer></body></html>`;
}
const CALENDAR_DATES_APART = ['March 10, 2024', 'March 11, 2024', 'March 12, 2024', 'March 13, 2024'];

test('posts whose bodies stand apart from their headers are read with their dates, as the permalinks print them', () => {
  const text = contentText(bodiesApartFromHeaders(), 'https://forum.example/topic/42-first-trip/');
  const lines = text.split('\n');
  let at = -1;
  CALENDAR_DATES_APART.forEach((date, i) => {
    const on = lines.indexOf(`Posted ${date}`, at + 1);
    const body = lines.findIndex((line) => line.startsWith(`Post ${i + 1}:`));
    assert.ok(on !== -1, `missing the date of post ${i + 1}`);
    assert.ok(body !== -1 && on < body, `the date of post ${i + 1} is read before its text`);
    at = on;
  });
  for (const furniture of ['Members', 'posts', 'Quote', 'Share this post', 'Terms']) {
    assert.ok(!text.includes(furniture), furniture);
  }
});

test("such posts are read with their authors' names, the linked heading their headers open with", () => {
  const lines = contentText(bodiesApartFromHeaders(), 'https://forum.example/topic/42-first-trip/').split('\n');
  NAMES.slice(0, 4).forEach((name, i) => {
    const by = lines.indexOf(name);
    assert.ok(by !== -1, `missing author ${name}`);
    assert.ok(by < lines.indexOf(`Posted ${CALENDAR_DATES_APART[i]}`), `the name of ${name} is read before the date`);
  });
});
