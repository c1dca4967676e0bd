// published_at: declared dates, dates where the page shows them, and the page clock (offsets).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dateInUrl, findDateInText } from '../../../../src/extract/metadata/dates.js';
import { meta, para } from './pages.js';

describe('dates keep the page offset', () => {
  it('keeps +02:00 so the page day survives (no UTC conversion)', () => {
    const m = meta('<meta property="article:published_time" content="2020-02-15T00:00:00+02:00">');
    assert.equal(m.published_at, '2020-02-15T00:00:00+02:00');
  });
  it('keeps a bare date bare', () => {
    assert.equal(
      meta('<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2020-02-15"}</script>')
        .published_at,
      '2020-02-15',
    );
  });
});

describe('dates where the page shows them', () => {
  it('reads a date from the URL path', () => {
    assert.equal(meta('<title>x</title>', 'https://blog.example.org/2019/08/06/a-post/').published_at, '2019-08-06');
    assert.equal(dateInUrl('https://x.example/2019/08/'), null);
    assert.equal(dateInUrl('https://x.example/news/20190806-title'), '2019-08-06');
  });
  it('reads a <time> without itemprop', () => {
    assert.equal(
      meta('<article><time datetime="2021-05-04T08:00:00-04:00">May 4</time></article>').published_at,
      '2021-05-04T08:00:00-04:00',
    );
  });
  it('reads JSON-LD of any type', () => {
    assert.equal(
      meta('<script type="application/ld+json">{"@type":"Recipe","datePublished":"2018-11-02T10:00:00+01:00"}</script>')
        .published_at,
      '2018-11-02T10:00:00+01:00',
    );
  });
  it('reads a date-marked element', () => {
    assert.equal(meta('<div class="post-date">Posted on March 3rd, 2020</div>').published_at, '2020-03-03');
  });
  it('reads visible text in several languages, the announced date first', () => {
    assert.equal(
      meta('<p>Seit 2001 dabei.</p><p>Veröffentlicht am 5. Juni 2019 um 14:30</p>').published_at,
      '2019-06-05T14:30:00',
    );
    assert.equal(meta('<p>Publié le 12 février 2021</p>').published_at, '2021-02-12');
    assert.equal(meta('<p>Publicado el 3 de marzo de 2020</p>').published_at, '2020-03-03');
    assert.equal(findDateInText('no date here 1234'), null);
  });
  it('reads a numeric date printed under the headline before other dates on the page', () => {
    assert.equal(
      meta(
        '<nav>Archiv 2019</nav><h1>Marius Lindvik gewinnt in Willingen</h1><span>30.01.2022 18:36</span><p>Text.' +
          '</p><footer>Copyright 5 March 2010</footer>',
      ).published_at,
      '2022-01-30T18:36:00',
    );
    // v3: a date written anywhere in the text is no longer read as the page's.
    assert.equal(meta('<div><dl><dt>Datum</dt><dd>12.01.2017</dd></dl><p>Body text.</p></div>').published_at, null);
  });
  it('does not take a date from prose numbers like 03.04 without a year', () => {
    assert.equal(meta('<p>Call 03.04 now</p>').published_at, null);
  });
});

describe('published_at on the page clock', () => {
  it('writes a declared UTC instant in the offset the page shows for the same instant', () => {
    const html =
      '<meta property="article:published_time" content="2023-11-09T01:09:55+00:00"><h1>Story</h1>' +
      '<time datetime="2023-11-08 18:09:55">November 8, 2023 at 6:09 p.m.</time>';
    assert.equal(meta(html).published_at, '2023-11-08T18:09:55-07:00');
    const shownText =
      '<meta property="article:published_time" content="2023-11-09T03:28:35Z"><div class="date">' +
      'Nov. 8, 2023, 10:28 p.m. ET</div>';
    assert.equal(meta(shownText).published_at, '2023-11-08T22:28:35-05:00');
  });
  it('keeps UTC when the page shows UTC or another minute', () => {
    assert.equal(
      meta(
        '<meta property="article:published_time" content="2023-11-09T01:09:55Z"><time datetime="2023-11-09 01:09">' +
          '9 Nov</time>',
      ).published_at,
      '2023-11-09T01:09:55Z',
    );
    assert.equal(
      meta(
        '<meta property="article:published_time" content="2023-11-09T01:09:55Z"><time>November 8, 2023 at 6:12 p.m.' +
          '</time>',
      ).published_at,
      '2023-11-09T01:09:55Z',
    );
  });
  it('moves to the day shown without a time (pass 8: the nearest whole-hour offset that gives that day)', () => {
    assert.equal(
      meta('<meta property="article:published_time" content="2023-11-09T01:09:55Z"><time>November 8, 2023</time>')
        .published_at,
      '2023-11-08T23:09:55-02:00',
    );
  });
});

