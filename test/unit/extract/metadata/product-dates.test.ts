// A product's own dates (its release, its first availability) date the product, not the page:
// a store's page of a game, a program or a book has no publication date of its own.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

const url = 'https://store.example.com/app/570/game';

describe('published_at: a product page is not dated by its product', () => {
  it('reads no date from a box marked as the release date', () => {
    const html = `<h1>Star Pilots</h1><div class="release_date"><div class="subtitle">Release Date:</div>
      <div class="date">9 Jul, 2013</div></div>${para}`;
    assert.equal(meta(html, url).published_at, null);
  });
  it('reads no date labelled "Released" beside it', () => {
    const html = `<h1>Star Pilots</h1><div class="grid_label">Released</div>
      <div class="grid_content grid_date">9 Jul, 2013</div>${para}`;
    assert.equal(meta(html, url).published_at, null);
  });
  it('reads no "Date First Available" line', () => {
    const html = `<h1>Desk lamp</h1><ul class="details-meta"><li>Date First Available: March 4, 2019</li></ul>${para}`;
    assert.equal(meta(html, url).published_at, null);
  });
  it("still reads a story's own marked date", () => {
    const date = '<div class="post-meta"><span class="date">9 Jul, 2013</span></div>';
    const html = `<h1>Star Pilots reviewed</h1>${date}${para}`;
    assert.equal(meta(html).published_at, '2013-07-09');
  });
});
