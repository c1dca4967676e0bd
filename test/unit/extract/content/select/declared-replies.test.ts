import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTextAt } from '../../../../support/content-text.js';

const contentText = (html: string): string =>
  contentTextAt(html, 'https://forum.example/beginners/1234-first-campaign.html');

const REPLIES = [
  'Paid traffic still works, but the cost per click is far higher than it used to be, so test with a small budget ' +
    'before you scale anything up.',
  'Put a squeeze page in front of the offer: you paid for that visitor, and an email address lets you follow up a ' +
    'few times after the first visit.',
  'Pick one network and learn it well; spreading a small budget over four networks teaches you nothing about any ' +
    'of them in the first month.',
];

/** A thread set in an article template: JSON-LD says Article, the opening post is the body, and
 *  the replies are declared schema.org Comments inside the same container, which is named
 *  `containerClass`. */
function page(containerClass: string): string {
  const op = Array.from(
    { length: 3 },
    (_, i) =>
      `<p>Opening post, paragraph ${i + 1}: could it be as simple as finding a product, using the landing pages ` +
      `the vendor provides and running ads to them on a cheap domain?</p>`,
  ).join('');
  const reply = (t: string, i: number): string =>
    `<li class="Board-item"><div class="Board-content" itemscope itemtype="http://schema.org/Comment"><div class="Board-header"><a href="/members/user${i}.html" class="Board-username" itemprop="author" itemscope itemtype="http://schema.org/Person">user${i}</a> <time itemprop="dateCreated">2 years ago</time></div><div class="Board-message" itemprop="text">${t}</div><ul class="Board-actions"><li><a href="#reply">Reply</a></li><li><a href="#quote">Quote</a></li></ul></div></li>`;
  return (
    `<html><head><title>My first campaign</title><script type="application/ld+json">` +
    `{"@context":"http://schema.org","@type":"Article","headline":"My first campaign","author":{"@type":"Person",` +
    `"name":"op"}}</script></head><body><nav><a href="/">Home</a> <a href="/new">New posts</a></nav>
<main><article class="${containerClass} Card"><header><h1>My first campaign</h1><a href="/members/op.html">op</a> ` +
    `<time>Posted: 2 years ago</time></header><div class="${containerClass}-content">${op}</div>
<section id="comments" class="Board"><ul class="Board-list">${REPLIES.map(reply).join('')}</ul></section></article>` +
    `</main><footer><a href="/terms">Terms</a></footer></body></html>`
  );
}

test('a thread in an article template is read with its declared replies', () => {
  const text = contentText(page('ThreadView'));
  assert.ok(text.includes('Opening post, paragraph 3'));
  for (const r of REPLIES) assert.ok(text.includes(r.slice(0, 60)), `missing: ${r.slice(0, 40)}`);
  assert.ok(text.indexOf('Opening post, paragraph 3') < text.indexOf(REPLIES[0]!.slice(0, 40)));
  assert.ok(!text.includes('Terms'));
});

test("an article's declared comments stay out when its container is named a post, not a thread", () => {
  const text = contentText(page('PostView'));
  assert.ok(text.includes('Opening post, paragraph 3'));
  for (const r of REPLIES) assert.ok(!text.includes(r.slice(0, 40)), `leaked: ${r.slice(0, 40)}`);
});
