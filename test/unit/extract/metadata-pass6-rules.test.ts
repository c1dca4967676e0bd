// Rules of the sixth pass over the metadata dev set's misses (issue 12): each generic (what a
// careful reader does on any page), each on a small page of its own.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractMetadata } from '../../../src/extract/metadata/index.js';

const meta = (html: string, url = 'https://news.example.com/story') => extractMetadata(parseHtml(html), url);

describe('author: the organisation the page declares as its author', () => {
  it('keeps a declared author that is the site itself when nobody else signs the page', () => {
    const html =
      '<meta property="og:site_name" content="Deutscher Tennis Bund">' +
      '<meta name="author" content="Deutscher Tennis Bund"><h1>Kader nominiert</h1><p>Text.</p>';
    assert.equal(meta(html).author, 'Deutscher Tennis Bund');
  });
  it('keeps a JSON-LD Organization author that is the site', () => {
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Story',
      author: { '@type': 'Organization', name: 'Eurosport' },
      publisher: { '@type': 'Organization', name: 'Eurosport' },
    };
    assert.equal(
      meta(`<script type="application/ld+json">${JSON.stringify(ld)}</script><h1>Story</h1>`).author,
      'Eurosport',
    );
  });
  it('still prefers a person named in the byline', () => {
    const html =
      '<meta property="og:site_name" content="Example News"><meta name="author" content="Example News"><h1>Story' +
      '</h1><p class="byline">By Jane Doe</p>';
    assert.equal(meta(html).author, 'Jane Doe');
  });
});

describe('author: bylines on pages whose layout names a sidebar', () => {
  it('reads a byline when only <body> classes name the layout ("one-sidebar sidebar-second")', () => {
    const html =
      '<body class="one-sidebar sidebar-second"><article><h1>Vegetarier</h1><p>Blog Beitrag von Margarita Koreneva' +
      '</p><p>Text.</p></article></body>';
    assert.equal(meta(html).author, 'Margarita Koreneva');
  });
  it('reads a byline inside a BEM layout modifier ("gallery--wrapper__with-sidebar")', () => {
    const html =
      '<section class="gallery--wrapper gallery--wrapper__with-sidebar"><article><h1>Items</h1>' +
      '<div class="gallery--page-meta--author">Posted on September 21, 2020 by Adi Tzlil</div></article>' +
      '</section>';
    assert.equal(meta(html).author, 'Adi Tzlil');
  });
  it('still skips bylines in a real sidebar', () => {
    const html =
      '<article><h1>Story</h1><p>Text.</p></article><div class="sidebar"><p>Blog Beitrag von Jane Doe</p></div>';
    assert.equal(meta(html).author, null);
  });
});

describe('author: labels and dates before the name', () => {
  it('drops "Posted on <date> by" before the name', () => {
    assert.equal(meta('<h1>Story</h1><div class="author">On 3 March 2020 by Jane Doe</div>').author, 'Jane Doe');
  });
  it('reads "Autoren Jane Doe und John Roe" (a plural label without a colon)', () => {
    assert.equal(
      meta('<main><h1>Sperrfristen</h1><p>Text.</p><p>Autoren Jelko Djuren und Jutta Klaukien</p></main>').author,
      'Jelko Djuren, Jutta Klaukien',
    );
  });
});

describe('description: the site blurb is not the page description', () => {
  const site = {
    '@context': 'https://schema.org',
    '@graph': [{ '@type': 'WebSite', name: 'Rap News', description: 'Täglich News rundum Rap!' }],
  };
  const lead =
    'Deutschrap befindet sich weiterhin im Diss-Modus, und der neue Track geht scharf gegen verschiedene ' +
    'Interpreten vor.';
  it('skips a JSON-LD WebSite description for the lead paragraph', () => {
    assert.equal(
      meta(
        `<script type="application/ld+json">${JSON.stringify(site)}</script><article><h1>Story</h1><p>${lead}</p>` +
          `</article>`,
      ).description,
      lead,
    );
  });
  it('skips a declared description that repeats the site blurb on an inner page', () => {
    assert.equal(
      meta(
        `<meta name="description" content="Täglich News rundum Rap!"><script type="application/ld+json">` +
          `${JSON.stringify(site)}</script><article><h1>Story</h1><p>${lead}</p></article>`,
      ).description,
      lead,
    );
  });
  it('keeps the site blurb on the home page', () => {
    assert.equal(
      meta(
        `<meta name="description" content="Täglich News rundum Rap!"><script type="application/ld+json">` +
          `${JSON.stringify(site)}</script><p>${lead}</p>`,
        'https://rap.example.com/',
      ).description,
      'Täglich News rundum Rap!',
    );
  });
  it('skips an author bio (JSON-LD Person description)', () => {
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Jane Doe',
      description: 'Jane Doe writes about marketing.',
    };
    assert.equal(
      meta(
        `<script type="application/ld+json">${JSON.stringify(ld)}</script><article><h1>Story</h1><p>${lead}</p>` +
          `</article>`,
      ).description,
      lead,
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

describe('author: the site and the writer joined by a dash', () => {
  it('drops the site\'s name before a spaced dash ("unocero - Alberto Ávila")', () => {
    assert.equal(
      meta(
        '<meta property="og:site_name" content="unocero"><meta name="author" content="unocero - Alberto Ávila"><h1>' +
          'Story</h1>',
      ).author,
      'Alberto Ávila',
    );
  });
  it('keeps a dashed byline that does not name the site', () => {
    assert.equal(
      meta(
        '<meta property="og:site_name" content="Example">' +
          '<meta name="author" content="Matthias Hille - Lukas Balbach"><h1>Story</h1>',
      ).author,
      'Matthias Hille - Lukas Balbach',
    );
  });
});

describe('author: names after a lead word joined by "und"', () => {
  it('reads every name of "Von <a>Jane Doe</a> und <a>John Roe</a>"', () => {
    const html =
      '<h1>Feuerholz</h1><p>Von <strong><a href="http://jane.example">Roland Brockmann</a></strong> und <strong><a href="http://john.example">Sebastian Drescher</a></strong><br>Kakuma</p>';
    assert.equal(meta(html).author, 'Roland Brockmann, Sebastian Drescher');
  });
});

describe("description: a tagline naming the site's domain", () => {
  const lead =
    'ERDEN. Wie berichtet, meldete die Polizei Anfang Oktober technische Manipulationen an zwei Zahnradbahnen in ' +
    'der Weinlage.';
  it("skips a short declared value that names the site's own domain on an inner page", () => {
    assert.equal(
      meta(
        `<meta property="og:description" content="++ lokalo.de Blaulicht ++"><article><h1>Story</h1><p>${lead}</p>` +
          `</article>`,
        'https://lokalo.de/artikel/310144/story',
      ).description,
      lead,
    );
  });
  it('keeps it on the home page', () => {
    assert.equal(
      meta(
        `<meta property="og:description" content="++ lokalo.de Blaulicht ++"><article><p>${lead}</p></article>`,
        'https://lokalo.de/',
      ).description,
      '++ lokalo.de Blaulicht ++',
    );
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
