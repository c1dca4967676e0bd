// An author box ("author-bio", "author-box", "about-the-author") presents the article's writer,
// and themes set it in a sidebar column or in the article's footer as often as under the text:
// its link to the author's page names the page's writer there too. Other links in a sidebar
// or a footer still name nobody.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

const box = (cls: string) => `<div class="${cls}"><h3><a href="https://example.com/author/martin">Martin Junker</a></h3>
  <p>Our adviser Martin Junker has twenty-five years of experience in leasing.</p>
  <p><a href="https://example.com/author/martin">All posts by Martin Junker</a></p></div>`;

describe('author: the author box', () => {
  it("reads the author-page link of an author box in the article's sidebar column", () => {
    const html = `<article><h1>Company cars: lease or buy?</h1><div class="sidebar-wrapper">
      <div class="content">${para}</div><div class="sidebar">${box('author-bio sidebar')}</div></div></article>`;
    assert.equal(meta(html).author, 'Martin Junker');
  });
  it('reads it in a footer column and in an <aside>, under other author-box marks', () => {
    const head = `<article><h1>Company cars: lease or buy?</h1>${para}`;
    const footer = `${head}<div class="footer">${box('author-box')}</div></article>`;
    assert.equal(meta(footer).author, 'Martin Junker');
    const aside = `${head}<aside>${box('about-the-author')}</aside></article>`;
    assert.equal(meta(aside).author, 'Martin Junker');
  });
  it('reads the name a German box\'s "Alles von" link announces', () => {
    const html = `<article><h1>Firmenwagen: Leasen oder Finanzieren?</h1>${para}<div class="sidebar">
      <div class="author-bio"><p><a href="https://example.com/author/martin">Alles von Martin Junker</a></p></div></div></article>`;
    assert.equal(meta(html).author, 'Martin Junker');
  });
  it('still reads no author-page link in a sidebar outside an author box', () => {
    const html = `<article><h1>Company cars: lease or buy?</h1>${para}
      <div class="sidebar"><p><a href="https://example.com/author/martin">Martin Junker</a></p></div></article>`;
    assert.equal(meta(html).author, null);
  });
});
