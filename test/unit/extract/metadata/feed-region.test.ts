// A feed of entries marked with microformats (hAtom's hfeed) is the page's own posts, even inside
// a box its theme calls a widget: the date over a post there is the post's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

/** The blog's links between its name and its posts: the posts stand far from the <h1>. */
const links = `<ul>${Array.from({ length: 240 }, (_, i) => `<li>Label ${i + 1}</li>`).join('')}</ul>`;

const page = (feedClass: string) =>
  '<head><title>Python Insider: Python 3.6.0 is now available!</title></head>' +
  `<div class="header"><h1>Python Insider</h1></div>${links}` +
  `<div class="widget Blog" id="Blog1"><div class="blog-posts ${feedClass}">` +
  '<div class="date-outer"><h2 class="date-header"><span>Friday, December 23, 2016</span></h2>' +
  `<div class="post hentry"><h3 class="post-title">Python 3.6.0 is now available!</h3>${para}</div></div></div></div>` +
  '<div class="widget BlogArchive"><h2>Archive</h2><ul><li><span class="date">March 3, 2015</span></li></ul></div>';

describe('published_at: the date over a post in a marked feed of entries', () => {
  it('reads it inside a widget when the feed is marked hfeed', () => {
    assert.equal(meta(page('hfeed')).published_at, '2016-12-23');
  });
  it('still reads no date from an unmarked widget', () => {
    assert.equal(meta(page('')).published_at, null);
  });
});
