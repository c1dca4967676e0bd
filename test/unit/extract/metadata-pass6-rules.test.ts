// Rules of the sixth pass over the metadata dev set's misses (issue 12): each generic (what a
// careful reader does on any page), each on a small page of its own.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractMetadata } from '../../../src/extract/metadata/index.js';

const meta = (html: string, url = 'https://news.example.com/story') => extractMetadata(parseHtml(html), url);

describe('author: the organisation the page declares as its author', () => {
  it('keeps a declared author that is the site itself when nobody else signs the page', () => {
    const html = '<meta property="og:site_name" content="Deutscher Tennis Bund"><meta name="author" content="Deutscher Tennis Bund"><h1>Kader nominiert</h1><p>Text.</p>';
    assert.equal(meta(html).author, 'Deutscher Tennis Bund');
  });
  it('keeps a JSON-LD Organization author that is the site', () => {
    const ld = { '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'Story', author: { '@type': 'Organization', name: 'Eurosport' }, publisher: { '@type': 'Organization', name: 'Eurosport' } };
    assert.equal(meta(`<script type="application/ld+json">${JSON.stringify(ld)}</script><h1>Story</h1>`).author, 'Eurosport');
  });
  it('still prefers a person named in the byline', () => {
    const html = '<meta property="og:site_name" content="Example News"><meta name="author" content="Example News"><h1>Story</h1><p class="byline">By Jane Doe</p>';
    assert.equal(meta(html).author, 'Jane Doe');
  });
});
