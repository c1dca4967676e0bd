// Rules added while studying the misses of the metadata dev set (issue 12, second pass): each
// one generic (what a careful reader does on any page), each on a small page of its own.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { pageTitles } from '../../../src/extract/page/headline.js';
import { extractMetadata } from '../../../src/extract/metadata/index.js';
import { cleanAuthor } from '../../../src/extract/metadata/author-names.js';

const meta = (html: string, url = 'https://news.example.com/story') => extractMetadata(parseHtml(html), url);
/** The cleaners' title (the headline as printed): the rules these blocks pin moved there from the metadata title. */
const titles = (html: string, url = 'https://news.example.com/story') => ({
  title: pageTitles(parseHtml(html), url).headline,
});

describe('author: sources and their order', () => {
  it('takes article:author (Open Graph) before a site-wide <meta name=author>', () => {
    assert.equal(
      meta('<meta name="author" content="Big Media Group"><meta property="article:author" content="Jane Doe">').author,
      'Jane Doe',
    );
  });
  it('skips a login handle and takes the name the page writes', () => {
    assert.equal(cleanAuthor('jane.doe'), null);
    assert.equal(cleanAuthor('gabor_munier'), null);
    assert.equal(cleanAuthor('example.pl'), 'example.pl');
    assert.equal(
      meta(
        '<meta name="author" content="jane.doe"><script type="application/ld+json">' +
          '{"@type":"Article","author":{"@type":"Person","name":"Jane Doe"}}</script>',
      ).author,
      'Jane Doe',
    );
  });
  it('reads "Written by" in a twitter:label card when nothing else names anyone', () => {
    assert.equal(
      meta('<meta name="twitter:label1" content="Verfasst von"><meta name="twitter:data1" content="Karl Berg">').author,
      'Karl Berg',
    );
    assert.equal(
      meta(
        '<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Account Name">' +
          '<div class="byline">By Rita Long</div>',
      ).author,
      'Rita Long',
    );
  });
  it('keeps a person that a personal site declares as Person+Organization or as publisher', () => {
    const ld =
      '<script type="application/ld+json">{"@graph":[{"@type":["Person","Organization"],"@id":"#me","name":"Anna ' +
      'Kalt"},{"@type":"BlogPosting","publisher":{"@id":"#me"}}]}</script>';
    assert.equal(meta(`${ld}<div class="author">Anna Kalt</div>`).author, 'Anna Kalt');
  });
});

