// site_name: the declared chain, the site's own organisation, and values that are no name.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { meta, ld } from './pages.js';

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
  it("takes the other end of a home page's title for the brand, never the page's own name", () => {
    // The site's host names neither part, so only the words tell which end is the brand.
    assert.equal(site('<title>Test Site \u2014 Home</title>'), 'Test Site');
    assert.equal(site('<title>Northwind Traders | Homepage</title>'), 'Northwind Traders');
    assert.equal(site('<title>Startseite - Beispiel Verlag</title>'), 'Beispiel Verlag');
    assert.equal(site('<title>Home | Welcome</title>'), null);
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

describe("site_name: the site's own organisation, a host written in lower case", () => {
  it("takes the site's own Organization node (Yoast's #organization) when nothing else names the site", () => {
    const html = ld({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebPage', name: 'Story' },
        { '@type': 'Organization', '@id': 'https://news.example.com/#organization', name: 'Acme News' },
      ],
    });
    assert.equal(meta(html, 'https://news.example.com/2024/story').site_name, 'Acme News');
  });
  it('takes an Organization whose url is the site root, without its legal form', () => {
    assert.equal(
      meta(
        ld({ '@type': 'Organization', name: 'Acme News GmbH', url: 'https://news.example.com/' }),
        'https://news.example.com/2024/story',
      ).site_name,
      'Acme News',
    );
    assert.equal(
      meta(
        ld({ '@type': 'NewsMediaOrganization', name: 'Acme Media, Inc.', url: 'https://www.news.example.com' }),
        'https://news.example.com/2024/story',
      ).site_name,
      'Acme Media',
    );
  });
  it('does not take an organisation the page is about (another host, no #organization id)', () => {
    assert.equal(
      meta(
        ld({ '@type': 'Organization', name: 'Other Corp', url: 'https://other.example.org/' }),
        'https://news.example.com/2024/story',
      ).site_name,
      null,
    );
    assert.equal(
      meta(ld({ '@type': 'Organization', '@id': '#o', name: 'Other Corp' }), 'https://news.example.com/2024/story')
        .site_name,
      null,
    );
  });
  it('lets an og:site_name that is a lower-case host give way to a name the page declares', () => {
    assert.equal(
      meta(
        `<meta property="og:site_name" content="news.example.com">${ld({ '@type': 'WebSite', name: 'Acme News' })}`,
        'https://news.example.com/2024/story',
      ).site_name,
      'Acme News',
    );
    assert.equal(
      meta(
        '<meta property="og:site_name" content="example.com"><meta name="application-name" content="Acme News">',
        'https://news.example.com/2024/story',
      ).site_name,
      'Acme News',
    );
    // Alone it stays; a host written as a brand ("Salon.com") is a name.
    assert.equal(
      meta('<meta property="og:site_name" content="example.com">', 'https://news.example.com/2024/story').site_name,
      'example.com',
    );
    assert.equal(
      meta(
        `<meta property="og:site_name" content="Salon.com">${ld({ '@type': 'WebSite', name: 'Salon Media Group' })}`,
        'https://news.example.com/2024/story',
      ).site_name,
      'Salon.com',
    );
  });
});

describe('site_name: a declared name with its slogan', () => {
  it('keeps the part naming the site host ("Raw Story - Celebrating 18 Years..." on rawstory.com)', () => {
    assert.equal(
      meta(
        '<meta property="og:site_name" content="Raw Story - Celebrating 18 Years of Independent Journalism">',
        'https://www.rawstory.com/2017/01/story/',
      ).site_name,
      'Raw Story',
    );
    assert.equal(
      meta(
        '<meta property="og:site_name" content="Boston News, Weather, Sports | WHDH 7News">',
        'https://whdh.com/news/story/',
      ).site_name,
      'WHDH 7News',
    );
  });
  it('keeps the whole name when no part names the host', () => {
    assert.equal(
      meta(
        '<meta property="og:site_name" content="Acme News - The best news in town">',
        'https://news.example.com/2024/story',
      ).site_name,
      'Acme News - The best news in town',
    );
  });
});
