// published_at and modified_at where pages print them in less common places or forms: a vendor's
// hyphenated date meta, the time a URL's day leaves out, the forms programs print dates in, update
// labels ("Stand:", "Letzte Änderung"), a byline line under the text, a dateline above a headline
// that is not an <h1>.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toIsoDate } from '../../../../src/extract/metadata/dates.js';
import { meta, para } from './pages.js';

describe('a date meta in a vendor namespace', () => {
  it('is read with a hyphen before the key ("w-published-date")', () => {
    const m = meta(`<meta name="w-published-date" content="2025-05-27T06:03:43.274Z"><h1>Story</h1>${para}`);
    assert.equal(m.published_at, '2025-05-27T06:03:43.274Z');
  });
  it('is read bare as "published" or "published-date"', () => {
    const m = meta(`<meta name="published" content="July 17, 2025"><h1>Data analysis tools</h1>${para}`);
    assert.equal(m.published_at, '2025-07-17');
    const d = meta(`<meta name="published-date" content="2021-02-16"><h1>By land, sea and air</h1>${para}`);
    assert.equal(d.published_at, '2021-02-16');
  });
  it('is not a bare "published_at" key, which a CMS stamps on every page', () => {
    const m = meta(`<meta name="published_at" content="2026-02-03"><h1>Tips</h1>${para}`);
    assert.equal(m.published_at, null);
  });
});

describe('a date in the URL', () => {
  it('takes the time a <time> shows on the same day', () => {
    const html = `<h1>Story</h1><p><time datetime="2022-10-17 16:01:26">10/17/2022 04:01 PM EDT</time></p>${para}`;
    assert.equal(meta(html, 'https://news.example.com/2022/10/17/story').published_at, '2022-10-17T16:01:26-04:00');
  });
  it('reads a month written as a word ("/2023/october/03/", "/2016/dec/8/")', () => {
    const html = `<h1>How many wine types are there?</h1><p>03/10/2023 by WSET</p>${para}`;
    assert.equal(meta(html, 'https://x.example/blog/2023/october/03/wine-types/').published_at, '2023-10-03');
    assert.equal(meta(`<h1>Story</h1>${para}`, 'https://x.example/news/2016/dec/8/story/').published_at, '2016-12-08');
  });
  it('is no day where the word is no month ("/2023/guides/03/")', () => {
    assert.equal(meta(`<h1>Story</h1>${para}`, 'https://x.example/2023/guides/03/story').published_at, null);
  });
  it('stays the day when the <time> shows another day', () => {
    const html = `<h1>Story</h1><p><time datetime="2022-10-18T09:00:00">Oct 18</time></p>${para}`;
    assert.equal(meta(html, 'https://news.example.com/2022/10/17/story').published_at, '2022-10-17');
  });
});

describe('dates as programs print them', () => {
  it("reads JavaScript's Date#toString with its offset", () => {
    assert.equal(toIsoDate('Mon Aug 24 2020 21:32:26 GMT+0000 (Coordinated Universal Time)'), '2020-08-24T21:32:26Z');
    assert.equal(toIsoDate('Tue Mar 05 2024 10:00:00 GMT-0500'), '2024-03-05T10:00:00-05:00');
  });
  it("reads Java's Date#toString with its named zone, and nothing with an unknown zone", () => {
    assert.equal(toIsoDate('Mon Aug 03 12:45:00 EDT 2015'), '2015-08-03T12:45:00-04:00');
    assert.equal(toIsoDate('Mon Aug 03 12:45:00 XYZ 2015'), null);
  });
  it('reads a declared one', () => {
    const m = meta(`<meta name="article:published_time" value="Mon Aug 03 12:45:00 EDT 2015"><h1>Story</h1>`);
    assert.equal(m.published_at, '2015-08-03T12:45:00-04:00');
  });
});

describe('update labels', () => {
  it('read "Stand:" and "Letzte Änderung:" as the last update, not the publication', () => {
    for (const label of ['Stand:', 'Letzte Änderung:']) {
      const m = meta(`<h1>Betriebliche Altersvorsorge</h1><p>${label} 05. Februar 2020</p>${para}`);
      assert.equal(m.published_at, null, label);
      assert.equal(m.modified_at, '2020-02-05', label);
    }
  });
  it('do not take "Stand" without a colon (a word of the text)', () => {
    const m = meta(`<h1>Rente</h1>${para}<p>Der Stand 05. Februar 2020 war gut.</p>`, 'https://x.example/rente');
    assert.equal(m.modified_at, null);
  });
  it('are read at the foot of a long page', () => {
    const long = `<p>${'A line of the licence text that goes on. '.repeat(600)}</p>`;
    const m = meta(`<h1>Licence</h1>${long}<p>Updated: $Date: 2016/11/18 06:31:41 $</p>`, 'https://x.example/licence');
    assert.equal(m.modified_at, '2016-11-18T06:31:41');
  });
});

