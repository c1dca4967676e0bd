// The site's own name credited as the author is the organisation, as written: a one-word brand
// is not a first name to complete from a line of the page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

describe("author: the site's own name as the only credit", () => {
  it('keeps a one-word site name as written, not completed from a heading line ("Soliant Blog")', () => {
    const html = `<meta property="og:site_name" content="Soliant"><meta name="author" content="Soliant">
      <div class="brand"><p>Soliant Blog</p></div><h1>The best states for mental health</h1>${para}`;
    assert.equal(meta(html).author, 'Soliant');
  });
  it("still completes a person's first name from a line that is the full name", () => {
    const html = `<meta property="og:site_name" content="Soliant"><meta name="author" content="Todd">
      <h1>Robot</h1>${para}<p class="full-name">Todd Bates</p>`;
    assert.equal(meta(html).author, 'Todd Bates');
  });
});

describe('author: an organisation whose name a digit leads', () => {
  const page = (line: string) =>
    `<h1>How does robot vacuum mapping work?</h1>
     <div class="article__meta"><p><time>Feb 6, 2025</time></p><p>${line}</p></div>${para}`;
  it('reads "By 3i Global" as a name: one digit, then letters', () => {
    assert.equal(meta(page('By 3i Global')).author, '3i Global');
  });
  it('not a number, nor a digit before a word in lower case', () => {
    assert.equal(meta(page('By 30 Global')).author, null);
    assert.equal(meta(page('By 3D printing')).author, null);
  });
});