describe('published_at: a two-digit year right under the headline', () => {
  it('reads 23.09.22 printed under the <h1>, not in loose text', () => {
    assert.equal(
      meta('<h1>Vintage-Flair mit viel Grün</h1><div class="x">23.09.22</div><p>Text.</p>').published_at,
      '2022-09-23',
    );
    assert.equal(meta('<p>Version 1.10.22 released</p>').published_at, null);
  });
});

describe('published_at: the page clock and embedded posts', () => {
  it('writes a UTC instant in the offset the page declares for the same instant elsewhere (<time datetime>)', () => {
    const m = meta(
      '<meta property="article:published_time" content="2023-11-09T02:11:03Z"><h1>Story</h1>' +
        '<time datetime="2023-11-08T21:11:03-05:00">November 8, 2023</time>',
    );
    assert.equal(m.published_at, '2023-11-08T21:11:03-05:00');
  });
  it('else in the offset of another date the page declares (a video uploadDate)', () => {
    const ld =
      '<script type="application/ld+json">{"@type":"VideoObject","uploadDate":"2023-11-08T23:10:44-08:00"}</script>';
    assert.equal(
      meta(`<meta property="article:published_time" content="2023-11-09T06:35:29Z">${ld}`).published_at,
      '2023-11-08T22:35:29-08:00',
    );
  });
  it('keeps a UTC instant when the page declares no other offset', () => {
    assert.equal(
      meta(
        '<meta property="article:published_time" content="2023-11-09T06:35:29Z">' +
          '<time datetime="2023-11-10T00:00:00Z">x</time>',
      ).published_at,
      '2023-11-09T06:35:29Z',
    );
  });
  it('does not take the <time> of an embedded post (a <blockquote>) as the page date', () => {
    assert.equal(
      meta(
        '<h1>Story</h1><blockquote class="instagram-media"><time datetime="2018-03-12T19:30:12+00:00">Mär 12, 2018' +
          '</time></blockquote><div class="date">29.01.2019</div>',
      ).published_at,
      '2019-01-29',
    );
  });
});

describe('published_at: date-marked elements', () => {
  it('reads a two-digit year in an element marked as a date ("Party, 30.10.23")', () => {
    assert.equal(
      meta('<div class="date">Party, 30.10.23</div><h1>Halloween costumes</h1><p>Text.</p>').published_at,
      '2023-10-30',
    );
  });
  it('reads it in a byline meta line ("Von: Jane Doe | 31.10.23")', () => {
    assert.equal(
      meta('<h1>Story</h1><div class="article-meta-wrapper">Von: Jane Doe <span>|</span> <span>31.10.23</span></div>')
        .published_at,
      '2023-10-31',
    );
  });
});

describe('published_at: microdata on a visible element', () => {
  it('reads the content attribute of an element with itemprop=datePublished', () => {
    assert.equal(
      meta(
        '<div class="date">Freitag, 21. Januar 2022</div><h1>Story</h1>' +
          '<p class="date" itemprop="datePublished" content="2022-01-14 10:31:00">Januar 2022</p>',
      ).published_at,
      '2022-01-14T10:31:00',
    );
  });
  it('ranks it with <time itemprop>, above dates only shown', () => {
    assert.equal(
      meta(
        '<time datetime="2020-07-08">8. Juli 2020</time><h1>Story</h1>' +
          '<span itemprop="datePublished" content="2020-04-27T18:50:24+02:00">27.04.2020 - 18:50 Uhr</span>',
      ).published_at,
      '2020-04-27T18:50:24+02:00',
    );
  });
  it('leaves it alone without a machine-readable attribute', () => {
    assert.equal(
      meta('<h1>Story</h1><span itemprop="datePublished">soon</span><div class="date">3. März 2020</div>').published_at,
      '2020-03-03',
    );
  });
});

