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
  it("never takes a cookie banner's or a dialog's <h1>", () => {
    const title = '<title>Todo Lists | A to-do list to organize your work and life</title>';
    for (const box of ['<div class="cookie-banner">', '<div role="dialog">', '<dialog open>']) {
      const close = box.startsWith('<dialog') ? '</dialog>' : '</div>';
      const t = titles(`${title}${box}<h1>Cookies on your to-do list: your privacy</h1>${close}`);
      assert.equal(t.headline, t.declared, box);
    }
  });
  it('keeps the declared title over an <h1> that shares one word with it', () => {
    const t = titles(
      '<title>The AI workspace that works for you | Notes</title><h1>One workspace. Zero busywork.</h1>',
    );
    assert.equal(t.headline, t.declared);
    const same = titles('<title>How to store winter squash | Garden</title><h1>Storing winter squash at home</h1>');
    assert.equal(same.headline, 'Storing winter squash at home');
  });
  it('gives empty titles for a page that declares and prints none', () => {
    assert.deepEqual(titles('<p>Just text.</p>'), { declared: '', headline: '' });
  });
});
