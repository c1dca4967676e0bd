// A feed read as a hub (extract/feed/feed-blocks.ts): Atom's and RSS 1.0's shapes beside RSS 2.0's
// fixture (test/fixtures/pages/rss-feed).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanFeed } from '../../../../src/workers/clean-feed.js';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { xmlFeed } from '../../../../src/extract/feed/feed-xml.js';
import { jsonFeed } from '../../../../src/extract/feed/json-feed.js';
import { xmlSitemap } from '../../../../src/extract/feed/sitemap-xml.js';
import type { FeedReading } from '../../../../src/extract/feed/feed-blocks.js';

/** A feed's or a sitemap's reading as a cleaner answers it, with the title line. */
function cleaned(
  reading: FeedReading | null,
  finalUrl: string,
  format: 'text' | 'markdown' = 'text',
  profile: 'index' | 'content' = 'index',
) {
  return cleanFeed(reading, { finalUrl, profile, format, includeTitle: true, maxChars: 100_000 });
}

function read(xml: string, profile: 'index' | 'content' = 'index') {
  const url = 'https://ann.example/feed.atom';
  return cleaned(xmlFeed(parseHtml(xml, { xml: true }), url), url, 'text', profile);
}

/** Markup as an RSS description carries it, escaped as text. */
const xmlText = (html: string): string => html.replace(/&/g, '&amp;').replace(/</g, '&lt;');

