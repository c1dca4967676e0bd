// A page that lists other stories (a home page, a section's or a tag's index) prints each story's
// date in its card, under the page's own title: that date is the story's, not the page's. The
// page's own date, printed by its headline outside the cards, stays.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

/** A teaser card: a linked title, a date printed as text, a line of summary. */
function card(title: string, day: string): string {
  return `<div class="teaser"><a href="/news/${title.length}">${title}</a><span>${day}</span>
    <p>A short summary of the story.</p></div>`;
}

const cards = [
  card('Cable prices rise again this winter', 'December 17, 2025'),
  card('Streaming bundles compared side by side', 'December 12, 2025'),
  card('What the new broadband rules mean for you', 'December 3, 2025'),
].join('');

describe('dates printed in the cards of other stories', () => {
  it('are not the date of a page that lists them', () => {
    const html = `<h1>Latest news</h1><section>${cards}</section>`;
    assert.equal(meta(html, 'https://www.example.com/news').published_at, null);
  });
  it('leave the page its own date printed by the headline, above the cards', () => {
    const html = `<h1>Why cable prices rise</h1><p>December 19, 2025</p>${para}<section>${cards}</section>`;
    assert.equal(meta(html, 'https://www.example.com/news/cable-prices').published_at, '2025-12-19');
  });
  it('leave the page its date when a card shows the same day as its own dateline', () => {
    const html = `<h1>Why cable prices rise</h1><p>December 17, 2025</p>${para}<section>${cards}</section>`;
    assert.equal(meta(html, 'https://www.example.com/news/cable-prices').published_at, '2025-12-17');
  });
  it('are not the date of a page that lists them when announced as published', () => {
    const posted = cards.replace('<span>December 17, 2025</span>', '<span>Published December 17, 2025</span>');
    const html = `<h1>Economy</h1><section>${posted}</section>`;
    assert.equal(meta(html, 'https://www.example.com/economy/').published_at, null);
  });
  it('read no cards in paragraphs: an article whose paragraphs hold links keeps its date', () => {
    const linked = (n: number) => `<p>See <a href="/guide/${n}">the full guide to this topic</a> for more.</p>`;
    const html = `<h1>Choosing a plan</h1><p>March 2, 2026</p>${[1, 2, 3, 4].map(linked).join('')}`;
    assert.equal(meta(html, 'https://www.example.com/guide').published_at, '2026-03-02');
  });
});
