// Rules of the fourth pass over the metadata dev set's misses (issue 12): each generic (what a
// careful reader does on any page), each on a small page of its own.
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

describe('description: cut short', () => {
  // The v3 ruling: the declared description verbatim, og:description first, nothing completed.
  it('keeps og:description as declared even when another source has the whole text', () => {
    const full =
      'Saubere Sache: the cleaning company grows beyond its home region and now opens an office in the capital.';
    assert.equal(
      meta(
        `<meta property="og:description" content="Saubere Sache: the cleaning company grows beyond its ho...">` +
          `<meta name="description" content="${full}">`,
      ).description,
      'Saubere Sache: the cleaning company grows beyond its ho...',
    );
  });
  it('keeps the cut one when no declared source goes on with it (the lead paragraph is not a completion)', () => {
    const cut = 'Saubere Sache: the cleaning company grows beyond its home region and now...';
    assert.equal(
      meta(
        `<meta property="og:description" content="${cut}"><article><p>` +
          `Saubere Sache: the cleaning company grows beyond its home region and now opens an office in the ` +
          `capital.</p></article>`,
      ).description,
      cut,
    );
  });
  it('keeps a description without an ellipsis even when another one is longer', () => {
    assert.equal(
      meta(
        '<meta property="og:description" content="The short form of the teaser text for this page, as declared.">' +
          '<meta name="description" content="The short form of the teaser text for this page, as declared. And ' +
          'more.">',
      ).description,
      'The short form of the teaser text for this page, as declared.',
    );
  });
});

describe('author: "By" in an element of its own', () => {
  it('reads the name in the element after a "By" element', () => {
    assert.equal(
      meta(
        '<h1>Story</h1><div><span>By</span><span><a href="/about/team/jane">Jane Doe</a></span><span>KTRK</span></div>',
      ).author,
      'Jane Doe',
    );
  });
  it('reads past a separator printed before the label ("| By")', () => {
    assert.equal(
      meta(
        '<h1>Story</h1><div><span class="sr">| By </span> <span>Cara Stiles</span> | <time>April 13, 2020</time></div>',
      ).author,
      'Cara Stiles',
    );
  });
  it('needs a colon after "Author" or "Text" (a heading, not a label)', () => {
    assert.equal(meta('<h1>Story</h1><h3>Author</h3><p>Jane Doe</p>').author, null);
    assert.equal(meta('<h1>Story</h1><b>Autor:</b> Jane Doe').author, 'Jane Doe');
  });
});

describe("headline (the cleaners' title): a site name with separators of its own", () => {
  it('cuts a multi-part og:site_name from the end of the title', () => {
    assert.equal(
      titles(
        '<meta property="og:site_name" content="AOC media - Analyse Opinion Critique">' +
          '<meta property="og:title" content="Pour le néolibéralisme, la retraite est un archaïsme | AOC media - ' +
          'Analyse Opinion Critique">',
      ).title,
      'Pour le néolibéralisme, la retraite est un archaïsme',
    );
  });
  it('cuts a multi-part logo <h1> from the end of the title', () => {
    assert.equal(
      titles(
        '<title>Enchufla Figuren - Salsa-Figuren - Rueda in Berlin</title><h1><a href="/"><span>' +
          'Salsa-Figuren - Rueda in Berlin</span></a></h1>',
      ).title,
      'Enchufla Figuren',
    );
  });
  it('cuts a site name joined with "|" without spaces', () => {
    assert.equal(
      titles(
        '<meta property="og:site_name" content="NEWS WEB EASY">' +
          '<meta property="og:title" content="NEWS WEB EASY|子どもへの体罰を禁止する法律ができる">',
      ).title,
      '子どもへの体罰を禁止する法律ができる',
    );
  });
  it('keeps a title whose remainder would be a single word', () => {
    assert.equal(
      titles(
        '<meta property="og:site_name" content="Big - Site">' +
          '<meta property="og:title" content="Geschichte | Big - Site">',
      ).title,
      'Geschichte | Big - Site',
    );
  });
});

