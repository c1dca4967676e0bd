// The page's two titles: the declared one (metadata title, clean_web_index) verbatim, and the
// headline as printed (clean_web_content).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageTitles } from '../../../../src/extract/page/headline.js';
import { parseHtml } from '../../../../src/parse/parse-html.js';

const titles = (html: string, url = 'https://news.example.com/story') => pageTitles(parseHtml(html), url);

describe('page titles', () => {
  it('declares og:title whole while the headline is the <h1> it holds', () => {
    const t = titles('<meta property="og:title" content="The Big Story | Brand"><h1>The Big Story</h1>');
    assert.deepEqual(t, { declared: 'The Big Story | Brand', headline: 'The Big Story' });
  });
  it("takes the <h1> that is one whole part of the <title>, the site's name the other", () => {
    const t = titles(
      '<title>Night heron at the old mill pond – Marsh Photos</title><h1>Night heron at the old mill pond</h1>',
    );
    assert.equal(t.headline, 'Night heron at the old mill pond');
    assert.equal(t.declared, 'Night heron at the old mill pond – Marsh Photos');
  });
  it("cuts the site's declared name from a title when no <h1> tells the story", () => {
    const t = titles(
      '<meta property="og:site_name" content="Heat Guide"><title>Heat pumps in old houses | Heat Guide</title>',
    );
    assert.equal(t.headline, 'Heat pumps in old houses');
  });
  it('gives empty titles for a page that declares and prints none', () => {
    assert.deepEqual(titles('<p>Just text.</p>'), { declared: '', headline: '' });
  });
});
