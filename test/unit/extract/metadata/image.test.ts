// image: the lead image a page declares or shows (lazy-loaded, srcset-only, search thumbnails).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { meta, ld } from './pages.js';

describe('image: a srcset list written into src', () => {
  it('takes the first URL of a src holding a srcset with percent-encoded spaces', () => {
    assert.equal(
      meta('<article><img src="/a/big.jpg%203500w,%20/a/big.jpg?width=768%20768w" width="3500"></article>').image,
      'https://news.example.com/a/big.jpg',
    );
    assert.equal(
      meta('<article><img src="/a/photo%20200w.jpg"></article>').image,
      'https://news.example.com/a/photo%20200w.jpg',
    );
  });
});

describe('image: lazy-loaded lead images and search thumbnails', () => {
  it('reads data-src when src is a data: URI or a lazy placeholder file', () => {
    assert.equal(
      meta(
        '<body><article><h1>S</h1><img data-src="/big.jpg" src="data:image/gif;base64,R0lGOD" width="800">' +
          '</article></body>',
        'https://news.example.com/2024/story',
      ).image,
      'https://news.example.com/big.jpg',
    );
    assert.equal(
      meta(
        '<body><article><h1>S</h1><img src="/plugins/lazy-load/lazy_placeholder.gif" data-src="/big.jpg" ' +
          'width="800"></article></body>',
        'https://news.example.com/2024/story',
      ).image,
      'https://news.example.com/big.jpg',
    );
    assert.equal(
      meta(
        '<body><article><h1>S</h1><img src="/img/blank.gif" data-lazy-src="/big.jpg"></article></body>',
        'https://news.example.com/2024/story',
      ).image,
      'https://news.example.com/big.jpg',
    );
  });
  it('keeps a real src over data-src', () => {
    assert.equal(
      meta(
        '<body><article><h1>S</h1><img src="/real.jpg" data-src="/other.jpg"></article></body>',
        'https://news.example.com/2024/story',
      ).image,
      'https://news.example.com/real.jpg',
    );
  });
  it('takes <meta name=thumbnail> only when nothing else gives an image', () => {
    assert.equal(
      meta('<meta name="thumbnail" content="https://cdn.example.com/t.jpg">', 'https://news.example.com/2024/story')
        .image,
      'https://cdn.example.com/t.jpg',
    );
    assert.equal(
      meta(
        '<meta name="thumbnail" content="https://cdn.example.com/t.jpg"><meta property="og:image" content="https://cdn.example.com/og.jpg">',
        'https://news.example.com/2024/story',
      ).image,
      'https://cdn.example.com/og.jpg',
    );
  });
});

describe('image and published_at: srcset-only images, site images, microdata dateCreated', () => {
  it('reads the first srcset candidate of an <img> without src', () => {
    assert.equal(
      meta(
        '<body><article><h1>S</h1><figure><img srcset="/a-800.jpg 800w, /a-400.jpg 400w"></figure></article></body>',
        'https://news.example.com/2024/story',
      ).image,
      'https://news.example.com/a-800.jpg',
    );
  });
  it("takes the article's own <img> before a JSON-LD Organization's or Person's image (a logo, a portrait)", () => {
    const html = `${ld({ '@type': 'Organization', name: 'Acme', image: 'https://news.example.com/logo.png' })}<body><article><h1>S</h1><img src="/lead.jpg" width="800"></article></body>`;
    assert.equal(meta(html, 'https://news.example.com/2024/story').image, 'https://news.example.com/lead.jpg');
    assert.equal(
      meta(
        ld({ '@type': 'Organization', name: 'Acme', image: 'https://news.example.com/logo.png' }),
        'https://news.example.com/2024/story',
      ).image,
      'https://news.example.com/logo.png',
    );
  });
  it('reads <meta itemprop=dateCreated> only when the page shows no date', () => {
    assert.equal(
      meta('<meta itemprop="dateCreated" content="2024-03-01">', 'https://news.example.com/2024/story').published_at,
      '2024-03-01',
    );
    assert.equal(
      meta(
        '<meta itemprop="dateCreated" content="01/01/2004"><body><h1>Recipe</h1><p>Posted June 13, 2019</p></body>',
        'https://news.example.com/2024/story',
      ).published_at,
      '2019-06-13',
    );
  });
});
