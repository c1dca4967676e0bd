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
});