describe('published_at: dates in attributes of date elements', () => {
  it('reads a <time> without datetime by its data-* attribute', () => {
    assert.equal(
      meta('<h1>Story</h1><time data-published="2016-12-09 09:13:00Z">Dec 9, 2016</time>').published_at,
      '2016-12-09T09:13:00Z',
    );
  });
  it("reads the data-* instant of an empty date element before its neighbour's local text", () => {
    assert.equal(
      meta(
        '<h1>Story</h1><span class="date smart-date" data-origindate="2017-03-01 14:27:02 +0800"></span>' +
          '<span class="date">2017-03-01 14:27:02</span>',
      ).published_at,
      '2017-03-01T14:27:02+08:00',
    );
  });
  it('reads the title of a "time ago" element', () => {
    assert.equal(
      meta('<h1>Story</h1><div class="news-time-ago" title="2020-09-20T14:20:02Z">Acum 15 minute</div>').published_at,
      '2020-09-20T14:20:02Z',
    );
  });
});

describe('published_at: the page clock uses real offsets', () => {
  it('does not write a UTC instant at +01:30 because some other time on the page is 90 minutes off', () => {
    assert.equal(
      meta(
        '<meta property="article:published_time" content="2020-08-18T19:35:33Z"><h1>Story</h1>' +
          '<span class="timeago" data-time="2020-08-18 21:05:33">recently</span>',
      ).published_at,
      '2020-08-18T19:35:33Z',
    );
  });
  it('still writes it at a part-hour zone the world uses (+05:30)', () => {
    assert.equal(
      meta(
        '<meta property="article:published_time" content="2020-08-18T04:30:00Z"><h1>Story</h1><time>' +
          'August 18, 2020 10:00</time>',
      ).published_at,
      '2020-08-18T10:00:00+05:30',
    );
  });
});

describe('published_at: the element marked as the publication date', () => {
  it('reads a post-date element before other date-marked elements (an event date above it)', () => {
    const html =
      '<div class="event-date">19.1.23, 10:00-11:30 Uhr</div><h1>Verjährung</h1>' +
      '<div class="field--name-node-post-date">20.12.2022</div><p>Text.</p>';
    assert.equal(meta(html).published_at, '2022-12-20');
  });
  it('reads it before a <time> elsewhere on the page', () => {
    const html =
      '<h1>Story</h1><span class="post-date">31.10.2023</span><p>Text.</p><time datetime="2020-12-03T07:32:49">' +
      '3. Dezember 2020</time>';
    assert.equal(meta(html).published_at, '2023-10-31');
  });
  it('ignores a publication date in a teaser', () => {
    const html =
      '<h1>Italien</h1><div class="teaser"><em class="teaser__subline-pubdate">04.11.2021</em></div>' +
      '<time datetime="2021-11-12">12.11.2021</time>';
    assert.equal(meta(html).published_at, '2021-11-12');
  });
});

describe('published_at: a date announced in the text', () => {
  it('reads the date after "Erstellt am:"', () => {
    assert.equal(
      meta(
        '<h2>Willingen</h2><p>Springen am 1. Februar 2022.</p><small>Erstellt am: 30.01.2022 18:36 / sk</small>',
        'https://example.com/news/1',
      ).published_at,
      '2022-01-30T18:36:00',
    );
  });
  it('tries the next announcement when the first has no date', () => {
    assert.equal(
      meta(
        `<h2>Story</h2><a href="/x">Posted</a><p>${'Other text without any date in it. '.repeat(5)}</p><p>` +
          `Springen am 1. Februar 2022.</p><p>Posted on 3 March 2021</p>`,
        'https://example.com/news/1',
      ).published_at,
      '2021-03-03',
    );
  });
});

describe('published_at: comments date themselves', () => {
  it('skips date-marked elements inside the comments', () => {
    const html =
      '<h1>Roomba</h1><p>Text.</p><div class="post-footer">' +
      'Dieser Artikel wurde am 14. Dezember 2015 um 14:48 geschrieben.</div><div id="comments">' +
      '<div class="comment"><span class="date">15. Dezember 2015 at 11:21</span></div></div>';
    assert.equal(meta(html, 'https://example.com/arduino/424').published_at, '2015-12-14T14:48:00');
  });
});

describe('published_at: a <time> in a comment', () => {
  it('skips the first <time> when it dates a reader comment', () => {
    const html =
      '<h1>Podcast 158</h1><p>Aufgenommen am 16. August 2019.</p><ol class="comment-list"><li>' +
      '<time datetime="2019-08-24T03:36:11+02:00">24. August 2019</time></li></ol>';
    assert.equal(meta(html, 'https://example.com/res158').published_at, '2019-08-16');
  });
});

