// The rule chains added for metadata quality (issue 12), each on a small page of its own:
// declared offsets kept, dates found where pages show them, bylines read and cleaned, the
// ruled precedence of description / site_name, the headline cut from a branded title.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { pageTitles } from '../../../src/extract/page/headline.js';
import { extractMetadata } from '../../../src/extract/metadata/index.js';
import { cleanAuthor } from '../../../src/extract/metadata/author-names.js';
import { dateInUrl, findDateInText } from '../../../src/extract/metadata/dates.js';

const meta = (html: string, url = 'https://news.example.com/story') => extractMetadata(parseHtml(html), url);
/** The cleaners' title (the headline as printed): the title rules these tests pin moved there in v3. */
const titles = (html: string, url = 'https://news.example.com/story') => ({
  title: pageTitles(parseHtml(html), url).headline,
});

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

describe('author from the byline', () => {
  it('reads rel=author, itemprop=author (its name) and byline classes', () => {
    assert.equal(meta('<p>x <a rel="author" href="/u/jd">Jane Doe</a></p>').author, 'Jane Doe');
    assert.equal(
      meta('<span itemprop="author" itemscope><span itemprop="name">Ana Ruiz</span></span>').author,
      'Ana Ruiz',
    );
    assert.equal(
      meta('<div class="byline">By Tom Hale and Sara Lin | March 3, 2020</div>').author,
      'Tom Hale, Sara Lin',
    );
  });
  it('reads a byline node by node when its parts run together', () => {
    assert.equal(
      meta(
        '<div class="article_byline"><span>By <span>Joe Davidson</span></span><span>Washington Post</span><span>' +
          'Dec 13, 2016 at 3:45 pm</span></div>',
      ).author,
      'Joe Davidson',
    );
    assert.equal(
      meta(
        '<div class="byline">By <a href="/a/1">Tom Hale</a> and <a href="/a/2">Sara Lin</a><span>Reuters</span></div>',
      ).author,
      'Tom Hale, Sara Lin',
    );
  });
  it('reads a link to an author page, but not one in navigation or comments', () => {
    assert.equal(
      meta(
        '<article><h1>Story</h1><div><a href="/author/teresa-newsome">Teresa Newsome</a></div><p>Text.</p></article>',
      ).author,
      'Teresa Newsome',
    );
    assert.equal(
      meta(
        '<nav><a href="/authors/all-staff">Our Authors</a></nav><div class="comments"><a href="/profile/u1">' +
          'Some Reader</a></div>',
      ).author,
      null,
    );
  });
  it('reads a name announced by "By" / "Von" / "Autor:" in the text', () => {
    assert.equal(
      meta('<header><p>yas! | <span>By Cara Stiles</span> | April 13, 2020</p></header>').author,
      'Cara Stiles',
    );
    assert.equal(
      meta('<p>Text von <em>Christian Seiler</em> Illustration von Markus Roost</p>').author,
      'Christian Seiler',
    );
  });
  it('reads JSON-LD author as an object or an array', () => {
    assert.equal(
      meta(
        '<script type="application/ld+json">{"@type":"Article","author":{"@type":"Person","name":"Lee Park"}}</script>',
      ).author,
      'Lee Park',
    );
    assert.equal(
      meta(
        '<script type="application/ld+json">{"@type":"Article","author":[{"name":"A. One"},{"name":"B. Two"}]}' +
          '</script>',
      ).author,
      'A. One, B. Two',
    );
  });
  it('skips an article:author URL and finds the name elsewhere', () => {
    assert.equal(
      meta(
        '<meta property="article:author" content="https://facebook.com/jd"><span class="author-name">Jane Doe</span>',
      ).author,
      'Jane Doe',
    );
  });
  it('drops a name that is the site itself', () => {
    assert.equal(
      meta(
        '<meta property="og:site_name" content="Daily Planet"><meta name="author" content="Daily Planet">' +
          '<div class="byline">By Lois Lane, Daily Planet</div>',
      ).author,
      'Lois Lane',
    );
  });
  it('cleans roles, leads, dates and separators', () => {
    assert.equal(cleanAuthor('ByTravis Haney'), 'Travis Haney');
    assert.equal(cleanAuthor('Von Renée Müller und Jo Berg'), 'Renée Müller, Jo Berg');
    assert.equal(cleanAuthor('Laura E. Adkins'), 'Laura E. Adkins');
    assert.equal(cleanAuthor('Jane Doe, Staff Writer'), 'Jane Doe');
    assert.equal(cleanAuthor('https://example.com/author/jd'), null);
    assert.equal(cleanAuthor('By'), null);
  });
  it('keeps initials, drops handles, company names, lead words and phrases', () => {
    assert.equal(cleanAuthor('Joe S.'), 'Joe S.');
    assert.equal(cleanAuthor('Perry Bacon Jr.'), 'Perry Bacon Jr.');
    assert.equal(cleanAuthor('Williams Perdomo @wperdomod'), 'Williams Perdomo');
    assert.equal(cleanAuthor('Frankfurter Allgemeine Zeitung GmbH'), null);
    assert.equal(cleanAuthor('Erstellt von Andri Bryner'), 'Andri Bryner');
    assert.equal(cleanAuthor('Interview: Julia Lauter'), 'Julia Lauter');
    assert.equal(cleanAuthor('T. V. Raman, View my complete profile'), 'T. V. Raman');
    assert.equal(cleanAuthor('Ludwig van Beethoven'), 'Ludwig van Beethoven');
    // the newsroom signing a piece is its byline
    assert.equal(cleanAuthor('von Redaktion, 24. Januar 2022'), 'Redaktion');
  });
  it('keeps a marked byline that names the site when it is all there is (a personal site)', () => {
    assert.equal(
      meta(
        '<title>Ferien - Wolfgang Schmale</title><div class="blog-author"><span>Von: Wolfgang Schmale</span></div>',
        'https://wolfgangschmale.eu/ferien',
      ).author,
      'Wolfgang Schmale',
    );
  });
});

