// Rules of the seventh pass over the metadata dev set's misses (issue 12): each generic (what a
// careful reader does on any page), each on a small page of its own.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { pageTitles } from '../../../src/extract/page/headline.js';
import { extractMetadata } from '../../../src/extract/metadata/index.js';

const meta = (html: string, url = 'https://news.example.com/story') => extractMetadata(parseHtml(html), url);
/** The cleaners' title (the headline as printed): the rules these blocks pin moved there from the metadata title. */
const titles = (html: string, url = 'https://news.example.com/story') => ({
  title: pageTitles(parseHtml(html), url).headline,
});

describe("headline (the cleaners' title): the brand and sections around the story", () => {
  it('cuts the part naming the site by its host ("Story » Pronats e.V." on pronats.de)', () => {
    assert.equal(
      titles('<title>Kinder und Arbeit » ProNATs e.V.</title>', 'https://www.pronats.de/kinder-und-arbeit/').title,
      'Kinder und Arbeit',
    );
  });
  it('cuts short sections standing before the brand ("Story | iPhone | Forum | Brand")', () => {
    const html =
      '<meta property="og:site_name" content="MacTechNews.de"><title>' +
      'kein App Store mehr über Mobile Daten ? | iPhone | Forum | MacTechNews.de</title>';
    assert.equal(titles(html).title, 'kein App Store mehr über Mobile Daten ?');
  });
  it('reads the site name of a logo <h1> from its image alt or link title', () => {
    const html =
      '<title>Media Architecture | Jens Weber</title><h1><a href="/"><img src="/logo.gif" alt="Media Architecture">' +
      '</a></h1>';
    assert.equal(titles(html, 'https://example.org/jens-weber/').title, 'Jens Weber');
    const linked =
      '<title>Kein App Store über Mobile Daten | Forum | Mac News</title><h1><a href="https://example.org/" title="Mac News"></a></h1>';
    assert.equal(titles(linked, 'https://example.org/forum/1').title, 'Kein App Store über Mobile Daten');
  });
  it('cuts a host-named brand followed by its own marks ("example.de // » Story")', () => {
    assert.equal(
      titles('<title>mediaarchitecture.de // » Jens Weber</title>', 'http://mediaarchitecture.de/jens-weber/').title,
      'Jens Weber',
    );
  });
  it('reads the name line of a logo <h1> that carries a slogan', () => {
    const html =
      '<title>Kinder und Arbeit » ProNATs e.V.</title><h1 id="branding"><a href="/"><span>ProNATs e.V.</span> ' +
      '<span class="slogan">Verein zur Unterstützung arbeitender Kinder</span></a></h1>';
    assert.equal(titles(html, 'https://example.org/kinder/').title, 'Kinder und Arbeit');
  });
});

describe("headline (the cleaners' title): the <h1> as the page prints it", () => {
  it('takes the main line when the declared title is only the <h1> kicker', () => {
    const html =
      '<title>Wurmkiste | selbst.de</title><meta property="og:site_name" content="selbst.de"><h1>' +
      '<span class="roofline">Wurmkiste</span> Wurmkiste selber bauen</h1>';
    assert.equal(titles(html).title, 'Wurmkiste selber bauen');
  });
  it('takes the main line when the declared title starts with the kicker', () => {
    const html =
      '<title>Initiative EnergieEffizienz - kostenloser Stromcheck | Ökologisch Bauen</title>' +
      '<meta property="og:site_name" content="Ökologisch Bauen"><h1><span class="h1small">' +
      'Initiative EnergieEffizienz</span> Kostenloser Stromcheck für private Haushalte</h1>';
    assert.equal(titles(html).title, 'Kostenloser Stromcheck für private Haushalte');
  });
  it('keeps the declared title when the kicker is not part of it', () => {
    const html =
      '<title>Autohäuser rechnen mit Ansturm</title><h1><span>Lockerungen</span> Autohäuser rechnen mit Ansturm</h1>';
    assert.equal(titles(html).title, 'Autohäuser rechnen mit Ansturm');
  });
  it('takes the <h1> written in capitals when it is the declared title', () => {
    assert.equal(
      titles(
        '<meta property="og:title" content="Transformationslabor Ernährung"><h1>TRANSFORMATIONSLABOR ERNÄHRUNG</h1>',
      ).title,
      'TRANSFORMATIONSLABOR ERNÄHRUNG',
    );
  });
  it('keeps the declared title when the capital <h1> is something else', () => {
    assert.equal(
      titles('<meta property="og:title" content="Transformationslabor Ernährung"><h1>AKTUELLES</h1>').title,
      'Transformationslabor Ernährung',
    );
  });
});

