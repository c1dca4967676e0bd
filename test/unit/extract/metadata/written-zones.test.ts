// The zone a page writes after a shown time: the date's offset, and the page's clock for a
// declared UTC instant shown as that same moment.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { meta } from './pages.js';

describe('published_at: the zone written after a shown time', () => {
  it('gives a shown date its United States zone at that date ("11:00 AM PT" in November)', () => {
    const html = '<h1>Prince estate update</h1><h5 class="date">11/28/2016 11:00 AM PT</h5><p>Text.</p>';
    assert.equal(meta(html).published_at, '2016-11-28T11:00:00-08:00');
  });
  it('writes a declared UTC instant on the clock the page shows with "GMT+10"', () => {
    const html =
      '<meta property="article:published_time" content="2020-01-13T12:11:00Z"><h1>Megablaze under control</h1>' +
      '<p>News24 13 Jan 2020, 22:11 GMT+10</p><p>Exhausted firefighters said on Monday ...</p>';
    assert.equal(meta(html).published_at, '2020-01-13T22:11:00+10:00');
  });
  it('takes the clock of a shown time with its zone when it is the declared instant', () => {
    const html =
      '<meta property="article:published_time" content="2023-11-09T03:28:35Z"><h1>Debate</h1>' +
      '<time datetime="2023-11-08">Nov. 8, 2023, 10:28 p.m. EST</time><p>Text.</p>';
    assert.equal(meta(html).published_at, '2023-11-08T22:28:35-05:00');
  });
  it('does not take the clock of a shown time in a zone that is another moment', () => {
    const html =
      '<meta property="article:published_time" content="2023-11-09T03:28:35Z"><h1>Debate</h1>' +
      '<div class="date">Nov. 8, 2023, 9:00 p.m. EST</div>';
    assert.equal(meta(html).published_at, '2023-11-09T03:28:35Z');
  });
});