describe('published_at: the CMS "submitted" line', () => {
  it('reads the date of a "submitted" element (Drupal: "Gespeichert von jane am 24. Juli 2017")', () => {
    const html =
      '<h1>Hackathon</h1><p>Am 26. August 2017 geht es los.</p><div class="submitted">Gespeichert von ' +
      '<span class="username">jane</span> am 24. Juli 2017 - 18:55</div>';
    assert.equal(meta(html, 'https://example.com/hackathon').published_at, '2017-07-24T18:55:00');
  });
});

describe('published_at: a day-first date in the URL', () => {
  it('reads "/29-10-2021" when the first number can only be a day', () => {
    assert.equal(
      meta('<h1>Erfolgsgeschichte</h1><p>Text.</p>', 'https://example.org/meldungen/29-10-2021').published_at,
      '2021-10-29',
    );
  });
  it('leaves an ambiguous "/10-11-2021" alone', () => {
    assert.equal(meta('<h1>Story</h1><p>Text.</p>', 'https://example.org/meldungen/10-11-2021').published_at, null);
  });
});

describe('published_at: the headline of a page without <h1>', () => {
  it('reads the first date after where the declared title is printed', () => {
    const html =
      '<html><head><title>kein App Store mehr über Mobile Daten | Forum | MacNews</title></head><body>' +
      '<div class="nav">Heute 01.01.20</div><h2>kein App Store mehr über Mobile Daten</h2><span>28.09.19</span>' +
      '<span>12:44</span><p>Text.</p></body></html>';
    assert.equal(meta(html, 'https://example.com/forum/338679').published_at, '2019-09-28T12:44:00');
  });
});

describe('published_at: a dateline just above the headline', () => {
  it('reads "02.12.19" printed right before the <h1>', () => {
    const html =
      '<html><head><title>Cards</title></head><body><div>In the media</div><span>02.12.19</span><h1>' +
      'What is on the cards for von der Leyen</h1><p>Text of the piece, later a date: 05.12.2019.</p></body>' +
      '</html>';
    assert.equal(meta(html, 'https://example.org/en/debate/detail').published_at, '2019-12-02');
  });
  it('does not start inside a date cut by the window', () => {
    const html =
      `<html><head><title>X</title></head><body><p>${'x'.repeat(200)} 12.01.2022</p><p>` +
      `${'y '.repeat(70)}</p><h1>The headline of the story</h1><p>Am 03.02.2022 geschah es.</p></body></html>`;
    assert.equal(meta(html, 'https://example.org/story').published_at, '2022-02-03');
  });
});

describe('published_at: dates only in data and declared images', () => {
  it('reads a date meta in a vendor namespace ("five_hundred_pixels:uploaded")', () => {
    assert.equal(
      meta("<meta content='2013-02-16T04:36:36-05:00' property='five_hundred_pixels:uploaded'><h1>Spring in China</h1>")
        .published_at,
      '2013-02-16T04:36:36-05:00',
    );
  });
  it('reads no publication date from a JSON data script (v3: script data dates anything)', () => {
    assert.equal(
      meta(
        '<h1>Topathleten</h1><script type="application/json">' +
          '{"@type":"Document","createdAt":"2022-01-31T15:58:43+01:00","updatedAt":"2022-02-01T10:00:00+01:00"}' +
          '</script>',
      ).published_at,
      null,
    );
  });
  it('prefers a date the page shows to script data', () => {
    assert.equal(
      meta(
        '<h1>Story</h1><p>Published March 3, 2020</p><script type="application/json">{"createdAt":"2019-01-01"}' +
          '</script>',
      ).published_at,
      '2020-03-03',
    );
  });
  it("reads no date from the declared image's path (v3: the upload is not the page's date)", () => {
    assert.equal(
      meta(
        '<meta property="og:image" content="https://www.example.org/files/2016/05/04/cover.png"><h1>Annual report</h1>',
      ).published_at,
      null,
    );
  });
  it('takes the zone a <time> shows for its datetime without offset', () => {
    assert.equal(
      meta('<h1>Story</h1><time itemprop="datePublished" datetime="2022-10-11 08:00:00">10/11/2022 08:00 AM EDT</time>')
        .published_at,
      '2022-10-11T08:00:00-04:00',
    );
  });
});

