// A date the page announces as its last update ("Last updated March 2, 2026") is when the page
// was modified, not when it was published: modified_at, never published_at. A date announced
// as a deadline or a term ("Sale ends", "valid until") is an offer's: neither.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

describe('dates announced as updated', () => {
  it('give modified_at and no published_at', () => {
    const html = `<h1>Install the client</h1>${para}<p>Last updated March 2, 2026</p>${para}`;
    const m = meta(html, 'https://docs.example.com/install');
    assert.equal(m.published_at, null);
    assert.equal(m.modified_at, '2026-03-02');
  });
  it('leave a date announced as published to published_at', () => {
    const html = `<h1>Story</h1>${para}<p>Published January 5, 2020. Updated March 2, 2026.</p>${para}`;
    const m = meta(html);
    assert.equal(m.published_at, '2020-01-05');
    assert.equal(m.modified_at, '2026-03-02');
  });
  it('read a label on a line of its own before the date ("Updated" / "March 2, 2026")', () => {
    const html = `<h1>Install the client</h1><div><span>Updated</span></div><div>March 2, 2026</div>${para}`;
    const m = meta(html, 'https://docs.example.com/install');
    assert.equal(m.published_at, null);
    assert.equal(m.modified_at, '2026-03-02');
  });
  it('read "Last active" and "last edited" as updates', () => {
    const active = `<h1>writeup.md</h1><p>Last active</p><p>December 20, 2025 13:58</p>${para}`;
    assert.equal(meta(active, 'https://code.example.com/gist/5e2c').published_at, null);
    const edited = `<h1>BeginnersGuide</h1>${para}<p>Download (last edited 2019-11-10 13:28:18 by Mats)</p>`;
    assert.equal(meta(edited, 'https://wiki.example.org/BeginnersGuide').modified_at, '2019-11-10T13:28:18');
  });
  it('read "Aktualisiert" as an update', () => {
    const html = `<h1>Anleitung</h1>${para}<p>Aktualisiert am 02.03.2026</p>${para}`;
    assert.equal(meta(html, 'https://docs.example.de/anleitung').modified_at, '2026-03-02');
  });
});

describe('dates of offers and deadlines by the headline', () => {
  it("are not the page's date", () => {
    for (const line of ['Sale ends 03/31/2026. While supplies last.', 'Travel through December 31, 2025.'])
      assert.equal(
        meta(`<h1>Standing desks</h1><p>${line}</p>${para}`, 'https://shop.example.com/desks').published_at,
        null,
        line,
      );
  });
  it('leave a date printed under the headline to the page', () => {
    assert.equal(meta(`<h1>Standing desks</h1><p>December 19, 2025</p>${para}`).published_at, '2025-12-19');
  });
  it("are not a date written inside a paragraph by the headline (a rule's effective date)", () => {
    const text = `The 2020 Residential Building Code went into effect January 1, 2020. It includes numerous changes
      for new residential construction; permits filed before then are reviewed under the old code. For more
      information, please contact our office.`;
    const html = `<h1>Building Department</h1><p>${text.replace(/\s+/g, ' ')}</p>${para}`;
    assert.equal(meta(html, 'https://town.example.gov/151/Building-Department').published_at, null);
    // A dateline opening the paragraph stays the page's ("01.02.2022 The labour market ...").
    const dateline = `<h1>Labour market in January</h1><p>01.02.2022 ${text.replace(/\s+/g, ' ')}</p>${para}`;
    assert.equal(meta(dateline).published_at, '2022-02-01');
  });
});

describe('dates marked or announced as the last update in the markup', () => {
  it('read a <time> marked "updated" as modified_at, not published_at', () => {
    const menu = ['Programs', 'Admissions', 'Tuition', 'Financial aid', 'Military', 'Student life', 'About us']
      .map((item) => `<a href="/${item.length}">${item} and more of what we offer</a>`)
      .join('');
    const html = `<time class="updated" datetime="2025-11-19T14:04:23+00:00">November 19, 2025</time>
      <nav>${menu}</nav><h1>Tuition and fees</h1>${para}`;
    const m = meta(html, 'https://www.example.edu/online/tuition-and-fees/');
    assert.equal(m.published_at, null);
    assert.equal(m.modified_at, '2025-11-19T14:04:23Z');
  });
  it('keep a <time> WordPress marks "entry-date published updated" (a post never updated) as published', () => {
    const time = '<time class="entry-date published updated" datetime="2024-03-01">March 1, 2024</time>';
    const html = `<h1>Story</h1>${time}${para}`;
    assert.equal(meta(html).published_at, '2024-03-01');
  });
  it('read a <time> after "last updated" as modified_at, not published_at', () => {
    const html = `<h1>The best alternatives</h1><span class="meta">This page was last updated
      <time datetime="2026-02-26T02:01:00.000Z">Feb 26, 2026</time></span>${para}`;
    const m = meta(html, 'https://apps.example.com/software/notes/');
    assert.equal(m.published_at, null);
    assert.equal(m.modified_at, '2026-02-26T02:01:00.000Z');
  });
  it('read an element marked as the publication date whose text announces an update as modified_at', () => {
    const html = `<h1>Toddler sleep training FAQ</h1><p class="blog-published-text">Latest updated October 3rd, 2025.
      Expert reviewed.</p>${para}`;
    const m = meta(html, 'https://shop.example.com/blogs/sleep/toddler-faq');
    assert.equal(m.published_at, null);
    assert.equal(m.modified_at, '2025-10-03');
    // Announced as published, it stays the publication date.
    const published = html.replace('Latest updated', 'Published');
    assert.equal(meta(published, 'https://shop.example.com/blogs/sleep/toddler-faq').published_at, '2025-10-03');
  });
  it('read an element marked as the modified time as modified_at, not published_at', () => {
    const html = `<h1>Article</h1>${para.repeat(8)}<p>Last edit by <a href="/u/7">Jo</a>
      <span class="j-modified-time">(2020-02-14)</span></p>`;
    const m = meta(html, 'https://wiki.example.com/item/article');
    assert.equal(m.published_at, null);
    assert.equal(m.modified_at, '2020-02-14');
  });
});
