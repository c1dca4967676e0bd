// Metadata of targets that are no HTML page: files by their headers, and feeds by their channel.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { feedMetadata, nonHtmlMetadata } from '../../../../src/extract/metadata/index.js';
import { parseHtml } from '../../../../src/parse/parse-html.js';

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
  it("reads a title written as escaped HTML as its words, as the cleaners print it, and Atom's text as text", () => {
    const rss = feed(
      '<rss version="2.0"><channel><title>Ann&apos;s &lt;i&gt;notes&lt;/i&gt;</title>' +
        '<description>&lt;p&gt;Short &lt;b&gt;posts&lt;/b&gt;.&lt;/p&gt;</description></channel></rss>',
    )!;
    assert.equal(rss.title, "Ann's notes");
    assert.equal(rss.description, 'Short posts.');
    assert.equal(rss.feeds[0]!.title, "Ann's notes");
    const atom = feed(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">Ann&apos;s &lt;i&gt;notes&lt;/i&gt;</title>' +
        '<subtitle>Tags such as &lt;div&gt; explained</subtitle></feed>',
    )!;
    assert.equal(atom.title, "Ann's notes");
    assert.equal(atom.description, 'Tags such as <div> explained');
  });
  it('names who the feed says writes it: Atom authors, an RSS creator, a managing editor by name only', () => {
    const atom = feed(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><author><name>Ann Lee</name></author>' +
        '<author><name>Bob Roe</name><email>bob@x.example</email></author>' +
        '<entry><author><name>Cy</name></author></entry></feed>',
    )!;
    assert.equal(atom.author, 'Ann Lee, Bob Roe');
    const creator = feed(
      '<rss xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>A</title><dc:creator>Ann Lee</dc:creator>' +
        '<managingEditor>ed@x.example (Ed Stone)</managingEditor></channel></rss>',
    )!;
    assert.equal(creator.author, 'Ann Lee');
    const editor = feed('<rss><channel><managingEditor>ed@x.example (Ed Stone)</managingEditor></channel></rss>')!;
    assert.equal(editor.author, 'Ed Stone');
    const address = feed('<rss><channel><managingEditor>ed@x.example</managingEditor></channel></rss>')!;
    assert.equal(address.author, null);
  });
  it("resolves an Atom feed's addresses against its xml:base", () => {
    const m = feed(
      '<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example.org/ann/"><title>A</title>' +
        '<link href="./"/><logo>img/logo.png</logo></feed>',
    )!;
    assert.equal(m.canonical_url, 'https://blog.example.org/ann/');
    assert.equal(m.logo, 'https://blog.example.org/ann/img/logo.png');
  });
  it('is null for XML that is not a feed', () => {
    assert.equal(feed('<?xml version="1.0"?><urlset><url><loc>https://x.example/</loc></url></urlset>'), null);
  });
});