describe('author: labels are not names', () => {
  it('drops the labels printed around a byline', () => {
    assert.equal(cleanAuthor('Post author'), null);
    assert.equal(cleanAuthor('Über den Autor'), null);
    assert.equal(cleanAuthor('Publié par'), null);
    assert.equal(cleanAuthor('SHOW ALL ARTICLES OF'), null);
    assert.equal(cleanAuthor('Hej! Ich bin'), null);
    assert.equal(cleanAuthor('Meta Author'), 'Meta Author');
  });
  it('reads the name after "erstellt von", "Zeige alle Beiträge von", "vom"', () => {
    assert.equal(
      meta('<div class="byline"><span>erstellt von</span> <a href="/u/d">Dominique</a></div>').author,
      'Dominique',
    );
    assert.equal(cleanAuthor('Zeige alle Beiträge von mywakenews'), 'mywakenews');
    assert.equal(meta('<h4 class="author">vom <span>Krimiblogger</span></h4>').author, 'Krimiblogger');
  });
  it('cleans a copyright sign, a doubled name, trailing "under" and initials beside the name', () => {
    assert.equal(cleanAuthor('© Kathrin Führes Kathrin Führes'), 'Kathrin Führes');
    assert.equal(cleanAuthor('Posted by Nesselsetzer under Allgemein'), 'Nesselsetzer');
    assert.equal(cleanAuthor('Tina Klostermeier,TK'), 'Tina Klostermeier');
    assert.equal(cleanAuthor('AFP, DPA'), 'AFP, DPA');
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

describe("headline (the cleaners' title): the site logo is not the headline", () => {
  it('does not take an <h1> that is the site logo (home link, site-title class) as the headline', () => {
    assert.equal(
      titles(
        '<meta property="og:title" content="Want to See a More Diverse Community? So Do We."><h1 class="wpcom-title"><a href="https://wordpress.com/">WordPress.com</a></h1>',
      ).title,
      'Want to See a More Diverse Community? So Do We.',
    );
    assert.equal(
      titles(
        '<title>Keine Talstraße zur Bunten Republik | Spiel-Talstraße</title><h1 id="site-title">' +
          '<a href="/" rel="home">Spiel-Talstraße</a></h1><h1 class="entry-title">' +
          'Keine Talstraße zur Bunten Republik</h1>',
      ).title,
      'Keine Talstraße zur Bunten Republik',
    );
  });
  it('cuts the site name from a multi-part <title>: what precedes it, or the last part when it comes first', () => {
    assert.equal(
      titles(
        '<title>Das vermutlich schwulste Musikvideo der Welt : Krimiblog-Archiv | Ermittlungen | Gegründet 2005</title><h1><a href="http://archiv.krimiblog.example/">Krimiblog-Archiv</a></h1>',
      ).title,
      'Das vermutlich schwulste Musikvideo der Welt',
    );
    assert.equal(
      titles(
        '<title>Time 4 talks » Blog Archiv » Weitere Digitalisierung der Kinos</title><h1><a href="https://www.time4talks.example/">Time 4 talks</a></h1>',
      ).title,
      'Weitere Digitalisierung der Kinos',
    );
    assert.equal(
      titles('<title>Geschichte | Klänge</title><meta property="og:site_name" content="Klänge">').title,
      'Geschichte | Klänge',
    );
  });
});

describe("headline (the cleaners' title): the visible headline in full", () => {
  it('takes the <h1> that goes on where the declared title stops, not one with a subtitle line', () => {
    assert.equal(
      titles(
        '<meta property="og:title" content="How to Care for Hydrangeas"><h1>' +
          'How to Care for Hydrangeas to Get the Most Beautiful Blooms</h1>',
      ).title,
      'How to Care for Hydrangeas to Get the Most Beautiful Blooms',
    );
    assert.equal(
      titles(
        '<meta property="og:title" content="Hass-Demo in Essen"><h1>Hass-Demo in Essen <span>' +
          'Gebührenfinanzierte Verharmlosung</span></h1>',
      ).title,
      'Hass-Demo in Essen',
    );
  });
  it('drops a short kicker line over the headline', () => {
    assert.equal(
      titles(
        '<title>Autohäuser rechnen mit Anlaufen | MDR</title><h1><span>Nach Corona-Lockerungen</span> <span>' +
          'Autohäuser rechnen mit langsamem Anlaufen</span></h1>',
      ).title,
      'Autohäuser rechnen mit langsamem Anlaufen',
    );
  });
  it('cuts the site name from og:title as from <title>', () => {
    assert.equal(
      titles(
        '<meta property="og:site_name" content="Fachblatt.example">' +
          '<meta property="og:title" content="Olympia - Getränke per Schiff ins Zentrum - Fachblatt.example">',
      ).title,
      'Olympia - Getränke per Schiff ins Zentrum',
    );
  });
});

describe('description as a reader sees it', () => {
  it('strips markup pasted into a meta description and decodes entities encoded twice', () => {
    assert.equal(
      meta('<meta property="og:description" content="&lt;p&gt;Vom Industrieunternehmen bis zum Betrieb.&lt;/p&gt;">')
        .description,
      'Vom Industrieunternehmen bis zum Betrieb.',
    );
    assert.equal(
      meta('<meta property="og:description" content="I&amp;#8217;m not much of a metal guy.">').description,
      'I’m not much of a metal guy.',
    );
  });
  it('skips a description that is only the site name or a byline', () => {
    assert.equal(
      meta(
        '<meta property="og:site_name" content="Raptastisch"><meta property="og:description" content="Raptastisch">' +
          '<meta name="description" content="Deutschrap im Diss-Modus.">',
      ).description,
      'Deutschrap im Diss-Modus.',
    );
    assert.equal(
      meta(
        '<meta property="og:description" content="Written by HLNF Staff Report"><article><p>' +
          'TAYLORVILLE — The following are arrest and accident reports as recorded by the police department.</p>' +
          '</article>',
      ).description,
      'TAYLORVILLE — The following are arrest and accident reports as recorded by the police department.',
    );
  });
});

describe('author after a label element', () => {
  it('reads the name in the text after "<b>Von:</b>" / "<span>Autor:</span>"', () => {
    assert.equal(meta('<div><b>Von:</b> <br /> <br /> Götz Warnke</div>').author, 'Götz Warnke');
    assert.equal(
      meta(
        '<div><span class="label">Datum:</span> 19.11.2021<br><span class="label">Autor:</span> Fritz Imhof<br></div>',
      ).author,
      'Fritz Imhof',
    );
  });
  it('reads a byline inside a wrapper whose class only contains "nav" inside a word (off-canvas)', () => {
    assert.equal(
      meta('<div class="off-canvas-wrapper"><div><span>Autor:</span> Fritz Imhof</div></div>').author,
      'Fritz Imhof',
    );
    assert.equal(meta('<div class="mainNav"><div><span>Autor:</span> Fritz Imhof</div></div>').author, null);
    assert.equal(meta('<div class="site-nav"><div><span>Autor:</span> Fritz Imhof</div></div>').author, null);
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

describe('author: one byline, not the teasers', () => {
  it('keeps declared authors written together and drops those of related articles further down', () => {
    const related =
      '<ul>' +
      Array.from(
        { length: 5 },
        (_, i) => `<li><div><h3><a href="/p${i}">Other story ${i}</a></h3><p>Teaser</p></div></li>`,
      ).join('') +
      '</ul>';
    const html =
      `<p>By <a rel="author" href="/a/jake">Jake Goulding</a> and <a rel="author" href="/a/ben">` +
      `Ben Popper</a></p><article><p>Text</p></article>${related}<a rel="author" href="/a/max">Max Pekarsky</a>`;
    assert.equal(meta(html).author, 'Jake Goulding, Ben Popper');
  });
});

describe('author: organisations', () => {
  it('drops a name that is the host of the page canonical address', () => {
    assert.equal(
      meta(
        '<link rel="canonical" href="https://www.laola1.at/story"><meta name="author" content="LAOLA1.at"><div class="byline">Alexander Karper</div>',
        'http://127.0.0.1:8080/story',
      ).author,
      'Alexander Karper',
    );
  });
  it('reads "e. V." as a legal form, not as the connector "e"', () => {
    assert.equal(cleanAuthor('Deutscher Caritasverband e. V.'), null);
  });
});

describe('image: a srcset list written into src', () => {
  it('takes the first URL of a src holding a srcset with percent-encoded spaces', () => {
    assert.equal(
      meta('<article><img src="/a/big.jpg%203500w,%20/a/big.jpg?width=768%20768w" width="3500"></article>').image,
      'https://news.example.com/a/big.jpg',
    );
    assert.equal(
      meta('<article><img src="/a/photo%20200w.jpg"></article>').image,
      'https://news.example.com/a/photo%20200w.jpg',
    );
  });
});

describe('author: the site name written another way', () => {
  it('skips a meta author that is the site name without its punctuation or spaces', () => {
    assert.equal(
      meta(
        '<meta property="og:site_name" content="NEWS-ROOM.IO"><meta name="author" content="Newsroomio">' +
          '<div class="author">Jane Doe</div>',
      ).author,
      'Jane Doe',
    );
    assert.equal(
      meta('<meta property="og:site_name" content="Daily Post"><meta name="author" content="Jane Doe">').author,
      'Jane Doe',
    );
  });
});

describe('author: an academic degree after the name', () => {
  it('drops "PhD", "MD", "Ph.D." printed after a comma', () => {
    assert.equal(cleanAuthor('Grant Tinsley, PhD'), 'Grant Tinsley');
    assert.equal(cleanAuthor('Jane Doe, M.D., and John Roe, Ph.D.'), 'Jane Doe, John Roe');
  });
});
