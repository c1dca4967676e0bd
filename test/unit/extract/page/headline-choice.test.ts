// Which headline is the cleaners' title: the page's <h1> as printed against the declared titles, with
// the site name, kickers, sections and brands around it taken off.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { titles } from '../metadata/pages.js';

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

describe("headline (the cleaners' title): the <h1> as it reads", () => {
  it('reads a line break inside the <h1> as a space between words', () => {
    assert.equal(
      titles(
        '<title>Makers Market | American Made + Handcrafted Gifts</title>' +
          '<h1 style="text-align:center">Rebuilding the Legacy<br>of American Made</h1>',
      ).title,
      'Rebuilding the Legacy of American Made',
    );
  });
  it('leaves out the permalink mark beside the heading ("¶", "#")', () => {
    assert.equal(
      titles(
        '<title>Tutorial - User Guide - FastAPI</title><h1 id="tutorial-user-guide">Tutorial - User Guide' +
          '<a class="headerlink" href="#tutorial-user-guide" title="Permanent link">&para;</a></h1>',
      ).title,
      'Tutorial - User Guide',
    );
    assert.equal(
      titles('<title>Setup</title><h1>Getting started with the setup <a href="#start">#</a></h1>').title,
      'Getting started with the setup',
    );
  });
});

describe("headline (the cleaners' title): a short <h1> the title opens with", () => {
  it('takes a product or section name the declared title adds a tagline to', () => {
    assert.equal(
      titles('<title>Chess Sets - The Regency Chess Co USA - Online chess shop</title><h1>Chess Sets</h1>').title,
      'Chess Sets',
    );
    assert.equal(
      titles('<meta property="og:title" content="MacBook Air 13-inch and MacBook Air 15-inch"><h1>MacBook Air</h1>')
        .title,
      'MacBook Air',
    );
  });
  it('not a shorter word of the story, nor one the title writes in another case', () => {
    assert.equal(
      titles('<title>Index Funds: How to Invest | Money Guide</title><h1>Index funds</h1>').title,
      'Index Funds: How to Invest | Money Guide',
    );
    assert.equal(
      titles('<title>Reviews of our yoga classes and retreats</title><h1>Reviews</h1>').title,
      'Reviews of our yoga classes and retreats',
    );
  });
});

describe("headline (the cleaners' title): the site's home page", () => {
  it("keeps the site's name in the declared title on the home page", () => {
    const html = '<title>Together AI | The AI Native Cloud</title><meta property="og:site_name" content="Together AI">';
    assert.equal(titles(html, 'https://www.together.example/').title, 'Together AI | The AI Native Cloud');
    assert.equal(titles(html, 'https://www.together.example/pricing').title, 'The AI Native Cloud');
  });
  it('cuts it on an article addressed by a query on the home path ("/?p=2895")', () => {
    const html =
      '<title>Die Welt der Krimis : Krimiblog | Archiv</title><meta property="og:site_name" content="Krimiblog">';
    assert.equal(titles(html, 'https://krimiblog.example/?p=2895').title, 'Die Welt der Krimis');
  });
});

describe("headline (the cleaners' title): a title of several parts without <h1>", () => {
  it('takes the first part when three or more parts share one separator and it is the longest', () => {
    assert.equal(
      titles('<title>What happened with the ISO in 2024 / Discussion / Linux Forums</title>').title,
      'What happened with the ISO in 2024',
    );
    assert.equal(
      titles('<title>Hybrid Quantum And Classical Computing - Programming - Nigeria</title>').title,
      'Hybrid Quantum And Classical Computing',
    );
  });
  it('keeps the title whole when the parts are joined differently or a later part is longer', () => {
    assert.equal(
      titles('<title>Pasta / Rice / Quick dinners for busy weeknights</title>').title,
      'Pasta / Rice / Quick dinners for busy weeknights',
    );
    assert.equal(
      titles('<title>Forum • View topic - Football Season: MLS is Back!</title>').title,
      'Forum • View topic - Football Season: MLS is Back!',
    );
  });
});

describe("headline (the cleaners' title): the <h1> with its closing mark", () => {
  it('takes the <h1> that ends the declared title with a question mark or a full stop', () => {
    assert.equal(
      titles(
        "<title>Cloud Computing Innovations: What's Next in 2025 | Tech Blog</title>" +
          "<h1>Cloud Computing Innovations: What's Next in 2025?</h1>",
      ).title,
      "Cloud Computing Innovations: What's Next in 2025?",
    );
  });
});

describe("headline (the cleaners' title): an <h1> that only names the site", () => {
  it("takes the declared title, not a store's <h1> with the site's name the title ends with", () => {
    const html =
      '<title></title>' +
      '<meta property="og:title" content="Wireless Mechanical Keyboard Hot Swap RGB 75 Keys - Shopmart 7">' +
      '<meta property="og:site_name" content="shopmart."><h1>Shopmart</h1>';
    assert.equal(
      titles(html, 'https://www.shopmart.example/item/1005.html').title,
      'Wireless Mechanical Keyboard Hot Swap RGB 75 Keys - Shopmart 7',
    );
  });
  it("does not cut a declared title down to the site's name it holds", () => {
    const html =
      '<title>Introduction - Zero to Proof</title><meta property="og:site_name" content="Zero to Proof">' +
      '<meta property="og:title" content="Zero to Proof: An informal introduction to proofs in Lean">' +
      '<h1 class="menu-title">Zero to Proof</h1><h1 id="introduction">Introduction</h1>';
    assert.equal(titles(html, 'https://zerotoproof.example/intro.html').title, 'Introduction');
  });
});