/** Text enough that a date after it is far from the headline (no dateline rule reaches it). */
const story = para.repeat(10);

describe('a byline line that dates the text', () => {
  it('is read under the text ("Von Christian am 03.05.2013, 11:51")', () => {
    const html = `<h1>Elektromobilität</h1>${story}<div>Von Christian am 03.05.2013, 11:51 | 0 Meinungen</div>`;
    assert.equal(meta(html, 'https://x.example/elektromobilitaet').published_at, '2013-05-03T11:51:00');
  });
  it('is read with the name and the date on lines of their own', () => {
    const html = `<h1>How apps are made</h1>${story}<p>Written by Moses Kim</p><p>April 8, 2024</p>`;
    assert.equal(meta(html, 'https://x.example/apps').published_at, '2024-04-08');
  });
  it('is not read when two dated byline lines sign a list', () => {
    const card = (n: string, d: string) => `<div><h3>Post by ${n}</h3><p>Written by ${n} on ${d}</p></div>`;
    const cards = card('Hunter Smith', 'December 15, 2025') + card('Kyle Bonds', 'August 7, 2025');
    const html = `<h1>HR consulting</h1>${story}${cards}`;
    assert.equal(meta(html, 'https://x.example/services/hr').published_at, null);
  });
  it('is not a deadline or prose starting with "By" and a month', () => {
    for (const line of ['By March 3, 2020, the river had risen.', 'BOOK: <br>By Dec 31, 2025'])
      assert.equal(meta(`<h1>Offers</h1>${story}<p>${line}</p>`, 'https://x.example/offers').published_at, null, line);
  });
});

describe('a dateline above a headline that is not an <h1>', () => {
  it('dates the page ("Peter Grimm / 07.11.2023 / 09:30" over the title as printed)', () => {
    const html =
      `<html><head><title>Nach dem Asyl-Abend im Kanzleramt</title></head><body>` +
      `<div>Peter Grimm / 07.11.2023 / 09:30</div><h2>Nach dem Asyl-Abend im Kanzleramt</h2>${para}</body></html>`;
    assert.equal(meta(html, 'https://x.example/artikel/asyl').published_at, '2023-11-07');
  });
});

describe("a German post's footer", () => {
  it('dates the post ("Dieser Beitrag wurde am Samstag, 3. Dezember 2011 ... veröffentlicht")', () => {
    const foot = '<p>Dieser Beitrag wurde am Samstag, 3. Dezember 2011 um 14:48 Uhr veröffentlicht.</p>';
    assert.equal(
      meta(`<h1>Kein Cyberterrorismus</h1>${story}${foot}`, 'https://x.example/news').published_at,
      '2011-12-03T14:48:00',
    );
    const written = '<p>Dieser Artikel wurde am 14. Dezember 2015 um 14:48 von Heiner geschrieben.</p>';
    assert.equal(
      meta(`<h1>Arduino</h1>${story}${written}`, 'https://x.example/arduino').published_at,
      '2015-12-14T14:48:00',
    );
  });
  it('is not "... wurde zuletzt am ... geändert" (an update)', () => {
    const foot = '<p>Dieser Beitrag wurde zuletzt am 29. Januar 2020 um 13:22 Uhr geändert.</p>';
    assert.equal(meta(`<h1>Stammtisch</h1>${story}${foot}`, 'https://x.example/stammtisch').published_at, null);
  });
});

describe("a site's home page that lists its stories", () => {
  /** A story's teaser on a home page: its headline, a line of text, its day. */
  const teaser = (title: string, day: string) =>
    `<div class="entry"><h2>${title}</h2><p>A few words about the story and why it matters.</p>
      <p class="post-date">${day}</p></div>`;
  const home = `<h1>The Team Blog</h1>${teaser('Allocating on the stack', 'February 27, 2026')}${teaser(
    'Using the new fix command',
    'February 17, 2026',
  )}${teaser('The release is out', 'February 10, 2026')}`;
  it("has no date of its own: the days it shows are its stories'", () => {
    assert.equal(meta(home, 'https://blog.example.com/').published_at, null);
  });
  it('keeps the one day a home page prints (a single post, a notice)', () => {
    const single = `<h1>Time to say goodbye</h1><p class="post-date">10. September 2017</p>${para}`;
    assert.equal(meta(single, 'https://blog.example.com/').published_at, '2017-09-10');
  });
  it('is the bare home address only: a post addressed by a query keeps its date', () => {
    assert.equal(meta(home, 'https://blog.example.com/?p=959').published_at, '2026-02-27');
  });
});