describe("headline (the cleaners' title): a kicker marked off in the <h1>", () => {
  it('takes the main line when the declared title is the whole <h1>, kicker and hidden separator included', () => {
    const h1 =
      '<h1><span class="kicker">Klimaschutz</span><span class="visually-hidden">: </span><span class="title">' +
      'Bohren, bis es heiß wird</span></h1>';
    assert.equal(
      titles(`<meta property="og:title" content="Klimaschutz: Bohren, bis es heiß wird">${h1}`).title,
      'Bohren, bis es heiß wird',
    );
  });
  it('keeps the declared title when the <h1> only styles a word (no separator element)', () => {
    assert.equal(
      titles(
        '<title>Meta-Programming In Emacs Using Defadvice</title><h1>Meta-Programming In Emacs Using <b>defadvice' +
          '</b></h1>',
      ).title,
      'Meta-Programming In Emacs Using Defadvice',
    );
  });
  it('reads a kicker over a separator element as a kicker when the <h1> replaces the declared title', () => {
    const h1 =
      '<h1><span>Strompreisbremse – Erlösabschöpfung</span><span class="invisible">: </span><span>' +
      'Bundesregierung drosselt Bioenergie, Branche protestiert</span></h1>';
    assert.equal(
      titles(
        `<meta property="og:title" content="Strompreisbremse, Erlösabschöpfung: Bundesregierung drosselt ` +
          `Bioenergie">${h1}`,
      ).title,
      'Bundesregierung drosselt Bioenergie, Branche protestiert',
    );
  });
});

describe('favicon: real-world markup shapes', () => {
  const icon = (html: string, url = 'https://news.example.com/a/story') => meta(html, url).favicon;
  it('reads rel values in any case and order', () => {
    assert.equal(icon('<link rel="ICON" href="/upper.png" sizes="48x48">'), 'https://news.example.com/upper.png');
    assert.equal(icon('<link rel="icon shortcut" href="/rev.ico">'), 'https://news.example.com/rev.ico');
    assert.equal(icon('<link rel="Shortcut Icon" href="/mixed.ico">'), 'https://news.example.com/mixed.ico');
    assert.equal(icon('<link rel="\tshortcut\n icon " href="/ws.ico">'), 'https://news.example.com/ws.ico');
  });
  it('counts apple-touch-icon-precomposed as an apple-touch-icon (implied 180 px)', () => {
    assert.equal(
      icon('<link rel="icon" href="/f.ico"><link rel="apple-touch-icon-precomposed" href="/pre.png">'),
      'https://news.example.com/pre.png',
    );
  });
  it('reads the largest size of a sizes list, whatever its separators and case', () => {
    assert.equal(
      icon(
        '<link rel="icon" href="/multi.ico" sizes="16x16 32x32 64x64"><link rel="icon" href="/48.png" sizes="48x48">',
      ),
      'https://news.example.com/multi.ico',
    );
    assert.equal(
      icon(
        '<link rel="icon" href="/comma.png" sizes="96x96, 192x192"><link rel="icon" href="/128.png" sizes="128x128">',
      ),
      'https://news.example.com/comma.png',
    );
    assert.equal(
      icon('<link rel="icon" href="/upper.png" sizes="192X192"><link rel="icon" href="/128.png" sizes="128x128">'),
      'https://news.example.com/upper.png',
    );
    assert.equal(
      icon('<link rel="icon" href="/times.png" sizes="192×192"><link rel="icon" href="/128.png" sizes="128x128">'),
      'https://news.example.com/times.png',
    );
  });
  it('reads icons declared in <body>', () => {
    assert.equal(
      icon('<title>t</title><body><p>x</p><link rel="icon" href="/body.png" sizes="32x32"></body>'),
      'https://news.example.com/body.png',
    );
  });
  it('resolves against <base href>, protocol-relative URLs and hrefs with whitespace; the fallback stays on the final origin', () => {
    assert.equal(
      icon('<base href="https://static.example.org/assets/"><link rel="icon" href="img/i.png">'),
      'https://static.example.org/assets/img/i.png',
    );
    assert.equal(icon('<base href="https://static.example.org/assets/">'), 'https://news.example.com/favicon.ico');
    assert.equal(
      icon('<link rel="icon" href="//cdn.example.net/i.png">', 'http://news.example.com/'),
      'http://cdn.example.net/i.png',
    );
    assert.equal(icon('<link rel="icon" href="  /spaced.png\n ">'), 'https://news.example.com/spaced.png');
  });
  it('skips data:, javascript: and empty icons and falls back to /favicon.ico of the final origin (port kept)', () => {
    assert.equal(
      icon(
        '<link rel="icon" href="data:image/png;base64,AAAA"><link rel="icon" href="">' +
          '<link rel="icon" href="javascript:void(0)">',
        'http://127.0.0.1:8080/x',
      ),
      'http://127.0.0.1:8080/favicon.ico',
    );
  });
  it('reads image/ico-like types as .ico (below a png of the same size)', () => {
    assert.equal(
      icon(
        '<link rel="icon" type="image/ico" href="/a" sizes="32x32">' +
          '<link rel="icon" type="image/png" href="/b" sizes="32x32">',
      ),
      'https://news.example.com/b',
    );
  });
});