describe('published_at: the page clock from the dateline by the headline', () => {
  it('writes a UTC instant in the offset of the local time the dateline shows', () => {
    const html =
      '<meta property="article:published_time" content="2022-05-04T02:41:00Z"><h1>Autos robados en Bolivia</h1><p>' +
      'Ariel Melgar Cabrera</p><p>3/5/2022 22:41</p><p>Texto.</p>';
    assert.equal(meta(html).published_at, '2022-05-03T22:41:00-04:00');
  });
  it('keeps the UTC instant when the dateline shows another minute', () => {
    const html =
      '<meta property="article:published_time" content="2022-05-04T02:41:00Z"><h1>Autos robados en Bolivia</h1><p>' +
      '3/5/2022 21:15</p>';
    assert.equal(meta(html).published_at, '2022-05-04T02:41:00Z');
  });
});

describe('published_at: a UTC instant on the day the page shows', () => {
  it('moves the instant to the day shown when the page shows the day but not the time', () => {
    const html =
      '<meta property="article:published_time" content="2020-02-18T02:18:11Z"><h1>Story of the day</h1>' +
      '<p class="date">17 de Febrero 2020</p>';
    assert.equal(meta(html).published_at, '2020-02-17T23:18:11-03:00');
    const de =
      '<meta property="article:published_time" content="2021-11-04T23:00:00Z"><h1>Nordmazedonien wählt</h1>' +
      '<p class="date">05.11.2021</p>';
    assert.equal(meta(de).published_at, '2021-11-05T00:00:00+01:00');
  });
  it('keeps UTC when the shown day is the UTC day, is far from midnight UTC, or the instant is midnight UTC', () => {
    const same =
      '<meta property="article:published_time" content="2020-02-18T02:18:11Z"><h1>Story of the day</h1>' +
      '<p class="date">18 de Febrero 2020</p>';
    assert.equal(meta(same).published_at, '2020-02-18T02:18:11Z');
    const far =
      '<meta property="article:published_time" content="2020-02-18T12:53:40Z"><h1>Story of the day</h1>' +
      '<p class="date">19.02.2020</p>';
    assert.equal(meta(far).published_at, '2020-02-18T12:53:40Z');
    const midnight =
      '<meta property="article:published_time" content="2016-11-28T00:00:00.000Z"><h1>Story of the day</h1>' +
      '<p class="date">November 27, 2016</p>';
    assert.equal(meta(midnight).published_at, '2016-11-28T00:00:00.000Z');
  });
});

describe('published_at: RDFa dates, JSON-LD written as statements or several objects', () => {
  const page = (inner: string) =>
    `<body><div class="top">Today is 5 May 2024</div><article><h1>Story headline here</h1>${inner}${para}</article>` +
    `</body>`;
  it('reads an RDFa publication date on a visible element (Drupal\'s property="dc:date dc:created")', () => {
    assert.equal(
      meta(
        page(
          '<span property="dc:date dc:created" content="2024-03-01T10:00:00+01:00" datatype="xsd:dateTime">' +
            'Fri, 03/01/2024 - 10:00</span>',
        ),
        'https://news.example.com/2024/story',
      ).published_at,
      '2024-03-01T10:00:00+01:00',
    );
    assert.equal(
      meta(
        page('<span property="schema:datePublished" content="2024-03-01">1 March</span>'),
        'https://news.example.com/2024/story',
      ).published_at,
      '2024-03-01',
    );
  });
  it('reads <meta property="dc:date"> and each of several RDFa properties of one meta', () => {
    assert.equal(
      meta('<meta property="dc:date" content="2024-03-01T10:00:00+01:00">', 'https://news.example.com/2024/story')
        .published_at,
      '2024-03-01T10:00:00+01:00',
    );
    assert.equal(
      meta('<meta property="og:title dc:title" content="Story">', 'https://news.example.com/2024/story').title,
      'Story',
    );
  });
  it('parses JSON-LD ending with a semicolon and several objects in one script', () => {
    assert.equal(
      meta(
        '<script type="application/ld+json">{"@type":"Article","datePublished":"2024-03-01"};</script>',
        'https://news.example.com/2024/story',
      ).published_at,
      '2024-03-01',
    );
    assert.equal(
      meta(
        '<script type="application/ld+json">{"@type":"WebSite","name":"Acme"}\n{"@type":"Article",' +
          '"datePublished":"2024-03-01"}</script>',
        'https://news.example.com/2024/story',
      ).published_at,
      '2024-03-01',
    );
  });
});
