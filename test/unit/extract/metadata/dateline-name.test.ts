// A byline printed as plain lines under the headline: a name on its own line beside the
// dateline, or under a "Written by" line. Not a topic link beside the date, not a label, and
// not on a listing whose cards are each signed and dated.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractMetadata } from '../../../../src/extract/metadata/index.js';
import { parseHtml } from '../../../../src/parse/parse-html.js';

const meta = (html: string) => extractMetadata(parseHtml(html), 'https://news.example.org/2024/story');

const body = '<p>The council met on Tuesday evening to vote on the plan for the river bank and its new path.</p>';

describe('author: a name beside the dateline under the headline', () => {
  it('reads the name on the line before the date', () => {
    const html = `<h1>River path approved</h1><div><p>Elliot Raba</p><p>23.07.2025</p></div>${body}`;
    assert.equal(meta(html).author, 'Elliot Raba');
  });
  it('reads the name on the line after the date, separators between', () => {
    const html =
      '<h1>River path approved</h1><div><span>Dec 17, 2025</span><span>·</span></div>' +
      `<div>Julian K. Arni</div>${body}`;
    assert.equal(meta(html).author, 'Julian K. Arni');
  });
  it('reads a news agency beside the date', () => {
    const html = `<h1>River path approved</h1><p class="credit">JIJI</p><div>Feb 18, 2020</div>${body}`;
    assert.equal(meta(html).author, 'JIJI');
  });
  it('does not take a category link beside the date', () => {
    const html =
      '<h1>River path approved</h1><div><span>2020-04-26</span>' +
      `<a href="/category/local-news/" rel="category tag">Local News</a></div>${body}`;
    assert.equal(meta(html).author, null);
  });
  it('does not take a label beside the date', () => {
    const html = `<h1>River path approved</h1><div>Posted On</div><div>March 3, 2024</div>${body}`;
    assert.equal(meta(html).author, null);
  });
  it('does not take a name and date further down the text', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `<p>Line ${i + 1} of the story.</p>`).join('');
    const html = `<h1>River path approved</h1>${lines}<p>Maria Woon</p><p>March 3, 2024</p>${body}`;
    assert.equal(meta(html).author, null);
  });
  it('names nobody on a listing whose cards are each signed and dated', () => {
    const card = (title: string, who: string, day: number) =>
      `<div><h2>${title}</h2><div>${who}</div><div>March ${day}, 2024</div><p>A short teaser.</p></div>`;
    const html =
      `<h1>The Go Blog</h1>${card('Allocating on the stack', 'Keith Randall', 3)}` +
      card('Modernizing code', 'Alan Donovan', 2);
    assert.equal(meta(html).author, null);
  });
});

describe('author: a name under a label line by the headline', () => {
  it('reads the name on the line after "Written by:"', () => {
    const html = `<h1>River path approved</h1><div><span>Written by:</span></div><div><a>Elise Nass</a></div>${body}`;
    assert.equal(meta(html).author, 'Elise Nass');
  });
  it('names nobody when each card of a list has its own "by" line', () => {
    const book = (title: string, who: string) => `<div><a>${title}</a><br>by<br><span>${who}</span></div>`;
    const html = `<h1>Best Books Ever</h1>${book('The Hunger Games', 'Suzanne Collins')}${book('Emma', 'Jane Austen')}`;
    assert.equal(meta(html).author, null);
  });
});

describe('author: a dateline and a name over the headline', () => {
  it('reads the name on the two lines just above the headline, in either order', () => {
    const over = (a: string, b: string) =>
      `<div><span>${a}</span><span>${b}</span></div><h1>Hardware-attested builds</h1>${body}`;
    assert.equal(meta(over('Dec 17, 2025', 'Julian K. Arni')).author, 'Julian K. Arni');
    assert.equal(meta(over('Julian K. Arni', 'Dec 17, 2025')).author, 'Julian K. Arni');
  });
  it('takes no name above the headline that a line between keeps from it, nor a label beside the date', () => {
    const html =
      '<div><span>Dec 17, 2025</span><span>Julian K. Arni</span></div><p>Hardware notes</p>' +
      `<h1>Hardware-attested builds</h1>${body}`;
    assert.equal(meta(html).author, null);
    const label = `<div><span>Dec 17, 2025</span><span>Read More</span></div><h1>Hardware-attested builds</h1>${body}`;
    assert.equal(meta(label).author, null);
  });
});