describe('site_name: the chain and the values that are no name', () => {
  const site = (html: string, url = 'https://news.example.com/a/story') => meta(html, url).site_name;
  const ld = (o: unknown) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;
  it('follows an @id reference to the publisher inside @graph', () => {
    assert.equal(
      site(
        ld({
          '@graph': [
            { '@type': 'NewsArticle', publisher: { '@id': 'https://news.example.com/#org' } },
            { '@type': 'Organization', '@id': 'https://news.example.com/#org', name: 'Example News' },
          ],
        }) + '<meta property="og:site_name" content="OG Name">',
      ),
      'Example News',
    );
  });
  it('skips a publisher whose name is a URL, empty, or an unfilled template, and reads og:site_name', () => {
    assert.equal(
      site(
        ld({ '@type': 'Article', publisher: { '@type': 'Organization', name: 'https://www.example.com' } }) +
          '<meta property="og:site_name" content="Example Daily">',
      ),
      'Example Daily',
    );
    assert.equal(
      site(
        ld({ '@type': 'Article', publisher: { '@type': 'Organization', name: '' } }) +
          '<meta property="og:site_name" content="Example Daily">',
      ),
      'Example Daily',
    );
    assert.equal(
      site(
        ld({ '@type': 'Article', publisher: { '@type': 'Organization', name: '{{ site.name }}' } }) +
          '<meta property="og:site_name" content="Example Daily">',
      ),
      'Example Daily',
    );
    assert.equal(
      site(
        ld({ '@type': 'Article', publisher: { '@id': '#missing' } }) +
          '<meta property="og:site_name" content="Example Daily">',
      ),
      'Example Daily',
    );
  });
  it('skips a URL-valued og:site_name for application-name or the JSON-LD WebSite name', () => {
    assert.equal(
      site(
        '<meta property="og:site_name" content="https://www.example.com"><meta name="application-name" content="Example App">',
      ),
      'Example App',
    );
    assert.equal(
      site(
        '<meta property="og:site_name" content="www.example.com">' + ld({ '@type': 'WebSite', name: 'Example Web' }),
      ),
      'Example Web',
    );
  });
  it('takes the title part that names the host, first or last', () => {
    assert.equal(site('<title>Home | Acme Tools</title>', 'https://www.acme-tools.com/'), 'Acme Tools');
    assert.equal(
      site('<title>BMAS - Änderung der Anforderungen an Nachweise</title>', 'https://www.bmas.de/DE/x'),
      'BMAS',
    );
  });
  it('reads a URL-valued declaration as its host when nothing names the site otherwise', () => {
    assert.equal(
      site(
        '<meta property="og:site_name" content="https://www.horizont.net"><title>Influencer Marketing: Was sich ändert</title>',
      ),
      'horizont.net',
    );
    assert.equal(
      site(
        '<meta property="og:site_name" content="www.kas.de"><title>Konrad-Adenauer-Stiftung - detail</title>',
        'https://www.kas.de/de/x',
      ),
      'kas.de',
    );
  });
  it('keeps the short brand part of the title as the last resort', () => {
    assert.equal(site('<title>A long story about something - Brandname</title>'), 'Brandname');
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

describe('author: agencies and the site initials', () => {
  it('drops a news agency beside a person, keeps an agency that signs alone', () => {
    assert.equal(cleanAuthor('Von David Hutzler, dpa'), 'David Hutzler');
    assert.equal(cleanAuthor('Peter Maahn/SP-X'), 'Peter Maahn');
    assert.equal(cleanAuthor('GARY B. GRAVES, AP Sports'), 'GARY B. GRAVES');
    assert.equal(cleanAuthor('dpa'), 'dpa');
    assert.equal(cleanAuthor('Agencia EFE'), 'Agencia EFE');
  });
  it('reads the initials of the site name as the site (a desk), so the byline names the person', () => {
    const m = meta(
      '<meta property="og:site_name" content="Lübecker Nachrichten"><script type="application/ld+json">' +
        '{"@type":"NewsArticle","author":{"@type":"Person","name":"LN"}}</script><h1>Story</h1><p><em>Von <span>' +
        'Cosima Künzel</span></em></p>',
    );
    assert.equal(m.author, 'Cosima Künzel');
  });
});

describe('author: job titles', () => {
  it('drops a job title written before the name', () => {
    assert.equal(cleanAuthor('FOCUS-Online-Experte Robin Tschöpe'), 'Robin Tschöpe');
    assert.equal(cleanAuthor('Rechtsanwalt Jan Berg'), 'Jan Berg');
  });
  it('drops a job title written after the name, and one standing alone', () => {
    assert.equal(cleanAuthor('Autorin: Uta Staschewski, Projektleiterin der HSS in Tunesien.'), 'Uta Staschewski');
    assert.equal(cleanAuthor('Ryan Merkley, CEO'), 'Ryan Merkley');
    assert.equal(cleanAuthor('Rechtsanwalt'), null);
  });
  it('keeps names that only look like a title word inside them', () => {
    assert.equal(cleanAuthor('Anna Leiter'), 'Anna Leiter');
    assert.equal(cleanAuthor('Dr. Rainer Quitzow'), 'Dr. Rainer Quitzow');
  });
});

describe('author: bylines in running markup', () => {
  it('does not take a layout modifier of the content column ("has-double-sidebar") for a sidebar', () => {
    assert.equal(
      meta(
        '<div class="main-content has-double-sidebar"><h1>Story</h1><h5><em>Von Leonora Holling</em></h5><p>Text.' +
          '</p></div>',
      ).author,
      'Leonora Holling',
    );
    assert.equal(meta('<div class="sidebar"><h1>Story</h1><h5><em>Von Leonora Holling</em></h5></div>').author, null);
  });
  it('reads "- Redaktion: Name (role)" and "Ein Beitrag / Eine Kolumne von Name"', () => {
    assert.equal(
      meta(
        '<h1>Story</h1><div class="news-timedata">05.02.2020 <span>' +
          '- Redaktion: Eberhard Fuhr (Pressesprecher des EJW)</span></div>',
      ).author,
      'Eberhard Fuhr',
    );
    assert.equal(meta('<h1>Story</h1><p><strong>Eine Kolumne von Nils Pickert</strong></p>').author, 'Nils Pickert');
  });
});

describe('description: a platform stand-in is no description', () => {
  it('skips "Visit the post for more." for the next source', () => {
    assert.equal(
      meta(
        '<meta property="og:description" content="Visit the post for more.">' +
          '<meta name="description" content="What the post is about, in one sentence of its own.">',
      ).description,
      'What the post is about, in one sentence of its own.',
    );
  });
  it('keeps a description ending in "Read More" as declared (v3: verbatim, not completed)', () => {
    assert.equal(
      meta(
        '<meta property="og:description" content="An overnight crash in the south of the county resulted in the ' +
          'death of a boy who was behind the wheel and Read More">' +
          '<meta name="twitter:description" content="An overnight crash in the south of the county resulted in ' +
          'the death of a boy who was behind the wheel and a girl was hurt.">',
      ).description,
      'An overnight crash in the south of the county resulted in the death of a boy who was behind the wheel and ' +
        'Read More',
    );
  });
});

describe("author: the site's own staff", () => {
  it('drops "<site> Staff" / "<site> Team" for the byline that names a person', () => {
    assert.equal(
      meta(
        '<meta property="og:site_name" content="Us Weekly"><meta name="author" content="Us Weekly Staff"><h1>Story' +
          '</h1><div class="byline">By <a href="/author/megan-french">Megan French</a></div>',
      ).author,
      'Megan French',
    );
  });
  it("keeps a staff credit that is not the site's", () => {
    assert.equal(
      meta('<meta property="og:site_name" content="Us Weekly"><meta name="author" content="Research Team">').author,
      'Research Team',
    );
  });
});
