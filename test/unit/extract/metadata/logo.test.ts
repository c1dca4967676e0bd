// logo (v3): the site's logo as the page declares it; null when none, never the favicon.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractMetadata } from '../../../../src/extract/metadata/index.js';
import { parseHtml } from '../../../../src/parse/parse-html.js';

const logo = (html: string, url = 'https://news.example.com/a/story') => extractMetadata(parseHtml(html), url).logo;
const ld = (o: unknown) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;

describe('logo', () => {
  it("reads the publisher's JSON-LD logo, an @id reference followed, made absolute", () => {
    assert.equal(
      logo(
        ld({
          '@type': 'NewsArticle',
          publisher: { '@type': 'Organization', logo: { '@type': 'ImageObject', url: '/l.png' } },
        }),
      ),
      'https://news.example.com/l.png',
    );
    assert.equal(
      logo(
        ld({
          '@graph': [
            { '@type': 'Article', publisher: { '@id': '#org' } },
            { '@type': 'Organization', '@id': '#org', name: 'News', logo: 'https://cdn.example.com/logo.svg' },
          ],
        }),
      ),
      'https://cdn.example.com/logo.svg',
    );
  });
  it("reads the site's own Organization, og:logo and itemprop=logo", () => {
    assert.equal(
      logo(ld({ '@type': 'Organization', url: 'https://news.example.com/', logo: '/org.png' })),
      'https://news.example.com/org.png',
    );
    assert.equal(logo('<meta property="og:logo" content="/og-logo.png">'), 'https://news.example.com/og-logo.png');
    assert.equal(
      logo('<div itemscope><img itemprop="logo" src="/micro.png"></div>'),
      'https://news.example.com/micro.png',
    );
  });
  it('reads an image in the header marked or named as the logo, not one elsewhere', () => {
    assert.equal(
      logo('<header><a href="/" class="site-logo"><img src="/brand.png" alt="News"></a></header>'),
      'https://news.example.com/brand.png',
    );
    assert.equal(logo('<header><img src="/img/logo-news.svg"></header>'), 'https://news.example.com/img/logo-news.svg');
    assert.equal(logo('<article><img src="/img/logo-partner.png" class="logo"></article>'), null);
    assert.equal(logo('<header><img src="/img/hero.jpg"></header>'), null);
  });
  it('is null when the page declares no logo, even with a favicon', () => {
    assert.equal(logo('<link rel="icon" href="/favicon.png"><title>T</title>'), null);
  });
});
