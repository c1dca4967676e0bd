// Rules of the fourth pass over the metadata dev set's misses (issue 12): each generic (what a
// careful reader does on any page), each on a small page of its own.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractMetadata } from '../../../src/extract/metadata/index.js';

const meta = (html: string, url = 'https://news.example.com/story') => extractMetadata(parseHtml(html), url);

describe('description: cut short', () => {
  it('takes the whole declared text a description with an ellipsis was cut from', () => {
    const full = 'Saubere Sache: the cleaning company grows beyond its home region and now opens an office in the capital.';
    assert.equal(meta(`<meta property="og:description" content="Saubere Sache: the cleaning company grows beyond its ho..."><meta name="description" content="${full}">`).description, full);
  });
  it('keeps the cut one when no declared source goes on with it (the lead paragraph is not a completion)', () => {
    const cut = 'Saubere Sache: the cleaning company grows beyond its home region and now...';
    assert.equal(meta(`<meta property="og:description" content="${cut}"><article><p>Saubere Sache: the cleaning company grows beyond its home region and now opens an office in the capital.</p></article>`).description, cut);
  });
  it('keeps a description without an ellipsis even when another one is longer', () => {
    assert.equal(meta('<meta property="og:description" content="The short form of the teaser text for this page, as declared."><meta name="description" content="The short form of the teaser text for this page, as declared. And more.">').description, 'The short form of the teaser text for this page, as declared.');
  });
});

describe('author: "By" in an element of its own', () => {
  it('reads the name in the element after a "By" element', () => {
    assert.equal(meta('<h1>Story</h1><div><span>By</span><span><a href="/about/team/jane">Jane Doe</a></span><span>KTRK</span></div>').author, 'Jane Doe');
  });
  it('reads past a separator printed before the label ("| By")', () => {
    assert.equal(meta('<h1>Story</h1><div><span class="sr">| By </span> <span>Cara Stiles</span> | <time>April 13, 2020</time></div>').author, 'Cara Stiles');
  });
  it('needs a colon after "Author" or "Text" (a heading, not a label)', () => {
    assert.equal(meta('<h1>Story</h1><h3>Author</h3><p>Jane Doe</p>').author, null);
    assert.equal(meta('<h1>Story</h1><b>Autor:</b> Jane Doe').author, 'Jane Doe');
  });
});
