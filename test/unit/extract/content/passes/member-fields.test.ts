// Member fields: a forum's record of the writer beside each post ("Posts: 1,234", "Registered:
// 2012-09-03") and the post's count of likes ("7 Likes") go; the posts and free-text fields
// ("Location: Seattle") stay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Block } from '../../../../../src/extract/blocks.js';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';
import { dropMemberFields } from '../../../../../src/extract/content/passes/member-fields.js';
import { p, texts } from '../../../../support/block-builders.js';

const BODIES = [
  'My laptop drops its wireless connection every few minutes since the last kernel update this week.',
  'Check the power saving setting of the card; turning it off fixed the same drops on my machine.',
  'That was it. With power saving off the connection has held for a whole day now, thank you.',
];

/** A thread as FluxBB prints it: each post with its writer's name and record, then the text. */
function thread(): string {
  const posts = BODIES.map(
    (body, i) =>
      `<div class="blockpost" id="p${i + 1}"><div class="box"><div class="postleft"><dl>` +
      `<dt><strong><a href="/profile/${i}">member${i}</a></strong></dt>` +
      `<dd>Registered: 201${i}-09-03</dd><dd>Posts: ${i + 1},23${i}</dd></dl></div>` +
      `<div class="postright"><div class="postmsg"><p>${body}</p></div></div></div></div>`,
  );
  return (
    '<html><head><title>Wireless drops - Forums</title></head><body>' +
    '<nav><a href="/">Index</a> <a href="/search">Search</a></nav>' +
    `<main><h1>Wireless drops</h1>${posts.join('')}</main><footer>Powered by a board</footer></body></html>`
  );
}

test("a member's post count and registration date beside each post go; the posts stay", () => {
  const ex = extractContent(parseHtml(thread()), 'https://forum.example/viewtopic.php?id=7');
  assert.ok(ex, 'the thread is read');
  const out = renderText(ex.blocks, { title: null, plain: true });
  assert.ok(!/Registered:|Posts:/.test(out), out);
  for (const body of BODIES) assert.ok(out.includes(body), `${body} in:\n${out}`);
});

test('free-text fields and prose that opens like a field stay', () => {
  const keep = [
    p('Location: Seattle, Washington'),
    p('From: Miod Vallat'),
    p('Posts: the ones we wrote last year are in the archive.'),
    p('Joined: never, I only read here'),
  ];
  assert.equal(dropMemberFields(keep), keep);
  const br: Block = {
    type: 'paragraph',
    children: [
      { type: 'text', text: 'member1' },
      { type: 'break' },
      { type: 'text', text: 'Joined: Sep 2014' },
      { type: 'break' },
      { type: 'text', text: 'Messages: 1.2k' },
    ],
  };
  assert.deepEqual(texts(dropMemberFields([br, p('Reaction score: 12')])), ['member1']);
});

test("vBulletin's join date and a post count printed as a line of its own go", () => {
  const keep = [p('48 posts later the thread is still going.'), p('Join Date: none, I only read here')];
  assert.equal(dropMemberFields(keep), keep);
  const posts = [p('member0'), p('Join Date: Mar 2016'), p('48 posts'), p(BODIES[0]!), p('Join date: 2009-03-01')];
  assert.deepEqual(texts(dropMemberFields(posts)), ['member0', BODIES[0]!]);
});

test("a post's count of likes under it goes; a sentence about likes stays", () => {
  const keep = [p('12 likes in a day is a record for this board.'), p('Likes: hiking, cooking')];
  assert.equal(dropMemberFields(keep), keep);
  const posts = [p(BODIES[0]!), p('1 Like'), p(BODIES[1]!), p('7 Likes'), p(BODIES[2]!)];
  assert.deepEqual(texts(dropMemberFields(posts)), BODIES);
});
