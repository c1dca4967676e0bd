// Reply subjects: a forum prints "Re: <the thread's subject>" over every reply (phpBB, FluxBB);
// those lines go, and the posts, a subject a writer changed and a single "Re:" line stay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Block } from '../../../../../src/extract/blocks.js';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';
import { dropReplySubjects } from '../../../../../src/extract/content/passes/reply-subjects.js';
import { p, texts } from '../../../../support/block-builders.js';

const SUBJECT = 'Which file system for a home server?';
const BODIES = [
  'I am setting up a small home server with four disks and cannot decide between two file systems for the data pool.',
  'I have run the first one on my own server for six years without losing a single file; scrubs are easy.',
  'The second is simpler to grow one disk at a time, which matters more than anything for a home setup.',
  'Thanks, both answers help. I will start with the simpler one and move the pool later if the need comes.',
];

/** A thread as a phpBB board prints it: each post a box with its subject, its writer and its text. */
function thread(subjects: string[]): string {
  const posts = BODIES.map(
    (body, i) =>
      `<div class="post bg${i % 2}" id="p${i + 1}"><div class="postbody">` +
      `<h3><a href="#p${i + 1}">${subjects[i]}</a></h3>` +
      `<p class="author">by <a href="/member/${i}">member${i}</a> » 3. Sep 2024, 1${i}:0${i}</p>` +
      `<div class="content">${body}</div></div></div>`,
  );
  return (
    `<html><head><title>${SUBJECT} - Board index</title></head><body>` +
    `<header><nav><a href="/">Board index</a> <a href="/faq">FAQ</a></nav></header>` +
    `<main><h2 class="topic-title">${SUBJECT}</h2><div class="topic">${posts.join('')}</div></main>` +
    `<footer>Powered by a forum</footer></body></html>`
  );
}

const read = (html: string): string => {
  const ex = extractContent(parseHtml(html), 'https://forum.example/viewtopic.php?t=42');
  assert.ok(ex, 'the thread is read');
  return renderText(ex.blocks, { title: null, plain: true });
};

test('the "Re: <subject>" line over every reply goes; the posts stay', () => {
  const out = read(thread([SUBJECT, ...BODIES.slice(1).map(() => `Re: ${SUBJECT}`)]));
  assert.ok(!out.includes(`Re: ${SUBJECT}`), out);
  for (const body of BODIES) assert.ok(out.includes(body), `${body} in:\n${out}`);
});

test('a subject a writer chose, and one "Re:" line alone, stay', () => {
  const changed = 'Re: the second file system, after a month';
  const out = read(thread([SUBJECT, `Re: ${SUBJECT}`, changed, 'Solved']));
  assert.ok(out.includes(`Re: ${SUBJECT}`), 'one "Re:" line is not a pattern');
  assert.ok(out.includes(changed));
  const distinct: Block[] = [p('Re: Hybrid computing by member1: 2:55pm'), p('Re: Hybrid computing by member2: 9pm')];
  assert.equal(dropReplySubjects(distinct), distinct, 'subjects that differ (a writer and a time each) stay');
  assert.deepEqual(texts(dropReplySubjects([p('Re: same'), p('a post'), p('RE: Same'), p('Reading')])), [
    'a post',
    'Reading',
  ]);
});
