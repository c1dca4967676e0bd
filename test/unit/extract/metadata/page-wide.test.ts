// A wrapper around the whole page that a theme names for one of its parts ("navigation-container",
// "blog-sidebar-position-right") holds the headline and most of the text: the article's own date
// and byline inside it are not furniture. A real menu or sidebar still is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

const relative = `<span class="post-date" title="2022-02-02 09:30">vor drei Jahren</span>`;
const menu = `<ul class="menu"><li><a href="/a">Home</a></li><li><a href="/b">Results</a></li></ul>`;

describe('a page-wide wrapper named like furniture', () => {
  it("does not hide the article's <time> (an id naming the navigation around everything)", () => {
    const html = `<div id="navigation-container">${menu}<div class="content"><article>
      <h1>Indoor championships</h1><time datetime="2022-02-01T10:00:00+01:00">Tuesday</time>${para}${para}</article>
      </div></div>`;
    assert.equal(meta(html).published_at, '2022-02-01T10:00:00+01:00');
  });
  it('does not hide a date-marked element (a class naming the sidebar of the layout)', () => {
    const html = `<div class="page-wrapper blog-sidebar-position-right"><div class="post">
      <h1>Prosecutors open an inquiry</h1><span class="post-date" title="2022-02-02 09:30">vor drei Jahren</span>
      ${para}${para}</div><div class="side">${menu}</div></div>`;
    assert.equal(meta(html).published_at, '2022-02-02T09:30:00');
  });
  it('still hides a date in a real sidebar beside the article', () => {
    // Text enough that the sidebar's date is not printed by the headline.
    const html = `<div class="post"><h1>Prosecutors open an inquiry</h1>${para.repeat(10)}</div>
      <div class="sidebar"><h1>Latest</h1>${relative}</div>`;
    assert.equal(meta(html).published_at, null);
  });
  it('still hides a date in a menu that holds most of the text but no headline', () => {
    const html = `<h1>Prosecutors open an inquiry</h1>${para.repeat(10)}
      <div class="mega-menu">${para.repeat(12)}${relative}</div>`;
    assert.equal(meta(html).published_at, null);
  });
});

describe('a date inside markup nobody reads, under a wrapper named like furniture', () => {
  it('is measured without failing (inside <svg> or <template>)', () => {
    const html = `<div class="nav-wrapper"><svg><g><time datetime="2022-02-01">1 Feb</time></g></svg>
      <template><span class="post-date">2. Februar 2022</span></template></div><h1>Story</h1>${para}`;
    assert.doesNotThrow(() => meta(html));
  });
});
