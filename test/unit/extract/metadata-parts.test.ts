// The building blocks of metadata extraction, case by case: dates, language tags, header
// parsing, non-HTML targets and hostile JSON-LD.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toIsoDate } from '../../../src/extract/metadata/dates.js';
import { normaliseLang } from '../../../src/extract/metadata/lang.js';
import { dispositionFileName, linkHeaderTarget } from '../../../src/extract/metadata/http-headers.js';
import { extractMetadata, feedMetadata, nonHtmlMetadata } from '../../../src/extract/metadata/index.js';
import { parseHtml } from '../../../src/parse/parse-html.js';

describe('toIsoDate', () => {
  const cases: Array<[string, string | null]> = [
    // The page's own offset is kept, never converted to UTC (decisions.md).
    ['2024-03-01T09:30:00Z', '2024-03-01T09:30:00Z'],
    ['2024-03-01T09:30:00+02:00', '2024-03-01T09:30:00+02:00'],
    ['2020-02-15T00:00:00+02:00', '2020-02-15T00:00:00+02:00'],
    ['2019-08-06T23:30:00-0700', '2019-08-06T23:30:00-07:00'],
    ['2024-03-01T09:30:00-0530', '2024-03-01T09:30:00-05:30'],
    ['2024-03-01 09:30', '2024-03-01T09:30:00'],
    ['2024-03-01T09:30:00.123456Z', '2024-03-01T09:30:00.123Z'],
    ['2024-03-01', '2024-03-01'],
    ['20240301', '2024-03-01'],
    ['2024-03', '2024-03'],
    ['Fri, 01 Mar 2024 09:30:00 GMT', '2024-03-01T09:30:00Z'],
    ['Fri, 01 Mar 2024 23:30:00 -0500', '2024-03-01T23:30:00-05:00'],
    ['March 1, 2024', '2024-03-01'],
    ['1. März 2024', '2024-03-01'],
    ['3 de marzo de 2020', '2020-03-03'],
    ['le 3 mars 2020 à 10h15', '2020-03-03T10:15:00'],
    ['2020年3月3日', '2020-03-03'],
    ['03.04.2020', '2020-04-03'],
    ['2024/03/01', '2024-03-01'],
    ['1709285400', '2024-03-01T09:30:00Z'],
    ['2024-02-30', null],
    ['2024-13-01', null],
    ['1850-01-01', null],
    ['2024', null],
    ['yesterday', null],
    ['', null],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} -> ${expected}`, () => assert.equal(toIsoDate(input), expected));
  }
});

describe('normaliseLang', () => {
  it('canonicalises case and underscores', () => {
    assert.equal(normaliseLang('en_us'), 'en-US');
    assert.equal(normaliseLang('ZH-hant-tw'), 'zh-Hant-TW');
    assert.equal(normaliseLang(' de, en '), 'de');
  });
  it('drops junk', () => {
    assert.equal(normaliseLang('{{lang}}'), null);
    assert.equal(normaliseLang(''), null);
    assert.equal(normaliseLang('english language'), null);
  });
});

describe('response headers', () => {
  it('finds the canonical target among several Link values', () => {
    assert.equal(
      linkHeaderTarget(
        '<https://a.example/s.css>; rel=preload; as=style, <https://a.example/c>; rel="canonical"',
        'canonical',
      ),
      'https://a.example/c',
    );
    assert.equal(linkHeaderTarget('<https://a.example/next>; rel="next"', 'canonical'), null);
  });
  it('reads Content-Disposition file names, RFC 5987 first, never a path', () => {
    assert.equal(
      dispositionFileName(`attachment; filename="report.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`),
      'Résumé.pdf',
    );
    assert.equal(dispositionFileName('inline; filename="../../etc/passwd"'), 'passwd');
    assert.equal(dispositionFileName('attachment; filename=plain.txt'), 'plain.txt');
    assert.equal(dispositionFileName('inline'), null);
  });
});

describe('nonHtmlMetadata', () => {
  it('titles a file by its URL name and keeps header facts', () => {
    const m = nonHtmlMetadata('https://files.example.com/docs/Annual%20Report%202023.pdf?dl=1', {
      'last-modified': 'Tue, 02 Jan 2024 10:00:00 GMT',
      'content-language': 'en',
    });
    assert.equal(m.title, 'Annual Report 2023.pdf');
    assert.equal(m.favicon, 'https://files.example.com/favicon.ico');
    assert.deepEqual(m.og, { title: '', description: '' });
    assert.equal(m.modified_at, '2024-01-02T10:00:00Z');
    assert.equal(m.lang, 'en');
  });
  it('prefers the Content-Disposition name', () => {
    assert.equal(
      nonHtmlMetadata('https://x.example/download?id=7', { 'content-disposition': 'attachment; filename="photo.jpg"' })
        .title,
      'photo.jpg',
    );
  });
  it('has an empty title for a bare origin', () => {
    assert.equal(nonHtmlMetadata('https://x.example/', {}).title, '');
  });
});

