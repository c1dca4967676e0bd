// An <article>'s own <footer> says who wrote it ("Posted by Jane Doe on ..."): its byline is the
// page's author. The site's <footer>, and a reader's comment footer, still sign nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

const head = `<h1>Preparing a transition</h1>${para}${para}`;
const posted = '<p>Posted by <a href="/blog/author/colin-watson.html">Colin Watson</a> on 18 December 2025</p>';

describe("author: an article's own footer", () => {
  it('reads the byline in the footer of the <article>', () => {
    const html = `<body><article>${head}<footer>${posted}</footer></article></body>`;
    assert.equal(meta(html).author, 'Colin Watson');
  });
  it("leaves the site's footer alone", () => {
    const html = `<body><article>${head}</article><footer>${posted}</footer></body>`;
    assert.equal(meta(html).author, null);
  });
  it("leaves a reader's comment footer alone", () => {
    const comment = `<div class="comments"><article><footer>${posted}</footer><p>Nice post.</p></article></div>`;
    const html = `<body><article>${head}${comment}</article></body>`;
    assert.equal(meta(html).author, null);
  });
});