describe('ruled precedence and fallbacks', () => {
  it('description: og first, then meta description, then the lead paragraph', () => {
    assert.equal(
      meta('<meta name="description" content="Meta."><meta property="og:description" content="OG.">').description,
      'OG.',
    );
    const lead = 'A lead paragraph long enough to be the summary of an article when the page declares nothing.';
    assert.equal(meta(`<article><p>Short.</p><p>${lead}</p></article>`).description, lead);
  });
  it('site_name: JSON-LD publisher, og:site_name, then the brand in the title', () => {
    assert.equal(
      meta(
        '<meta property="og:site_name" content="OG Name"><script type="application/ld+json">' +
          '{"@type":"Article","publisher":{"@type":"Organization","name":"Pub Name"}}</script>',
      ).site_name,
      'Pub Name',
    );
    assert.equal(meta('<title>A long story headline here - Brand</title>').site_name, 'Brand');
  });
  it('title: the declared title verbatim, og:title first, the brand and section kept (v3)', () => {
    assert.equal(
      meta(
        '<meta property="og:title" content="News - The Big Story of Today - Brand Site"><title>Other</title><h1>' +
          'The Big Story of Today</h1>',
      ).title,
      'News - The Big Story of Today - Brand Site',
    );
    assert.equal(meta('<meta name="twitter:title" content="Tw &amp; Title"><title>T</title>').title, 'Tw & Title');
    assert.equal(meta('<title>  The   Story | Brand </title><h1>The Story</h1>').title, 'The Story | Brand');
    assert.equal(
      meta('<script type="application/ld+json">{"@type":"Article","headline":"LD headline"}</script><h1>H</h1>').title,
      'LD headline',
    );
    assert.equal(meta('<h1>Only a heading</h1>').title, 'Only a heading');
  });
  it("headline (the cleaners' title): the <h1> when the declared title is the h1 plus a brand or section", () => {
    assert.equal(
      titles(
        '<meta property="og:title" content="News - The Big Story of Today - Brand Site"><h1>The Big Story of Today' +
          '</h1>',
      ).title,
      'The Big Story of Today',
    );
    assert.equal(
      titles('<meta property="og:title" content="Declared Title"><h1>Other Heading Entirely</h1>').title,
      'Declared Title',
    );
  });
  it("headline (the cleaners' title): the visible <h1> when it tells the declared story in other words", () => {
    assert.equal(
      titles(
        '<meta property="og:title" content="13 Ways To Compliment Women With Power"><h1>' +
          'The Power Of Compliments For Women</h1>',
      ).title,
      'The Power Of Compliments For Women',
    );
    // an unrelated banner h1 (a section, the site) or a short brand is not the headline
    assert.equal(
      titles('<meta property="og:title" content="Rain expected across the valley"><h1>Press releases</h1>').title,
      'Rain expected across the valley',
    );
    assert.equal(
      titles('<title>Rain expected across the valley</title><h1>Valley News</h1>').title,
      'Rain expected across the valley',
    );
    // an h1 that is the declared headline with a kicker glued in front: the declared form is clean
    assert.equal(
      titles(
        '<meta property="og:title" content="Große Aufgaben für die neue Regierung"><h1>' +
          'Tunesien Große Aufgaben für die neue Regierung</h1>',
      ).title,
      'Große Aufgaben für die neue Regierung',
    );
  });
  it("headline (the cleaners' title): the <h1> when og:title is a section name and <title> tells its story", () => {
    assert.equal(
      titles(
        '<meta property="og:title" content="Pressemitteilungen"><title>BDZV: Olafur Eliasson gestaltet Titelseite' +
          '</title><h1>Olafur Eliasson gestaltet die Titelseite für Zeitungen</h1>',
      ).title,
      'Olafur Eliasson gestaltet die Titelseite für Zeitungen',
    );
  });
  it("headline (the cleaners' title): an <h1> that is the site brand is not the headline", () => {
    assert.equal(
      titles('<title>Yellow Vests and I — Pamela Anderson</title><h1>Pamela Anderson</h1><h1>Yellow Vests and I</h1>')
        .title,
      'Yellow Vests and I',
    );
    assert.equal(
      titles('<title>Werkzeuge des Neandertalers | Steinzeit und Co</title><h1>Steinzeit und Co</h1>').title,
      'Werkzeuge des Neandertalers | Steinzeit und Co',
    );
  });
  it('image: the first URL of a srcset pasted into og:image', () => {
    assert.equal(
      meta(
        '<meta property="og:image" content="https://cdn.example.com/a.jpg 3500w, https://cdn.example.com/a.jpg?width=768 768w">',
      ).image,
      'https://cdn.example.com/a.jpg',
    );
  });
  it('image: the article image when nothing is declared', () => {
    assert.equal(
      meta('<img src="/logo.png"><article><img src="/i/icon.png" width="16"><img src="/i/photo.jpg"></article>').image,
      'https://news.example.com/i/photo.jpg',
    );
  });
});

