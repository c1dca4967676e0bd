// Rules of the eighth pass over the metadata dev set's misses (issue 12): each generic (what a
// careful reader does on any page), each on a small page of its own.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractMetadata } from '../../../src/extract/metadata/index.js';
import { cleanAuthor } from '../../../src/extract/metadata/author-names.js';

const meta = (html: string, url = 'https://news.example.com/story') => extractMetadata(parseHtml(html), url);

describe('author: what is no name', () => {
  it('rejects a default category, a CMS admin account and a "No Author" stand-in', () => {
    assert.equal(cleanAuthor('Uncategorized'), null);
    assert.equal(cleanAuthor('wordpressadmin'), null);
    assert.equal(cleanAuthor('No Author'), null);
    assert.equal(meta('<meta name="author" content="No Author"><h1>Story</h1>').author, null);
  });
  it('keeps a site account that only ends in "admin" ("oradmin" is a name of its own)', () => {
    assert.equal(cleanAuthor('oradmin'), 'oradmin');
  });
  it('rejects a "Von X über Y bis Z" range and a quoted phrase', () => {
    assert.equal(cleanAuthor('Von Atemschutzmaske über Exit-Strategie und Kontaktverbot bis Zoonose'), null);
    assert.equal(cleanAuthor('Von Sprachregeln, Gender-Politik und «ganz normalem Deutsch»'), null);
  });
  it('rejects one letter ("Yellow Vests and I") and a sentence', () => {
    assert.equal(cleanAuthor('I'), null);
    assert.equal(
      cleanAuthor(
        'Welcome to my first story, now rewritten to fix any and all writing and stylistic issues, as well as to ' +
          'change some scenes up, adding and removing scenes, and getting rid of any inconsistencies',
      ),
      null,
    );
  });
  it('drops a link written after the name', () => {
    assert.equal(cleanAuthor('Jane Doe - http://janedoe.example.com'), 'Jane Doe');
    assert.equal(cleanAuthor('Deutsche Welle (www.dw.com)'), 'Deutsche Welle');
  });
  it('drops a second credit (illustration, photos) after the writer', () => {
    assert.equal(cleanAuthor('Text von Jane Doe     Illustration von John Roe'), 'Jane Doe');
    assert.equal(cleanAuthor('Jane Doe Photos by John Roe'), 'Jane Doe');
  });
});

describe('author: bylines on the page', () => {
  it('does not read an <article> classed by its author slug as a byline', () => {
    const html =
      '<title>Yellow Vests and I</title><article class="hentry author-pamela-anderson"><h1>Yellow Vests and I</h1>' +
      '<p>Text.</p></article>';
    assert.equal(meta(html).author, null);
  });
  it("stops a byline element at a sentence (an author's note is prose)", () => {
    const html =
      '<h1>Chapter One</h1><div class="author-note"><p>' +
      'Welcome to my first ever story, now being rewritten to fix any and all writing and stylistic issues, ' +
      'adding and removing scenes.</p></div><p>By <a href="/profile/1">delta201</a></p>';
    assert.equal(meta(html).author, 'delta201');
  });
  it('takes a numbered login only when no byline gives a name', () => {
    assert.equal(
      meta('<h1>Story</h1><p>von <a rel="author" href="/author/freeman1984/">freeman1984</a></p>').author,
      'freeman1984',
    );
    const both =
      '<h1>Story</h1><span itemprop="author"><a href="0">link78</a></span><div class="author">Ophélie Ostermann</div>';
    assert.equal(meta(both).author, 'Ophélie Ostermann');
  });
  it('reads the name after a job title linked behind the label ("Autor: <a>Rechtsanwalt</a> Jane Doe")', () => {
    const html =
      '<h1>Wohngeld steigt</h1><p>Text.</p><div>Quelle: Agentur<br>Autor: <a href="/rechtsanwalt/">Rechtsanwalt</a>' +
      ' Jane Doe</div>';
    assert.equal(meta(html).author, 'Jane Doe');
  });
  it('reads a byline inside a layout wrapper named after its sidebar ("layoutTwoColumnsRightSidebar")', () => {
    const html =
      '<div class="layoutTwoColumnsRightSidebar"><div id="content"><h1>Kunst und Essen</h1><p><em>' +
      'Text von Jane Doe &nbsp; &nbsp;Illustration von John Roe</em></p></div></div>';
    assert.equal(meta(html).author, 'Jane Doe');
  });
});

describe('author: the name as the page prints it', () => {
  it('turns a surname-first meta ("Gillman, Steve") into the printed "Steve Gillman"', () => {
    const html = '<meta name="author" content="Gillman, Steve"><h1>Save money</h1><p>By Steve Gillman</p>';
    assert.equal(meta(html).author, 'Steve Gillman');
    // Two authors that are not one name reversed stay as they are.
    assert.equal(meta('<meta name="author" content="Gillman, Steve"><h1>Save money</h1>').author, 'Gillman, Steve');
  });
  it('spells out a one-word login from a byline showing the name ("arianschlichenmayer")', () => {
    const html =
      '<meta name="author" content="arianschlichenmayer"><h1>Sportzentrum</h1><div class="post-author"><span>von' +
      '</span> <a href="/creator/arian-schlichenmayer/">Arian Schlichenmayer</a></div>';
    assert.equal(meta(html).author, 'Arian Schlichenmayer');
  });
  it('completes a first name alone from a line that is the full name ("Todd" + "Todd Bates")', () => {
    const html =
      '<meta name="author" content="Todd"><h1>Robot</h1><p>Story text.</p><div class="contact">' +
      '<p class="full-name">Todd Bates</p><p>Media relations</p></div>';
    assert.equal(meta(html).author, 'Todd Bates');
    // Two different full names: the first name stays alone.
    const two = '<meta name="author" content="Todd"><h1>Robot</h1><p>Todd Bates</p><p>Todd Rundgren</p>';
    assert.equal(meta(two).author, 'Todd');
  });
});

