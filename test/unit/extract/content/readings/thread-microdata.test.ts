import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';

function contentText(html: string): string | null {
  const ex = extractContent(parseHtml(html), 'https://forum.example/t/first-trip');
  return ex ? renderText(ex.blocks, { title: null }) : null;
}

const REPLIES = [
  'Kyoto deserves three days at least, and the castle in Himeji is worth the morning train ride from there, ' +
    'whatever the weather.',
  'Book the rail pass before you go; the ticket offices at the airport have long queues in spring, when everyone ' +
    'arrives at once.',
  'We used a small company for the first week and went on our own after that, which gave us the confidence to plan ' +
    'the rest ourselves.',
];

/**
 * A thread declared in microdata (no JSON-LD): the opening post and each reply carry the same body class; the replies
 * sit in "reply" wrappers.
 */
function thread(itemtype: string | null): string {
  const op = Array.from(
    { length: 4 },
    (_, i) =>
      `<p>Opening post, paragraph ${i + 1}: we have travelled a lot in Europe but never in Japan, and we would ` +
      `like advice on the route, the rail pass and the hotels.</p>`,
  ).join('');
  const reply = (t: string, i: number): string =>
    `<article class="reply" itemprop="comment" itemscope itemtype="https://schema.org/Comment"><header>Posted by <span class="author"><a href="/users/${i}">user${i}</a></span></header><div class="content markdown" itemprop="text"><p>${t}</p></div></article>`;
  const scope = itemtype ? ` itemscope itemtype="${itemtype}"` : '';
  return (
    `<html><head><title>First trip | Travel forum</title></head><body><nav><a href="/">Forum</a> ` +
    `<a href="/new">New</a></nav>
<div class="main-content"><div class="thread"${scope}><article class="topic"><header><h1>First trip</h1></header>` +
    `<div class="content markdown" itemprop="articleBody">${op}</div></article>
<section id="replies">${REPLIES.map(reply).join('')}</section></div></div><footer><a href="/terms">Terms</a>` +
    `</footer></body></html>`
  );
}

test('a thread declared in microdata is read with its replies', () => {
  const text = contentText(thread('http://schema.org/DiscussionForumPosting'))!;
  assert.ok(text.includes('Opening post, paragraph 4'));
  for (const r of REPLIES) assert.ok(text.includes(r.slice(0, 60)), `missing: ${r.slice(0, 40)}`);
  assert.ok(!text.includes('Terms'));
});

test('without the thread type (an article with comments marked up like it) the replies stay out', () => {
  const text = contentText(thread(null))!;
  assert.ok(text.includes('Opening post, paragraph 4'));
  assert.ok(!text.includes(REPLIES[0]!.slice(0, 40)));
  // A FAQ's Question type is no thread.
  const faq = contentText(thread('https://schema.org/Question'))!;
  assert.ok(!faq.includes(REPLIES[0]!.slice(0, 40)));
});
