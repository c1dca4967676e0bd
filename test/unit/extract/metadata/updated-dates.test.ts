// A date the page announces as its last update ("Last updated March 2, 2026") is when the page
// was modified, not when it was published: modified_at, never published_at.
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
  it('read "Aktualisiert" as an update', () => {
    const html = `<h1>Anleitung</h1>${para}<p>Aktualisiert am 02.03.2026</p>${para}`;
    assert.equal(meta(html, 'https://docs.example.de/anleitung').modified_at, '2026-03-02');
  });
});
