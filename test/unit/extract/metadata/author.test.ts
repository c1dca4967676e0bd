// author: bylines as the page prints them, declared authors, and what is no name (labels, job
// titles, agencies, the site itself).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cleanAuthor } from '../../../../src/extract/metadata/author-names.js';
import { meta, ld, para } from './pages.js';

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
    assert.equal(cleanAuthor('Jane Doe Writer'), 'Jane Doe');
    assert.equal(cleanAuthor('Jane Doe, Writer'), 'Jane Doe');
    assert.equal(cleanAuthor('By Ann Writer'), 'Ann Writer');
    assert.equal(cleanAuthor('Jane Doe, Managing Editor'), 'Jane Doe');
    assert.equal(cleanAuthor('Jane Doe, The Associated Press'), 'Jane Doe');
    assert.equal(cleanAuthor('The Associated Press'), null);
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
  it('needs a colon after "Author" or "Text" in running text', () => {
    assert.equal(meta('<h1>Story</h1><p><b>Author</b> Jane Doe</p>').author, null);
    assert.equal(meta('<h1>Story</h1><b>Autor:</b> Jane Doe').author, 'Jane Doe');
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

describe('author: the organisation the page declares as its author', () => {
  it('keeps a declared author that is the site itself when nobody else signs the page', () => {
    const html =
      '<meta property="og:site_name" content="Deutscher Tennis Bund">' +
      '<meta name="author" content="Deutscher Tennis Bund"><h1>Kader nominiert</h1><p>Text.</p>';
    assert.equal(meta(html).author, 'Deutscher Tennis Bund');
  });
  it("names nobody from a site's declared login (a lower-case account, not a credit)", () => {
    const html =
      '<meta property="og:site_name" content="levinemusic">' +
      '<meta name="author" content="levinemusic"><h1>Group lessons</h1><p>Text.</p>';
    assert.equal(meta(html, 'https://www.levinemusic.example/lessons').author, null);
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

describe("author: the site's staff credited by the byline the page prints", () => {
  const story = '<h1>How much does project software cost?</h1><p>Text of the story.</p>';
  it('keeps a printed byline that credits the site or its team when nobody else signs the page', () => {
    const team =
      '<meta property="og:site_name" content="Workzone"><h1>Cost</h1>' +
      '<p>By <a href="https://news.example.com/author/team/">Workzone Team</a></p>';
    assert.equal(meta(team).author, 'Workzone Team');
    assert.equal(meta(`${story}<a href="/blog/author/staff/">Staff</a>`).author, 'Staff');
    assert.equal(meta(`${story}<div class="author-name"><span>By Staff Writer</span></div>`).author, 'Staff Writer');
    assert.equal(meta(`${story}<div class="byline"><a href="/author/tpi-editor/">Editor</a></div>`).author, 'Editor');
  });
  it('still prefers a person named anywhere the chain reads, and names nobody from a lower-case "staff"', () => {
    const html = `<meta name="author" content="Jane Doe">${story}<a href="/author/staff/">Staff</a>`;
    assert.equal(meta(html).author, 'Jane Doe');
    assert.equal(meta(`${story}<p>Written by our staff</p>`).author, null);
    assert.equal(meta(`${story}<a href="/author/staff/">staff</a>`).author, null);
  });
});

describe('author: "Article by", an author box', () => {
  const story = `<h1>Beyond the hype</h1>${para}`;
  it('reads the name after an "Article by" label, in a heading of its own or before a link', () => {
    assert.equal(meta(`${story}<h2>Article by</h2><div>Matias Heikkila</div>`).author, 'Matias Heikkila');
    assert.equal(meta(`${story}<p>Article by <a href="/m">Matias Heikkila</a></p>`).author, 'Matias Heikkila');
    assert.equal(meta(`${story}<h2>Articles by</h2><div>Matias Heikkila</div>`).author, null);
  });
  it("reads the name of an author box (Elementor's), not its bio", () => {
    const box =
      '<div class="elementor-author-box"><div class="elementor-author-box__text">' +
      '<h4 class="elementor-author-box__name"> Liz Kenny </h4>' +
      '<div class="elementor-author-box__bio">Liz Kenny founded the firm and writes about it.</div></div></div>';
    assert.equal(meta(`${story}${box}`).author, 'Liz Kenny');
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

describe('author: JSON-LD creator and photo-only bylines', () => {
  it("takes the article's JSON-LD creator Person when nothing else names the author", () => {
    assert.equal(
      meta(
        ld({ '@type': 'Question', name: 'Q', creator: { '@type': 'Person', name: 'Jane Doe' } }),
        'https://news.example.com/2024/story',
      ).author,
      'Jane Doe',
    );
  });
  it('does not take a creator Organization, nor a creator over the declared author', () => {
    assert.equal(
      meta(
        ld({ '@type': 'Article', creator: { '@type': 'Organization', name: 'Acme Media' } }),
        'https://news.example.com/2024/story',
      ).author,
      null,
    );
    assert.equal(
      meta(
        ld({
          '@type': 'Article',
          author: { '@type': 'Person', name: 'John Roe' },
          creator: { '@type': 'Person', name: 'Jane Doe' },
        }),
        'https://news.example.com/2024/story',
      ).author,
      'John Roe',
    );
  });
  it("reads a byline that shows only the writer's photo from its alt text", () => {
    assert.equal(
      meta(
        `<body><article><h1>Story headline</h1><div class="author"><img src="/jane.jpg" alt="Jane Doe"></div>` +
          `${para}</article></body>`,
        'https://news.example.com/2024/story',
      ).author,
      'Jane Doe',
    );
    assert.equal(
      meta(
        `<body><article><h1>Story headline</h1><a rel="author" href="/team/jane">` +
          `<img src="/jane.jpg" alt="Jane Doe"></a>${para}</article></body>`,
        'https://news.example.com/2024/story',
      ).author,
      'Jane Doe',
    );
  });
  it('does not take an alt text that names the picture ("avatar") or is no name ("blank")', () => {
    assert.equal(
      meta(
        `<body><article><h1>Story headline</h1><div class="author"><img src="/a.jpg" alt="avatar"></div>` +
          `${para}</article></body>`,
        'https://news.example.com/2024/story',
      ).author,
      null,
    );
    assert.equal(
      meta(
        `<body><article><h1>Story headline</h1><div class="author"><img src="/a.jpg" alt="blank"></div>` +
          `${para}</article></body>`,
        'https://news.example.com/2024/story',
      ).author,
      null,
    );
    assert.equal(
      meta(
        `<body><article><h1>Story headline</h1><div class="author"><img src="/a.jpg" alt="Profilbild Jane Doe">` +
          `</div>${para}</article></body>`,
        'https://news.example.com/2024/story',
      ).author,
      null,
    );
  });
});

describe('author: bylines in boxes of other stories', () => {
  it("skips a declared author in a teaser list above the article for the article's own", () => {
    const html =
      `<body><ul class="teasers"><li><span itemprop="author">Teaser One</span></li></ul><article><h1>` +
      `Story</h1><span itemprop="author">Jane Doe</span>${para}</article></body>`;
    assert.equal(meta(html, 'https://news.example.com/2024/story').author, 'Jane Doe');
  });
  it('skips a byline in a related box for the byline outside it', () => {
    const html =
      `<body><div class="most-read"><span class="author-name">Other Writer</span></div>` +
      `<div class="story"><h1>Story</h1>${para}<p class="author-name">Jane Doe</p></div></body>`;
    assert.equal(meta(html, 'https://news.example.com/2024/story').author, 'Jane Doe');
  });
  it("reads a teaser component's BEM element (teaser-small__metadata) as the article's own header", () => {
    const html =
      `<body><article><h1>Story</h1><div class="teaser-small__metadata"><p class="byline__author">Von ` +
      `<a href="/autoren/jane">Jane Doe</a></p></div>${para}</article></body>`;
    assert.equal(meta(html, 'https://news.example.com/2024/story').author, 'Jane Doe');
  });
  it('still signs with a teaser byline when the page has no other', () => {
    assert.equal(
      meta(
        `<body><div class="related"><span class="byline">Jane Doe</span></div><h1>Story</h1>${para}</body>`,
        'https://news.example.com/2024/story',
      ).author,
      'Jane Doe',
    );
  });
});

describe('author: several article:author tags, e-mail forms, a role after a dash', () => {
  it('reads several article:author tags as several authors (profile URLs still skipped)', () => {
    assert.equal(
      meta(
        '<meta property="article:author" content="Jane Doe"><meta property="article:author" content="John Roe">',
        'https://news.example.com/2024/story',
      ).author,
      'Jane Doe, John Roe',
    );
    assert.equal(
      meta(
        '<meta property="article:author" content="https://www.facebook.com/janedoe"><meta name="author" content="Jane Doe">',
        'https://news.example.com/2024/story',
      ).author,
      'Jane Doe',
    );
  });
  it('reads the name beside an e-mail address ("jane@example.com (Jane Doe)", "Jane Doe <jane@example.com>")', () => {
    assert.equal(
      meta('<meta name="author" content="jane@example.com (Jane Doe)">', 'https://news.example.com/2024/story').author,
      'Jane Doe',
    );
    assert.equal(
      meta('<meta name="author" content="Jane Doe &lt;jane@example.com&gt;">', 'https://news.example.com/2024/story')
        .author,
      'Jane Doe',
    );
    assert.equal(
      meta('<meta name="author" content="jane@example.com">', 'https://news.example.com/2024/story').author,
      null,
    );
  });
  it('drops the dash left before a role ("Jane Doe – Staff Writer")', () => {
    assert.equal(
      meta(
        `<body><article><h1>Story headline</h1><span class="author">Jane Doe – Staff Writer</span>${para}</article>` +
          `</body>`,
        'https://news.example.com/2024/story',
      ).author,
      'Jane Doe',
    );
  });
});

describe("author: what the site's home page and a product page print by a name", () => {
  it("takes no byline, signature or reading-time card on the site's home page: they sign what it lists", () => {
    const html =
      '<title>Acme Blog</title><h1>Latest posts</h1><article><h2>Scaling our queues</h2>' +
      '<div class="byline">By Jane Doe</div><p>Teaser.</p></article>';
    assert.equal(meta(html, 'https://blog.acme.example/').author, null);
    assert.equal(meta(html, 'https://blog.acme.example/2024/scaling').author, 'Jane Doe');
    assert.equal(meta(html, 'https://blog.acme.example/?p=2895').author, 'Jane Doe');
  });
  it('still reports the author a home page declares', () => {
    assert.equal(
      meta('<meta name="author" content="Jane Doe"><h1>Jane Doe</h1>', 'https://jane.example/').author,
      'Jane Doe',
    );
  });
  it('takes no byline on a page that declares a product: the name by it is the maker or the brand', () => {
    const product = ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Atomic Habits', brand: 'Avery' });
    const html = '<h1>Atomic Habits</h1><div class="byline">by <a href="/author/jc">James Clear</a></div>';
    assert.equal(meta(product + html).author, null);
    assert.equal(meta('<meta property="og:type" content="product">' + html).author, null);
    assert.equal(meta(html).author, 'James Clear');
  });
});

describe('author: names after "By" that credit the items of a list', () => {
  it('takes none when four or more different names follow "By" (papers or products by their makers)', () => {
    const card = (name: string, maker: string) => `<div><a href="/p/${name}">${name} sofa</a> <p>By ${maker}</p></div>`;
    const html =
      '<h1>Sofas</h1>' +
      card('Ada', 'Emma Fromberg') +
      card('Bea', 'Lea Moreau') +
      card('Cy', 'Iain Biggs') +
      card('Di', 'Wanda Zyborska');
    assert.equal(meta(html).author, null);
  });
  it('still reads a byline of three names after "By"', () => {
    const html = '<h1>The report</h1><p>By Ana Ruiz</p><p>Text of the report.</p><p>By Tom Hale</p><p>By Sara Lin</p>';
    assert.equal(meta(html).author, 'Ana Ruiz');
  });
});

describe('author: a facts box\'s "Author" heading over the name', () => {
  const story = `<h1>The benefits of the latest tools</h1>${para}`;
  it('reads the name under an "Author" heading, in an <aside> beside the text too', () => {
    const box =
      '<aside class="insight__content"><div class="content-item"><h3>Published</h3><p>' +
      '<time datetime="2024-08-30">August 30, 2024</time></p></div><div class="content-item">' +
      '<h3>Author</h3><p>  Lisa D. Ellis</p></div></aside>';
    assert.equal(meta(`${story}${box}`).author, 'Lisa D. Ellis');
    assert.equal(meta(`${story}<dl><dt>Authors</dt><dd>Tom Hale</dd></dl>`).author, 'Tom Hale');
  });
  it('takes no heading in navigation or a footer, nor a heading that only mentions authors', () => {
    assert.equal(meta(`${story}<footer><h3>Author</h3><p>Lisa D. Ellis</p></footer>`).author, null);
    assert.equal(meta(`${story}<nav><h4>Authors</h4><p>Lisa D. Ellis</p></nav>`).author, null);
    assert.equal(meta(`${story}<h3>Our authors</h3><p>Lisa D. Ellis</p>`).author, null);
    const bio = '<p>Lisa D. Ellis writes about health care, its tools and the people who use them.</p>';
    assert.equal(meta(`${story}<h3>Author</h3>${bio}`).author, null);
  });
});

describe('author: a declared name typed in lower case', () => {
  const story = `<h1>Booking a moving company</h1>${para}`;
  it('reads a two- or three-word name typed in lower case where nothing else names anyone', () => {
    assert.equal(meta(`<meta name="author" content="kirstin boatto">${story}`).author, 'kirstin boatto');
    const person = { '@type': 'Person', name: 'annette thurmon' };
    assert.equal(meta(`${ld({ '@type': 'BlogPosting', author: person })}${story}`).author, 'annette thurmon');
  });
  it('keeps a shown byline first, and takes no lower-case phrase or login for a name', () => {
    const html = `<meta name="author" content="kirstin boatto">${story.replace('</h1>', '</h1><p>By Jane Doe</p>')}`;
    assert.equal(meta(html).author, 'Jane Doe');
    assert.equal(meta(`<meta name="author" content="posted by admin">${story}`).author, null);
    assert.equal(meta(`<meta name="author" content="the editors">${story}`).author, null);
  });
});