describe("headline (the cleaners' title): the visible headline against the declared one", () => {
  it('takes the <h1> that goes on after a colon ("Story: einfach köstlich!")', () => {
    const html =
      '<meta property="og:title" content="Saftiger Zitronenkuchen vom Blech | Backen macht glücklich">' +
      '<meta property="og:site_name" content="Backen macht glücklich"><h1>' +
      'Saftiger Zitronenkuchen vom Blech: einfach köstlich!</h1>';
    assert.equal(titles(html).title, 'Saftiger Zitronenkuchen vom Blech: einfach köstlich!');
  });
  it('takes the <h1> when only a part of the declared title occurs inside it', () => {
    const html =
      '<meta property="og:title" content="Wärmepumpe im Altbau - Wann es sich lohnt | heizung.de"><h1>' +
      'Eignet sich eine Wärmepumpe im Altbau?</h1>';
    assert.equal(
      titles(html, 'https://www.heizung.de/waermepumpe/altbau.html').title,
      'Eignet sich eine Wärmepumpe im Altbau?',
    );
  });
  it('keeps the declared title when the <h1> is it with a kicker glued in front', () => {
    const html =
      '<meta property="og:title" content="Große Aufgaben für die neue Regierung"><h1>' +
      'Tunesien Große Aufgaben für die neue Regierung</h1>';
    assert.equal(titles(html).title, 'Große Aufgaben für die neue Regierung');
  });
});

describe("headline (the cleaners' title): a section and site glued on a Chinese or Japanese title", () => {
  it('drops "_Section_Site" and "-Site" without spaces', () => {
    assert.equal(
      titles('<title>这个约会软件，想用你和对方的相似好恶来帮你找对象_智能_好奇心日报</title>').title,
      '这个约会软件，想用你和对方的相似好恶来帮你找对象',
    );
    assert.equal(
      titles('<title>武汉的声音：有英勇的你，才有英雄的城！-新华网</title>').title,
      '武汉的声音：有英勇的你，才有英雄的城！',
    );
  });
  it('keeps a short name with its site ("蔡健雅_百度百科")', () => {
    assert.equal(titles('<title>蔡健雅_百度百科</title>').title, '蔡健雅_百度百科');
  });
});