describe('a feed read as a hub', () => {
  it("reads Atom: the title's markup as text, each entry's page, date, and summary (else content)", () => {
    const r = read(
      '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">' +
        '<title type="html">Ann&apos;s &lt;i&gt;notes&lt;/i&gt;</title>' +
        '<entry><title>Lifetimes, slowly</title><link rel="edit" href="/edit/1"/><link href="/posts/lifetimes/"/>' +
        '<updated>2026-03-06T10:00:00Z</updated><published>2026-03-05T10:00:00Z</published>' +
        '<summary type="html">&lt;p&gt;Why &lt;code&gt;&amp;apos;a&lt;/code&gt; is not scary.&lt;/p&gt;</summary>' +
        '<content type="html">&lt;p&gt;The full post.&lt;/p&gt;</content></entry>' +
        '<entry><title>Only content</title><link href="https://ann.example/posts/only/"/>' +
        '<updated>2026-03-01T10:00:00Z</updated><content type="html">&lt;p&gt;All of it.&lt;/p&gt;</content></entry>' +
        '</feed>',
      'content',
    );
    assert.ok(r.ok);
    assert.equal(r.title, "Ann's notes");
    assert.equal(
      r.content,
      "Ann's notes\n[Lifetimes, slowly](https://ann.example/posts/lifetimes/)\n2026-03-05T10:00:00Z\nWhy 'a is not scary.\n" +
        '[Only content](https://ann.example/posts/only/)\n2026-03-01T10:00:00Z\nAll of it.',
    );
    assert.equal(r.profile, 'index');
    assert.equal(r.fallbackUsed, true);
  });

  it("resolves entries' addresses against each xml:base from the feed down, and reads Atom's text as text", () => {
    const r = read(
      '<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example.org/ann/"><title>Ann</title>' +
        '<entry xml:base="2026/"><title>Using &lt;dialog&gt;</title><link href="dialog/"/>' +
        '<summary type="html">&lt;a href="demo/"&gt;The demo&lt;/a&gt;</summary></entry>' +
        '<entry><title type="html">&lt;b&gt;Second&lt;/b&gt;</title><link href="second/"/></entry>' +
        '<entry xml:base="javascript:alert(1)"><title>Third</title><link href="third/"/></entry></feed>',
    );
    assert.ok(r.ok);
    assert.equal(
      r.content,
      'Ann\n[Using <dialog>](https://blog.example.org/ann/2026/dialog/)\n' +
        '[The demo](https://blog.example.org/ann/2026/demo/)\n' +
        '[Second](https://blog.example.org/ann/second/)\n[Third](https://blog.example.org/ann/third/)',
    );
  });

  it("resolves an RSS or JSON Feed item's relative addresses against its page, as feed readers do", () => {
    // Served from another host than the blog's (a feed service): `/docs/intro` is the blog's page.
    const feedUrl = 'https://feeds.example.net/ann.xml';
    const summary =
      'Read the <a href="/docs/intro">intro</a>, the <a href="notes">notes</a> <img src="c.png" alt="chart">';
    const rss = cleaned(
      xmlFeed(
        parseHtml(
          '<rss version="2.0"><channel><title>Ann</title><link>https://ann.example/</link>' +
            `<item><title>One</title><link>https://ann.example/posts/one</link><description>${xmlText(summary)}</description></item>` +
            `<item><title>Two</title><description>${xmlText('<a href="/docs/two">Two</a>')}</description></item>` +
            '</channel></rss>',
          { xml: true },
        ),
        feedUrl,
      ),
      feedUrl,
      'markdown',
    );
    assert.ok(rss.ok);
    assert.match(rss.content, /\[intro\]\(https:\/\/ann\.example\/docs\/intro\)/);
    assert.match(rss.content, /\[notes\]\(https:\/\/ann\.example\/posts\/notes\)/);
    assert.match(rss.content, /!\[chart\]\(https:\/\/ann\.example\/posts\/c\.png\)/);
    // An item without a page: the feed's address.
    assert.match(rss.content, /\[Two\]\(https:\/\/feeds\.example\.net\/docs\/two\)/);
    const feed = jsonFeed(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'Ann',
        items: [
          { id: '1', url: 'https://ann.example/posts/one', content_html: summary },
          { id: '2', external_url: 'https://elsewhere.example/x', content_html: '<a href="/docs/x">On x</a>' },
        ],
      }),
    );
    const json = cleaned(feed?.reading ?? null, feedUrl, 'markdown');
    assert.ok(json.ok);
    assert.match(json.content, /\[intro\]\(https:\/\/ann\.example\/docs\/intro\)/);
    // The page an item points to (`external_url`) is not its page: the feed's address.
    assert.match(json.content, /\[On x\]\(https:\/\/feeds\.example\.net\/docs\/x\)/);
  });

  it("prints each item's writers beside its date: Atom authors, RSS creators, an address alone names nobody", () => {
    const atom = read(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>Ann</title><author><name>Site Team</name></author>' +
        '<entry><title>One</title><link href="/one"/><updated>2026-03-05</updated>' +
        '<author><name>Ann Lee</name></author><author><name>Bo Chen</name></author></entry>' +
        '<entry><title>Two</title><link href="/two"/></entry></feed>',
    );
    assert.ok(atom.ok);
    assert.equal(
      atom.content,
      'Ann\n[One](https://ann.example/one)\n2026-03-05 \u00b7 Ann Lee, Bo Chen\n[Two](https://ann.example/two)',
    );
    const rss = read(
      '<rss xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Gazette</title>' +
        '<item><title>A</title><link>https://ann.example/a</link><dc:creator>Ann Lee</dc:creator></item>' +
        '<item><title>B</title><link>https://ann.example/b</link><pubDate>Tue, 03 Mar 2026</pubDate>' +
        '<author>ed@ann.example (Ed Stone)</author></item>' +
        '<item><title>C</title><link>https://ann.example/c</link><author>ed@ann.example</author></item>' +
        '</channel></rss>',
    );
    assert.ok(rss.ok);
    assert.equal(
      rss.content,
      'Gazette\n[A](https://ann.example/a)\nAnn Lee\n[B](https://ann.example/b)\nTue, 03 Mar 2026 \u00b7 Ed Stone\n' +
        '[C](https://ann.example/c)',
    );
  });

  it("prints the files an item carries under its summary (a podcast's episode), but not its pictures", () => {
    const rss = read(
      '<rss version="2.0"><channel><title>Harbour Talk</title>' +
        '<item><title>Ep. 12: Tides</title><link>https://ann.example/ep12</link><description>We talk tides.</description>' +
        '<enclosure url="https://cdn.ann.example/audio/ep%2012.mp3" length="41000000" type="audio/mpeg"/>' +
        '<enclosure url="https://cdn.ann.example/ep12.jpg" type="image/jpeg"/></item>' +
        '<item><title>Ep. 11</title><link>https://ann.example/ep11</link>' +
        '<enclosure url="/video/ep11.mp4" type="video/mp4"/><enclosure url="javascript:alert(1)" type="audio/mpeg"/>' +
        '<enclosure url="/notes/ep11.pdf" type="application/pdf"/></item></channel></rss>',
    );
    assert.ok(rss.ok);
    assert.equal(
      rss.content,
      'Harbour Talk\n[Ep. 12: Tides](https://ann.example/ep12)\nWe talk tides.\n' +
        'Audio: [ep 12.mp3](https://cdn.ann.example/audio/ep%2012.mp3)\n[Ep. 11](https://ann.example/ep11)\n' +
        'Video: [ep11.mp4](https://ann.example/video/ep11.mp4)\nFile: [ep11.pdf](https://ann.example/notes/ep11.pdf)',
    );
    const atom = read(
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>Ann</title><entry><title>Talk</title><link href="/talk"/>' +
        '<link rel="enclosure" href="/talk.ogg" type="audio/ogg" title="The talk, recorded"/></entry></feed>',
    );
    assert.ok(atom.ok);
    assert.equal(
      atom.content,
      'Ann\n[Talk](https://ann.example/talk)\nAudio: [The talk, recorded](https://ann.example/talk.ogg)',
    );
  });

  it('reads RSS 1.0, whose items stand beside its channel', () => {
    const r = read(
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">' +
        '<channel rdf:about="https://ann.example/"><title>Ann</title></channel>' +
        '<item rdf:about="https://ann.example/a"><title>First</title><link>https://ann.example/a</link></item>' +
        '<item rdf:about="https://ann.example/b"><title>Second</title><link>https://ann.example/b</link>' +
        '<content:encoded><![CDATA[<p>Only the <b>whole</b> post.</p>]]></content:encoded></item>' +
        '</rdf:RDF>',
    );
    assert.ok(r.ok);
    assert.equal(
      r.content,
      'Ann\n[First](https://ann.example/a)\n[Second](https://ann.example/b)\nOnly the whole post.',
    );
  });

  it('is no content without items, and no feed is not read', () => {
    const empty = read('<rss version="2.0"><channel><title>Quiet</title></channel></rss>');
    assert.deepEqual(empty, { ok: false, code: 'no_content', title: 'Quiet' });
    const other = read('<urlset><url><loc>https://ann.example/a</loc></url></urlset>');
    assert.deepEqual(other, { ok: false, code: 'unsupported_content_type', title: '' });
  });

  it('reads JSON Feed: a summary as text, else the content as HTML; JSON that is no feed is not read', () => {
    const feed = jsonFeed(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'Ann',
        items: [
          {
            id: '1',
            url: '/posts/one',
            title: 'One',
            summary: 'The first post.',
            content_html: '<p>Long.</p>',
            authors: [{ name: 'Ann Lee' }],
          },
          { id: '2', external_url: 'https://elsewhere.example/x', content_html: '<p>Linked <em>out</em>.</p>' },
          {
            id: '3',
            content_text: 'A note.',
            date_published: '2026-03-01T10:00:00Z',
            attachments: [{ url: '/a/note.m4a', mime_type: 'audio/x-m4a', title: 'The note, read' }, { url: 7 }],
          },
        ],
      }),
    );
    const r = cleaned(feed?.reading ?? null, 'https://ann.example/feed.json', 'markdown');
    assert.ok(r.ok);
    assert.equal(
      r.content,
      '# Ann\n\n## [One](https://ann.example/posts/one)\n\nAnn Lee\n\nThe first post.\n\n' +
        '## [https://elsewhere.example/x](https://elsewhere.example/x)\n\nLinked _out_.\n\n2026-03-01T10:00:00Z\n\nA note.\n\n' +
        'Audio: [The note, read](https://ann.example/a/note.m4a)',
    );
    assert.equal(jsonFeed('{"title":"not a feed","items":[]}'), null);
    assert.equal(jsonFeed('{"version":"https://jsonfeed.org/version/1.1"'), null);
  });

  it("reads a sitemap as a list of its pages: a news sitemap's titles, dates, addresses that are no web page left out", () => {
    const sitemap = (xml: string, format: 'text' | 'markdown' = 'markdown') =>
      cleaned(xmlSitemap(parseHtml(xml, { xml: true })), 'https://ann.example/sitemap.xml', format);
    const news = sitemap(
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ' +
        'xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">' +
        '<url><loc> /posts/one </loc><lastmod>2026-03-05</lastmod><changefreq>daily</changefreq></url>' +
        '<url><loc>javascript:alert(1)</loc></url><url><lastmod>2026-03-01</lastmod></url>' +
        '<url><loc>https://ann.example/news/ferry</loc><news:news><news:publication_date>2026-03-06</news:publication_date>' +
        '<news:title>Ferry &amp; timetable cut</news:title></news:news></url></urlset>',
    );
    assert.ok(news.ok);
    assert.equal(news.title, '');
    assert.equal(
      news.content,
      '- [https://ann.example/posts/one](https://ann.example/posts/one) \u2014 2026-03-05\n' +
        '- [Ferry & timetable cut](https://ann.example/news/ferry) \u2014 2026-03-06',
    );
    const index = sitemap(
      '<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">' +
        '<sm:sitemap><sm:loc>https://ann.example/sitemap-posts.xml</sm:loc></sm:sitemap></sm:sitemapindex>',
      'text',
    );
    assert.ok(index.ok);
    assert.equal(index.content, '[https://ann.example/sitemap-posts.xml](https://ann.example/sitemap-posts.xml)');
    assert.deepEqual(sitemap('<urlset></urlset>'), { ok: false, code: 'no_content', title: '' });
    assert.equal(xmlSitemap(parseHtml('<status><ok>true</ok></status>', { xml: true })), null);
  });
});