describe('favicon: the largest icon the page declares, absolute, never fetched', () => {
  it('takes the largest of icon, shortcut icon and apple-touch-icon', () => {
    const m = meta(
      '<link rel="shortcut icon" href="/favicon.ico"><link rel="icon" href="/i/32.png" sizes="32x32">' +
        '<link rel="apple-touch-icon" href="/i/touch.png" sizes="152x152">' +
        '<link rel="icon" href="//cdn.example.net/i/96.png" sizes="96x96">',
    );
    assert.equal(m.favicon, 'https://news.example.com/i/touch.png');
  });
  it('takes a mask-icon only when nothing else is declared', () => {
    assert.equal(
      meta('<link rel="mask-icon" href="/pin.svg" color="#000"><link rel="icon" href="/f.ico">').favicon,
      'https://news.example.com/f.ico',
    );
    assert.equal(
      meta('<link rel="mask-icon" href="/pin.svg" color="#000">').favicon,
      'https://news.example.com/pin.svg',
    );
  });
  it('ignores a linked manifest and falls back to /favicon.ico of the final origin', () => {
    assert.equal(
      meta('<link rel="manifest" href="/site.webmanifest">', 'http://127.0.0.1:8080/a/b').favicon,
      'http://127.0.0.1:8080/favicon.ico',
    );
  });
});
