// Rules of the fifth pass over the metadata dev set's misses: each generic (what a careful
// reader does on any page), each on a small page of its own.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { pageTitles } from '../../../src/extract/page/headline.js';
import { extractMetadata } from '../../../src/extract/metadata/index.js';
import { findDateInText } from '../../../src/extract/metadata/dates.js';

const meta = (html: string, url = 'https://news.example.com/story') => extractMetadata(parseHtml(html), url);
/** The cleaners' title (the headline as printed): the rules these blocks pin moved there from the metadata title. */
const titles = (html: string, url = 'https://news.example.com/story') => ({
  title: pageTitles(parseHtml(html), url).headline,
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

describe('dates: a time range is not an offset', () => {
  it('reads "10:00-11:30 Uhr" as a start time without an offset', () => {
    assert.equal(findDateInText('19.01.2023, 10:00-11:30 Uhr'), '2023-01-19T10:00:00');
  });
  it('still reads a signed offset right after a time', () => {
    assert.equal(findDateInText('19.01.2023, 10:00-05:00'), '2023-01-19T10:00:00-05:00');
    assert.equal(findDateInText('March 3, 2020 10:00 +0100'), '2020-03-03T10:00:00+01:00');
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

describe("headline (the cleaners' title): as the page prints it", () => {
  it('takes the typographic dashes the <h1> prints for the same words', () => {
    assert.equal(
      titles(
        '<meta property="og:title" content="Signa in Sorge - Finanzdaten und Berater-Auftrag"><h1><span>' +
          'Immobilienkrise</span> <span>Signa in Sorge – Finanzdaten und Berater-Auftrag</span></h1>',
      ).title,
      'Signa in Sorge – Finanzdaten und Berater-Auftrag',
    );
  });
  it('takes them from the <title> when there is no <h1>', () => {
    assert.equal(
      titles(
        '<title>Termine Januar – Mai 2020 in Halle - whisky.example</title>' +
          '<meta property="og:title" content="Termine Januar - Mai 2020 in Halle">',
      ).title,
      'Termine Januar – Mai 2020 in Halle',
    );
  });
  it('keeps the declared title when the words differ, not only the dashes', () => {
    assert.equal(
      titles(
        '<meta property="og:title" content="Termine Januar - Mai 2020 in Halle"><title>' +
          'Termine Januar – Juni 2020 in Halle</title>',
      ).title,
      'Termine Januar - Mai 2020 in Halle',
    );
  });
  it('skips a meta title cut at an unescaped quote where <title> goes on', () => {
    assert.equal(
      titles(
        '<meta property="og:title" content="Senator calls Biden "unfit""><title>Senator calls Biden "unfit"</title>',
      ).title,
      'Senator calls Biden "unfit"',
    );
  });
  it('keeps a meta title that is only shorter than <title>', () => {
    assert.equal(
      titles('<meta property="og:title" content="Senator calls Biden"><title>Senator calls Biden | News</title>').title,
      'Senator calls Biden',
    );
  });
});

describe('author: a first name completed from the author bio', () => {
  const ld = (person: object) =>
    `<script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Article', headline: 'Story', author: { '@id': '#nils' } },
        { '@type': 'Person', '@id': '#nils', ...person },
      ],
    })}</script>`;
  it('completes "Nils" from the Person description "Nils Pickert ist freier Autor..."', () => {
    assert.equal(
      meta(ld({ name: 'Nils', description: 'Nils Pickert ist freier Autor und Journalist.' })).author,
      'Nils Pickert',
    );
  });
  it('reads name particles and a dash after the name ("Stefanus van Stahl - Maschinenbauer")', () => {
    assert.equal(
      meta(ld({ name: 'Stefanus', description: 'Stefanus van Stahl - Maschinenbauer, Abenteurer' })).author,
      'Stefanus van Stahl',
    );
  });
  it('keeps the first name when the bio goes on with a lower-case word', () => {
    assert.equal(meta(ld({ name: 'Nils', description: 'Nils schreibt hier über Kultur.' })).author, 'Nils');
  });
  it('leaves a full name alone', () => {
    assert.equal(meta(ld({ name: 'Jane Doe', description: 'Jane Doe Smith writes.' })).author, 'Jane Doe');
  });
});

describe('author: a dateline ending with its author', () => {
  it('reads "04.02.2022 | 13:10 Uhr | Jane Doe" over the headline', () => {
    assert.equal(
      meta(
        '<div><small>04.02.2022 | 13:10 Uhr | Uta Helkenberg</small><h1>Stellungnahme zum Turnier</h1><p>Text.</p>' +
          '</div>',
      ).author,
      'Uta Helkenberg',
    );
  });
  it('reads "25.10.2022 - Jane Doe" under it', () => {
    assert.equal(
      meta('<h1>Variablen und ihr Zuhause</h1><p class="text-muted">11.12.2019 - Amelie Loevenich</p><p>Text.</p>')
        .author,
      'Amelie Loevenich',
    );
  });
  it('needs the line to be only date and name', () => {
    assert.equal(meta('<h1>Story of the day</h1><p>11.12.2019 - Amelie Loevenich wins the cup again</p>').author, null);
    assert.equal(meta('<h1>Story of the day</h1><p>Version 1.2 - Amelie Loevenich</p>').author, null);
  });
  it('does not take the site itself', () => {
    assert.equal(
      meta(
        '<meta property="og:site_name" content="Urania Berlin"><h1>Freiheit in der Stadt</h1><span>' +
          '25.10.2022 - Urania Berlin</span>',
      ).author,
      null,
    );
  });
});

describe('author: a signature closing the text', () => {
  const long =
    '<p>' +
    'Die Mannschaft verlor das Halbfinale nach einem Konter und zwei Toren im Powerplay deutlich. '.repeat(2) +
    '</p>';
  it('reads an emphasised name after the last paragraph', () => {
    assert.equal(meta(`<h1>Das Halbfinale</h1>${long}<p><b><i>Stefan Wasmer</i></b></p>`).author, 'Stefan Wasmer');
  });
  it('reads a dash-led closing line', () => {
    assert.equal(meta(`<h1>Micropolitics</h1>${long}<p>— Kenneth Surin</p>`).author, 'Kenneth Surin');
  });
  it('does not read a bold subheading followed by more text, or a label', () => {
    assert.equal(meta(`<h1>Das Halbfinale</h1>${long}<p><strong>Das Fazit</strong></p>${long}`).author, null);
    assert.equal(
      meta(
        `<h1>Das Halbfinale</h1>${long}<p><strong>Weitere Informationen:</strong></p><p><a href="/x">https://example.org/</a></p>`,
      ).author,
      null,
    );
  });
  it('needs a full name and text before it', () => {
    assert.equal(meta(`<h1>Das Halbfinale</h1>${long}<p><b>Stefan</b></p>`).author, null);
    assert.equal(meta('<h1>Das Halbfinale</h1><p><b><i>Stefan Wasmer</i></b></p>').author, null);
  });
});

describe('author: teaser bylines before the headline', () => {
  it('takes the byline after the <h1> over a teaser byline above it', () => {
    assert.equal(
      meta(
        '<div class="most-read"><a href="/a">Other story</a><span class="author">Raphaël Melka</span></div>' +
          '<article><h1>Les sombres perspectives</h1><span class="author">Cécile Ducourtieux</span><p>Texte.</p>' +
          '</article>',
      ).author,
      'Cécile Ducourtieux',
    );
  });
  it('still takes a byline printed above the headline when none follows it', () => {
    assert.equal(
      meta(
        '<article><span class="author">Cécile Ducourtieux</span><h1>Les sombres perspectives</h1><p>Texte.</p>' +
          '</article>',
      ).author,
      'Cécile Ducourtieux',
    );
  });
});

describe('dates: more written forms', () => {
  it('reads Romanian, Turkish and Arabic month names', () => {
    assert.equal(findDateInText('duminică, 20 septembrie 2020'), '2020-09-20');
    assert.equal(findDateInText('3 Şubat 2021'), '2021-02-03');
    assert.equal(findDateInText('الأربعاء، 07 أكتوبر 2020'), '2020-10-07');
  });
  it('reads a month written in two calendars ("24 نيسان / أبريل 2020") and an Arabic evening time', () => {
    assert.equal(findDateInText('الجمعة 24 نيسان / أبريل 2020 09:22 مساءً'), '2020-04-24T21:22:00');
  });
  it('reads a dotted numeric date with spaces ("4. 2. 2022")', () => {
    assert.equal(findDateInText('Von Deutscher Tennis Bund 4.\u20092.\u20092022.'), '2022-02-04');
    assert.equal(findDateInText('Version 4. 2. 20221'), null);
  });
  it('does not read a month name inside a word', () => {
    assert.equal(findDateInText('Kapitel 3 martinsgans 2020'), null);
  });
});

describe('dates: times as before', () => {
  it('reads a time glued to "Uhr" and a lower-case am/pm', () => {
    assert.equal(findDateInText('03.03.2020, 10:30Uhr'), '2020-03-03T10:30:00');
    assert.equal(findDateInText('March 3, 2020 9:30pm'), '2020-03-03T21:30:00');
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