describe('hostile JSON-LD never breaks the result', () => {
  const extract = (ld: string, head = '<title>Kept</title>') =>
    extractMetadata(
      parseHtml(`<html><head>${head}<script type="application/ld+json">${ld}</script></head></html>`),
      'https://h.example/p',
    );
  it('follows @id references without looping on cycles', () => {
    const m = extract(
      '{"@graph":[{"@type":"Article","@id":"#a","headline":"Cyclic","image":{"@id":"#a"},"author":{"@id":"#b"}},' +
        '{"@id":"#b","name":{"@id":"#b"},"url":{"@id":"#b"}}]}',
      '',
    );
    assert.equal(m.title, 'Cyclic');
    assert.equal(m.image, null);
    assert.equal(m.author, null);
  });
  it('survives deep nesting, wrong types and huge arrays', () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    assert.equal(extract(deep).title, 'Kept');
    assert.equal(
      extract('{"@type":"Article","headline":42,"author":[null,true,{"name":["Ann"]}],"datePublished":{"x":1}}', '')
        .title,
      '42',
    );
    const many = JSON.stringify(Array.from({ length: 20000 }, (_, i) => ({ '@type': 'Thing', name: `n${i}` })));
    assert.equal(extract(many).title, 'Kept');
  });
  it('ignores non-JSON-LD scripts', () => {
    const m = extractMetadata(
      parseHtml('<script type="application/json">{"headline":"No"}</script><title>Yes</title>'),
      'https://h.example/',
    );
    assert.equal(m.title, 'Yes');
  });
});

describe('field caps', () => {
  it('cuts an enormous title and description', () => {
    const m = extractMetadata(
      parseHtml(`<title>${'word '.repeat(10000)}</title><meta name="description" content="${'d'.repeat(50000)}">`),
      'https://h.example/',
    );
    assert.ok(m.title.length <= 2000);
    assert.ok(m.description.length <= 5000);
  });
});

describe('feedMetadata', () => {
  const feed = (xml: string) =>
    feedMetadata(parseHtml(xml, { xml: true }), 'https://news.example.com/feeds/all.xml', {});
  it('describes an RSS 2.0 feed by its channel', () => {
    const m = feed(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Example &amp; News</title><link>` +
        `https://news.example.com/</link>
      <description>All the news.</description><language>en-us</language><lastBuildDate>` +
        `Tue, 02 Jan 2024 10:00:00 GMT</lastBuildDate>
      <image><url>/logo.png</url></image><item><title>Item title</title></item></channel></rss>`,
    )!;
    assert.equal(m.title, 'Example & News');
    assert.equal(m.description, 'All the news.');
    assert.equal(m.canonical_url, 'https://news.example.com/');
    assert.equal(m.lang, 'en-US');
    assert.equal(m.image, 'https://news.example.com/logo.png');
    assert.equal(m.modified_at, '2024-01-02T10:00:00Z');
    assert.deepEqual(m.feeds, [
      { url: 'https://news.example.com/feeds/all.xml', type: 'rss', title: 'Example & News' },
    ]);
  });
  it('describes an Atom feed', () => {
    const m =
      feed(`<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr"><title>Atom Blog</title><subtitle>Notes</subtitle>
      <link rel="self" href="/feeds/all.xml"/><link href="https://blog.example.fr/"/><updated>2024-03-01T12:00:00+01:00</updated>
      <entry><title>Entry</title></entry></feed>`)!;
    assert.equal(m.title, 'Atom Blog');
    assert.equal(m.description, 'Notes');
    assert.equal(m.canonical_url, 'https://blog.example.fr/');
    assert.equal(m.lang, 'fr');
    assert.equal(m.modified_at, '2024-03-01T12:00:00+01:00');
    assert.equal(m.feeds[0]!.type, 'atom');
  });
  it('is null for XML that is not a feed', () => {
    assert.equal(feed('<?xml version="1.0"?><urlset><url><loc>https://x.example/</loc></url></urlset>'), null);
  });
});

describe('mangled pages', () => {
  it('never throws on any fixture page cut and spliced with hostile fragments', async () => {
    const fs = await import('node:fs');
    const { FIXTURES } = await import('./metadata-fixture-files.js');
    const pages = fs.readdirSync(FIXTURES).flatMap((d) => {
      try {
        return [fs.readFileSync(`${FIXTURES}/${d}/source.html`, 'latin1')];
      } catch {
        return [];
      }
    });
    const junk = [
      '<',
      '>',
      '"',
      "'",
      '&#',
      '<meta property="og:image" content="',
      '<link rel="icon" sizes="',
      '<script type="application/ld+json">{"@graph":[{"@id":"x","author":{"@id":"x"}',
      '<base href="',
      'http://[',
      '<time datetime="',
      '\u0000',
      '<svg><title>',
      '<html lang="',
    ];
    // A fixed-seed generator: the same mangled pages every run.
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % n);
    let runs = 0;
    for (const page of pages) {
      for (let i = 0; i < 8; i++) {
        let s = page;
        for (let k = 0; k < 5; k++) {
          const at = rnd(s.length + 1);
          s = s.slice(0, at) + junk[rnd(junk.length)] + s.slice(at + rnd(50));
        }
        if (rnd(3) === 0) s = s.slice(0, rnd(s.length));
        const m = extractMetadata(parseHtml(s), 'https://a.example/x/y?q', {
          link: s.slice(0, 200),
          'content-language': s.slice(0, 20),
        });
        assert.equal(typeof m.title, 'string');
        assert.match(m.favicon, /^https?:\/\//);
        feedMetadata(parseHtml(s, { xml: true }), 'https://f.example/feed', {});
        runs++;
      }
    }
    assert.ok(runs >= 25 * 8);
  });
});
