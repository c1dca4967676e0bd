// description: the page's own summary, not a site blurb, a stand-in or a cut text.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { meta, ld } from './pages.js';

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

describe('description: the headline glued before it, a cut text completed from the JSON-LD name', () => {
  it('keeps the <h1> pasted before the description (v3: verbatim)', () => {
    const html =
      '<meta name="description" content="Vom Boden aus gedachtAnn Cotten verwebt in „Die Anleitungen der ' +
      'Vorfahren“ Lokales und Globales"><body><h1>Vom Boden aus gedacht</h1><h2>Ann Cotten verwebt...</h2>' +
      '</body>';
    assert.equal(
      meta(html, 'https://news.example.com/2024/story').description,
      'Vom Boden aus gedachtAnn Cotten verwebt in „Die Anleitungen der Vorfahren“ Lokales und Globales',
    );
  });
  it('keeps a description that starts with the headline and goes on after a space or a separator', () => {
    const html =
      '<meta name="description" content="Vom Boden aus gedacht: Ann Cotten verwebt Lokales und Globales"><body><h1>' +
      'Vom Boden aus gedacht</h1></body>';
    assert.equal(
      meta(html, 'https://news.example.com/2024/story').description,
      'Vom Boden aus gedacht: Ann Cotten verwebt Lokales und Globales',
    );
  });
  it("keeps a description cut with an ellipsis, not the article node's JSON-LD name (v3: verbatim)", () => {
    const whole =
      'The rocky island of Redonda, once stripped of its flora and fauna, makes a quick comeback. What is the ' +
      'secret to its recovery?';
    const html =
      `<meta name="description" content="The rocky island of Redonda, once stripped of its flora and ` +
      `fauna, makes a quick comeback. What is the secret to its...">` +
      `${ld({ '@type': 'Article', headline: 'Goats ruled this island', name: whole })}`;
    assert.equal(
      meta(html, 'https://news.example.com/2024/story').description,
      'The rocky island of Redonda, once stripped of its flora and fauna, makes a quick comeback. What is the ' +
        'secret to its...',
    );
  });
});

describe('description from the lead paragraph', () => {
  it('takes a one-sentence Japanese lead, and not an English line as short in characters', () => {
    const lead = '東京都は7日、新型コロナウイルスの感染者が新たに100人確認されたと発表しました。';
    assert.equal(meta(`<article><p>${lead}</p></article>`).description, lead);
    assert.equal(meta('<article><p>Photo: the new bridge over the river at dawn.</p></article>').description, '');
  });
  it('reads a formula once, as its TeX, not its drawing beside its MathML and its script', () => {
    const formula =
      '<span class="MathJax" role="presentation"><nobr aria-hidden="true"><span>πr2</span></nobr>' +
      '<span class="MJX_Assistive_MathML" role="presentation"><math><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup>' +
      '</math></span></span><script type="math/tex">\\pi r^2</script>';
    const rest = ', which grows with the square of the length of its radius.';
    assert.equal(
      meta(`<article><p>The area of a circle is ${formula}${rest}</p></article>`).description,
      `The area of a circle is \\pi r^{2}${rest}`,
    );
  });
});