describe('author: last sources when nobody signs the page', () => {
  it('reads an author meta in a vendor namespace ("cXenseParse:author")', () => {
    assert.equal(
      meta('<meta name="cXenseParse:author" value="Tana Ganeva"><h1>Story</h1><p>Text.</p>').author,
      'Tana Ganeva',
    );
  });
  it('prefers the byline to a vendor namespace author meta', () => {
    assert.equal(
      meta('<meta name="smartbanner:author" content="Jetzt in der App"><h1>Story</h1><p class="byline">By Jane Doe</p>')
        .author,
      'Jane Doe',
    );
  });
  it('names nobody from a copyright line (v3: a legal line credits no author)', () => {
    assert.equal(
      meta(
        '<h1>Zeitphilosophie</h1><p>Text.</p><footer><p>(c) Johannes Wolf • Weitere Rechte siehe Impressum</p>' +
          '</footer>',
      ).author,
      null,
    );
  });
  it('does not take a company from the copyright line', () => {
    assert.equal(meta('<h1>Story</h1><p>Text.</p><footer>© 2023 Example Media GmbH</footer>').author, null);
    assert.equal(
      meta(
        '<meta property="og:site_name" content="Example News"><h1>Story</h1><p>Text.</p><footer>© 2023 Example News' +
          '</footer>',
      ).author,
      null,
    );
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

describe('favicon: declarations that point back at a page', () => {
  it('skips an icon href that is a fragment or the page itself, for the next icon or /favicon.ico', () => {
    assert.equal(meta('<link rel="icon" href="#">').favicon, 'https://news.example.com/favicon.ico');
    assert.equal(
      meta('<link rel="icon" href="#"><link rel="icon" href="/i/16.png" sizes="16x16">').favicon,
      'https://news.example.com/i/16.png',
    );
    assert.equal(
      meta('<link rel="apple-touch-icon" href="/story"><link rel="shortcut icon" href="/favicon.png">').favicon,
      'https://news.example.com/favicon.png',
    );
  });
  it('skips an icon href that is the site root ("/")', () => {
    assert.equal(
      meta('<link rel="apple-touch-icon" href="/"><link rel="icon" href="/f.ico">').favicon,
      'https://news.example.com/f.ico',
    );
  });
});

describe("headline (the cleaners' title): a declared title that only names the site", () => {
  it('takes the first <h1> when the title is the site name or "Home"', () => {
    assert.equal(
      titles('<title>Home</title><h1><a href="https://video.example.net/1">Time to say goodbye.</a></h1>').title,
      'Time to say goodbye.',
    );
    assert.equal(
      titles(
        '<meta property="og:title" content="ICON Magazine"><meta property="og:site_name" content="ICON Magazine">' +
          '<h1>Davor und Danach</h1>',
      ).title,
      'Davor und Danach',
    );
    assert.equal(
      titles('<title>Anwalt Niemeyer</title><h1>Willkommen!</h1>', 'https://anwaltniemeyer.de/index.html').title,
      'Willkommen!',
    );
  });
  it('keeps the site name when the page has no other <h1>', () => {
    assert.equal(
      titles('<title>Anwalt Niemeyer</title><p>Text.</p>', 'https://anwaltniemeyer.de/').title,
      'Anwalt Niemeyer',
    );
  });
});

describe("headline (the cleaners' title): an <h1> sharing only short words is another story", () => {
  it('keeps og:title over an <h1> that shares only "für" with <title>', () => {
    const html =
      '<title>BeFifty - Der Blog für Frauen über 40</title>' +
      '<meta property="og:title" content="Das vielleicht schönste Ende der Welt: Montauk"><h1>' +
      'Wann, wenn nicht jetzt...</h1><h1>Tipps für die Unterkunft:</h1>';
    assert.equal(titles(html).title, 'Das vielleicht schönste Ende der Welt: Montauk');
  });
});

describe('description: a date stamp before the text', () => {
  it('keeps "06.11.2023, 11.41 Uhr : " before the description (v3: verbatim)', () => {
    assert.equal(
      meta(
        '<meta name="description" content="06.11.2023, 11.41 Uhr : In Nord wurde am Freitag die neue Anlage ' +
          'eröffnet."><h1>Story</h1>',
      ).description,
      '06.11.2023, 11.41 Uhr : In Nord wurde am Freitag die neue Anlage eröffnet.',
    );
  });
  it('keeps a description that starts with a date as part of its sentence', () => {
    assert.equal(
      meta('<meta name="description" content="06.11.2023 war ein guter Tag für Nord."><h1>Story</h1>').description,
      '06.11.2023 war ein guter Tag für Nord.',
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

describe("headline (the cleaners' title): a one-word declared title is a menu label", () => {
  it('takes the first <h1> on the same subject', () => {
    const html =
      '<meta property="og:title" content="Gefahrstoff-Service"><meta property="og:site_name" content="Qualisys">' +
      '<h1><span>Gefahrstoffmanagement für Hersteller, Importeure und Alleinvertreter</span></h1>';
    assert.equal(titles(html).title, 'Gefahrstoffmanagement für Hersteller, Importeure und Alleinvertreter');
  });
  it('keeps the one word when the <h1> is about something else', () => {
    assert.equal(
      titles('<meta property="og:title" content="Impressum"><h1>Willkommen auf unserer Seite</h1>').title,
      'Impressum',
    );
  });
});

describe("headline (the cleaners' title): inflected forms are the same word", () => {
  it('takes the <h1> that shares words with the declared title only in another inflection', () => {
    const html =
      '<meta property="og:title" content="Das beste elektronische Katzenspielzeug 2022 - Vergleich">' +
      '<meta property="og:site_name" content="Haustiermagazin"><h1 class="entry-title">' +
      'Kaufratgeber: elektronisches Katzenspielzeug – sorgt ganz automatisch für Abwechslung</h1>';
    assert.equal(
      titles(html).title,
      'Kaufratgeber: elektronisches Katzenspielzeug – sorgt ganz automatisch für Abwechslung',
    );
  });
});

describe('visible text: the cap counts text as shown', () => {
  it('reads a dateline below a menu indented with thousands of tabs and line breaks', () => {
    const indent = '\n' + '\t'.repeat(2000);
    const menu = Array.from(
      { length: 80 },
      (_, i) => `${indent}<li>${indent}<a href="/s${i}">Section ${i}</a>${indent}</li>`,
    ).join('');
    const html =
      `<title>Wind farm opens</title><body><ul>${menu}</ul><main><h1>Wind farm opens</h1><p>` +
      `Published 3 March 2020</p><p>${'The wind farm opened today. '.repeat(10)}</p></main></body>`;
    assert.ok(html.length > 300_000);
    assert.equal(meta(html).published_at, '2020-03-03');
  });
});