describe('favicon: the ruled chain (largest declared icon, else /favicon.ico of the final origin)', () => {
  const icon = (head: string, url = 'https://www.example.com/news/story.html') =>
    meta(`<html><head>${head}</head><body><h1>Story</h1></body></html>`, url).favicon;
  it('takes the largest declared size, an apple-touch-icon included', () => {
    assert.equal(
      icon(
        '<link rel="icon" href="/fav-32.png" sizes="32x32">' +
          '<link rel="apple-touch-icon" href="/apple.png" sizes="180x180">',
      ),
      'https://www.example.com/apple.png',
    );
    assert.equal(
      icon(
        '<link rel="apple-touch-icon" href="/apple.png" sizes="180x180">' +
          '<link rel="icon" href="/fav-192.png" sizes="192x192">',
      ),
      'https://www.example.com/fav-192.png',
    );
    assert.equal(
      icon('<link rel="shortcut icon" href="/favicon.ico"><link rel="apple-touch-icon-precomposed" href="/apple.png">'),
      'https://www.example.com/apple.png',
    );
  });
  it('counts sizes="any" and an SVG as scalable', () => {
    assert.equal(
      icon(
        '<link rel="apple-touch-icon" href="/apple.png" sizes="180x180">' +
          '<link rel="icon" href="/icon.svg" type="image/svg+xml">',
      ),
      'https://www.example.com/icon.svg',
    );
    assert.equal(
      icon('<link rel="icon" href="/a.png" sizes="96x96"><link rel="icon" href="/b.ico" sizes="any">'),
      'https://www.example.com/b.ico',
    );
  });
  it('takes a mask-icon only when nothing else is declared', () => {
    assert.equal(
      icon('<link rel="mask-icon" href="/pin.svg" color="#000"><link rel="icon" href="/fav.png" sizes="16x16">'),
      'https://www.example.com/fav.png',
    );
    assert.equal(icon('<link rel="mask-icon" href="/pin.svg" color="#000">'), 'https://www.example.com/pin.svg');
  });
  it('resolves relative and protocol-relative hrefs, against <base href> when there is one', () => {
    assert.equal(icon('<link rel="icon" href="img/fav.png">'), 'https://www.example.com/news/img/fav.png');
    assert.equal(icon('<link rel="icon" href="//cdn.example.net/fav.png">'), 'https://cdn.example.net/fav.png');
    assert.equal(
      icon('<base href="https://static.example.org/site/"><link rel="icon" href="fav.png">'),
      'https://static.example.org/site/fav.png',
    );
  });
  it('rejects data: URIs and falls back to /favicon.ico of the final origin', () => {
    assert.equal(
      icon('<link rel="icon" href="data:image/png;base64,iVBORw0KGgo=">'),
      'https://www.example.com/favicon.ico',
    );
    assert.equal(
      icon('<link rel="icon" href="data:image/png;base64,iVBORw0KGgo="><link rel="icon" href="/real.png">'),
      'https://www.example.com/real.png',
    );
    // The final origin after redirects (the URL extraction is given), not the <base href> host.
    assert.equal(
      icon('<base href="https://static.example.org/">', 'https://final.example.com/after/redirect'),
      'https://final.example.com/favicon.ico',
    );
    assert.equal(icon('', 'http://127.0.0.1:8080/page'), 'http://127.0.0.1:8080/favicon.ico');
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

describe('site_name: a name written as its host', () => {
  it('gives way to the same name without its domain ending that the page also declares', () => {
    const html =
      '<script type="application/ld+json">{"@type":"NewsArticle","publisher":{"@type":"Organization",' +
      '"name":"Salon.com"}}</script><meta property="og:site_name" content="Salon"><title>Story | Salon.com' +
      '</title>';
    assert.equal(meta(html, 'https://www.salon.com/2020/01/story/').site_name, 'Salon');
  });
  it('keeps the ruled order otherwise (a host-written name alone, or another name first)', () => {
    const alone =
      '<script type="application/ld+json">{"@type":"NewsArticle","publisher":{"@type":"Organization",' +
      '"name":"Salon.com"}}</script><title>Story</title>';
    assert.equal(meta(alone, 'https://www.salon.com/2020/01/story/').site_name, 'Salon.com');
    const other =
      '<script type="application/ld+json">{"@type":"NewsArticle","publisher":{"@type":"Organization","name":"Salon ' +
      'Media Group"}}</script><meta property="og:site_name" content="Salon">';
    assert.equal(meta(other, 'https://www.salon.com/2020/01/story/').site_name, 'Salon Media Group');
  });
});

describe("author: a wire story's dateline", () => {
  it('takes the agency (with its desk) from the dateline opening the story when nobody signs it', () => {
    const html =
      '<h1>Verhärtete Fronten nach Tumulten</h1><p>' +
      'Hamburg (dpa/lno) – Trotz eines Gespräches zwischen den Beteiligten bleibt der Streit.</p>';
    assert.equal(meta(html).author, 'dpa/lno');
  });
  it('ignores parentheses that are no agency, and yields to a byline', () => {
    assert.equal(meta('<h1>Story</h1><p>Berlin (Tagesspiegel) – Die Stadt plant neu.</p>').author, null);
    assert.equal(
      meta('<h1>Story</h1><p class="byline">Von Jane Doe</p><p>Hamburg (dpa) – Text.</p>').author,
      'Jane Doe',
    );
  });
});
