// A listing (a blog's index, a category grid, other stories below an article) repeats its cards,
// each with its own title, byline and date: those sign and date the listed items, not the page.
// A thread's posts repeat too, but its replies repeat its title, so the starter still signs it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

/** A listing's card: a linked title, a byline, a date. */
function card(title: string, author: string, day: string): string {
  const byline = `<span class="author">${author}</span>`;
  return `<li class="card"><h3><a href="/posts/${day}">${title}</a></h3><p class="meta">${byline}
    <time datetime="${day}">${day}</time></p></li>`;
}

const index = `<h1>The Team Blog</h1><ul class="cards">${[
  card('Faster builds with the new cache', 'Keith Randall', '2026-02-27'),
  card('What is new in the release', 'Alan Donovan', '2026-02-17'),
  card('Profiling the scheduler in production', 'Carlos Amedee', '2026-02-10'),
].join('')}</ul>`;

/** A post of a thread: the poster, the date, a title replying to the thread's, the text. */
function post(title: string, author: string, day: string, text: string): string {
  return `<div class="post"><h3><a href="#p${day}">${title}</a></h3><p class="author">${author}</p>
    <time datetime="${day}">${day}</time><p>${text}</p></div>`;
}

describe('listing cards: the bylines and dates of listed items are not the page', () => {
  it('names no author and no date on an index of posts', () => {
    const m = meta(index, 'https://blog.example.com/');
    assert.equal(m.author, null);
    assert.equal(m.published_at, null);
  });
  it('keeps the article its byline and date when other stories are listed below it', () => {
    const html = `<article><h1>Faster builds</h1><p class="byline">By <span class="author">Jane Doe</span></p>
      <time datetime="2026-03-01">1 March 2026</time>${para}</article>${index.replace('<h1>The Team Blog</h1>', '')}`;
    const m = meta(html);
    assert.equal(m.author, 'Jane Doe');
    assert.equal(m.published_at, '2026-03-01');
  });
  it("reads a date announced as published that no listed card shows, above the list of the page's parts", () => {
    const html = `<h1>Small Business Guide</h1><p>Published 15 November 2018</p>${para}${index.replace(
      '<h1>The Team Blog</h1>',
      '',
    )}`;
    assert.equal(meta(html, 'https://guides.example.org/small-business').published_at, '2018-11-15');
    // Announced on a card, the date is the card's.
    const listed = index.replace('2026-02-17">2026-02-17', '2026-02-17">Published 17 February 2026');
    assert.equal(meta(listed, 'https://blog.example.com/').published_at, null);
  });
  it('leaves a thread its starter: replies repeat the thread title', () => {
    const html = `<h1>Which tent for the Alps?</h1>${[
      post('Which tent for the Alps?', 'Hannah Berg', '2024-02-24', 'Looking for a light tent.'),
      post('Re: Which tent for the Alps?', 'Tom Reyes', '2024-02-25', 'Take a tunnel tent.'),
      post('Re: Which tent for the Alps?', 'Ana Lima', '2024-02-26', 'A dome is easier.'),
    ].join('')}`;
    const m = meta(html, 'https://forum.example.org/t/tents/7');
    assert.equal(m.author, 'Hannah Berg');
    assert.equal(m.published_at, '2024-02-24');
  });
  it('keeps a byline repeated in two boxes (a byline and a bio), which do not make a listing', () => {
    const html = `<h1>Story</h1><div class="box"><h3><a href="/a">About the writer here</a></h3>
      <span class="author">Jane Doe</span></div><div class="box"><h3><a href="/b">More from the writer here</a></h3>
      <span class="author">Jane Doe</span></div>${para}`;
    assert.equal(meta(html).author, 'Jane Doe');
  });
});
