import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string): string | null {
  const ex = extractContent(parseHtml(html), 'https://links.example/s/abc123/project_goals');
  return ex ? renderText(ex.blocks, { title: null }) : null;
}

const REPLIES = [
  'I was worried about implicit clones too, but after reading the proposal, I think it is probably for the best, ' +
    'since the explicit version is noise.',
  'Same here. Most of my clones are of reference-counted handles, and writing them out by hand never caught a ' +
    'single bug for me, not once.',
  'I disagree: an explicit clone shows where a cost is paid, and a reader of the code should be able to see that ' +
    'cost without guessing.',
  'The cost of cloning a counted handle is one atomic increment, which is cheap enough that hiding it, in most ' +
    'programs, is harmless.',
];

/** A link aggregator's thread: the story is a link, the discussion is nested comments whose
 *  texts are all marked up alike. */
function thread(): string {
  let nested = '';
  for (let i = REPLIES.length - 1; i >= 0; i--) {
    // The second reply is a long one, several paragraphs: scoring picks it.
    const text =
      i === 1
        ? Array.from({ length: 3 }, (_, k) => `<p>${REPLIES[i]} Point ${k + 1}, at length, with detail.</p>`).join('')
        : `<p>${REPLIES[i]}</p>`;
    nested =
      `<li class="comments_subtree"><div class="comment"><div class="details"><a href="/~user${i}">` +
      `user${i}</a> <span>${i + 1} hours ago</span></div><div class="comment_text">${text}</div></div>` +
      `<ol class="comments">${nested}</ol></li>`;
  }
  return `<!doctype html><html><head><title>Project goals for 2024 | Links</title></head><body>
<header class="site"><a href="/">Links</a> <a href="/active">Active</a> <a href="/recent">Recent</a></header>
<div id="inside"><div class="story"><a class="title" href="https://project.example/goals">Project goals for 2024</a> <span class="byline">via someone</span></div>
<ol class="comments comments1">${nested}</ol></div>
<footer><a href="/about">About</a> <a href="/privacy">Privacy</a></footer></body></html>`;
}

test('a thread whose posts are marked up alike is read whole, not only its longest post', () => {
  const text = contentText(thread())!;
  for (const r of REPLIES) assert.ok(text.includes(r.slice(0, 60)), `missing: ${r.slice(0, 40)}`);
  assert.ok(!text.includes('Privacy'));
});

test('an article found by the strict pass stays alone beside comments marked up like it', () => {
  const body = Array.from(
    { length: 6 },
    (_, i) =>
      `<p>Paragraph ${i + 1} of the article, with enough words, commas, and detail to read like real prose in a ` +
      `body.</p>`,
  ).join('');
  const comment = (t: string): string => `<div class="text"><p>${t}</p></div>`;
  const html =
    `<html><body><article><h1>Headline</h1><div class="text">${body}</div></article><section>` +
    `${REPLIES.map(comment).join('')}</section></body></html>`;
  const text = contentText(html)!;
  assert.ok(text.includes('Paragraph 6 of the article'));
  assert.ok(!text.includes(REPLIES[0]!.slice(0, 40)));
});

test('on a page declared a thread, replies in "comment" wrappers are read with the opening post', () => {
  const op = Array.from(
    { length: 4 },
    (_, i) =>
      `<p>Opening post, paragraph ${i + 1}: the project changed its licence, and the add-ons we maintain, with ` +
      `their users, need a new home.</p>`,
  ).join('');
  const reply = (t: string): string =>
    `<li class="ItemComment"><div class="Author"><a href="/u/x">someone</a></div><div class="Message userContent">` +
    `<p>${t}</p></div></li>`;
  const html =
    `<html><head><title>Licence change | Forum</title><script type="application/ld+json">` +
    `{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Licence change"}</script>` +
    `</head>
<body><nav><a href="/">Forum</a> <a href="/categories">Categories</a></nav><main class="Content"><h1>Licence change` +
    `</h1><div class="Discussion"><div class="Message userContent">${op}</div></div>
<ul class="Comments">${REPLIES.map(reply).join('')}</ul></main><footer><a href="/terms">Terms</a></footer></body>` +
    `</html>`;
  const text = contentText(html)!;
  assert.ok(text.includes('Opening post, paragraph 4'));
  for (const r of REPLIES) assert.ok(text.includes(r.slice(0, 60)), `missing: ${r.slice(0, 40)}`);
  // Without the declaration the page is an article with comments: they stay out.
  const undeclared = contentText(html.replace(/<script type="application\/ld\+json">.*?<\/script>/, ''))!;
  assert.ok(!undeclared.includes(REPLIES[0]!.slice(0, 40)));
});
