// A class marks a byline only when it names the byline or its name: a negated mark ("no-byline")
// or another part of the byline block ("byline__category", "author-modal__gdpr") names nobody.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

describe('author: what a byline class marks', () => {
  it('reads no author from a "no-byline" box or a part of the byline block that is not the name', () => {
    for (const box of [
      '<div class="post-meta-detail no-byline">Consulting, Services</div>',
      '<div class="author-ask-modal__gdpr">phone, messengers</div>',
    ])
      assert.equal(meta(`<h1>Our services</h1>${box}${para}`).author, null, box);
  });
  it('reads the name part of a byline block, and a CSS module hash is no part', () => {
    assert.equal(meta(`<h1>Story</h1><p class="byline__name">Jane Doe</p>${para}`).author, 'Jane Doe');
    const item = '<span class="post-info__item post-info__item--type-author">Jane Doe</span>';
    assert.equal(meta(`<h1>Story</h1>${item}${para}`).author, 'Jane Doe');
    assert.equal(
      meta(`<h1>Story</h1><p class="Author_author__4ceOm">Nick van Mead</p>${para}`).author,
      'Nick van Mead',
    );
  });
});