describe("headline (the cleaners' title): parts of the title printed as <h1>s", () => {
  it('takes the last printed of several <h1>s that are each a part of the <title>: the banner comes first', () => {
    const html =
      '<title>ORM Quick Start — Lanternfish 2.0 Documentation</title>' +
      '<div class="header"><h1>Lanternfish 2.0 Documentation</h1></div><h1>ORM Quick Start</h1>';
    assert.equal(titles(html, 'https://docs.lanternfish.example/orm/quickstart.html').title, 'ORM Quick Start');
  });
  it('does not take a tag <h1> written otherwise than the title part it matches', () => {
    const html =
      '<title>backup - How to back up my entire system?</title>' +
      '<h1>How to back up my entire system?</h1><h1>Backup</h1><h1>Restore</h1>';
    assert.equal(titles(html, 'https://ask.example/q/1').title, 'How to back up my entire system?');
  });
  it("keeps an <h1> that is the title's first part and names the site's host: the page prints it as its story", () => {
    const html =
      '<title>Harbor Studio Community | Download Latest Free Version</title>' +
      '<meta property="og:site_name" content="Harbor Studio"><h1>Harbor Studio Community</h1>';
    assert.equal(titles(html, 'https://harborstudio.example.com/community/').title, 'Harbor Studio Community');
  });
  it("still cuts a host-named part at the title's end, also when a banner <h1> prints it", () => {
    const html = '<title>Discuss the Harbor 7.1.0 release here - harbor.example</title><h1>harbor.example</h1>';
    assert.equal(titles(html, 'https://forums.harbor.example/t/7').title, 'Discuss the Harbor 7.1.0 release here');
  });
});

describe("headline (the cleaners' title): a declared title that only names the site", () => {
  it('takes the <h1> under a <title> that is the site name with a separator left over, "&" for "and"', () => {
    const html =
      '<title>| Bolts & Volts Magazine</title><meta property="og:site_name" content="Bolts and Volts Magazine">' +
      '<h1>Electronic Gadgets</h1>';
    assert.equal(titles(html, 'https://www.boltsvolts.example/category/gadgets').title, 'Electronic Gadgets');
  });
});

describe("headline (the cleaners' title): an <h1> broken in two lines", () => {
  it('keeps both lines when the second starts in lower case: it goes on from the first, no kicker', () => {
    const html =
      '<title>Interior Design Services Melbourne, FL | Tod Home</title>' +
      '<h1>Interior Design Services <span>for Melbourne and Brevard County</span></h1>';
    assert.equal(
      titles(html, 'https://todhome.example/interior-design').title,
      'Interior Design Services for Melbourne and Brevard County',
    );
  });
});

describe("headline (the cleaners' title): parts of the <h1> its markup names", () => {
  it('drops the part marked as the kicker at the start of the <h1>', () => {
    const html =
      '<title>Klimaschutz: Bohren, bis es heiß wird | Wochenblatt</title>' +
      '<h1><span class="article-kicker">Klimaschutz</span>: Bohren, bis es heiß wird</h1>';
    assert.equal(titles(html).title, 'Bohren, bis es heiß wird');
  });
  it("keeps a product's name, not the tagline its markup marks under it", () => {
    const html =
      '<title>Onyx Edition - Fuelco</title>' +
      '<h1>Onyx Edition<span class="product-header__tagline">Complete high-protein powder meal</span></h1>';
    assert.equal(titles(html, 'https://fuelco.example/products/onyx').title, 'Onyx Edition');
  });
});

describe("headline (the cleaners' title): which end of the <title> is the brand", () => {
  it('takes the end of a title whose two parts are both short as the brand, not the shorter start', () => {
    // The book's name is printed as a banner <h1>; the chapter is the story.
    const html = '<title>What is Ownership? - The Harbor Programming Book</title><h1>The Harbor Programming Book</h1>';
    assert.equal(titles(html, 'https://docs.harbor.example/book/ch04-01.html').title, 'What is Ownership?');
  });
  it('takes the declared title printed whole as an <h1> over an earlier <h1> that is a section part of the <title>', () => {
    const html =
      '<title>News - Marsh Institute</title><meta property="og:title" content="Auf das erste Elektron kommt es an">' +
      '<h1>News</h1><h1>Auf das erste Elektron kommt es an</h1>';
    assert.equal(
      titles(html, 'https://www.marsh.example/news/auf-das-erste-elektron').title,
      'Auf das erste Elektron kommt es an',
    );
  });
});

describe("headline (the cleaners' title): a site banner <h1> over the page's own", () => {
  it('takes a later <h1> that is one whole part of the <title> when the first holds the brand part', () => {
    const html =
      '<title>SHIP | City of Marshfield</title><h1>The City of Marshfield, Michigan</h1><h1>SHIP</h1>' +
      '<p>The Senior Home Improvement Program helps owners repair their homes.</p>';
    assert.equal(titles(html, 'https://www.cityofmarshfield.example/departments/ship').title, 'SHIP');
  });
});
