// favicon: the largest icon the page declares, absolute, never fetched; else /favicon.ico.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { meta } from './pages.js';

describe('favicon: the largest icon the page declares, absolute, never fetched', () => {
  it('takes the largest of icon, shortcut icon and apple-touch-icon', () => {
    const m = meta(
      '<link rel="shortcut icon" href="/favicon.ico"><link rel="icon" href="/i/32.png" sizes="32x32">' +
        '<link rel="apple-touch-icon" href="/i/touch.png" sizes="152x152">' +
        '<link rel="icon" href="//cdn.example.net/i/96.png" sizes="96x96">',
    );
    assert.equal(m.favicon, 'https://news.example.com/i/touch.png');
  });
  it('takes a mask-icon only when nothing else is declared', () => {
    assert.equal(
      meta('<link rel="mask-icon" href="/pin.svg" color="#000"><link rel="icon" href="/f.ico">').favicon,
      'https://news.example.com/f.ico',
    );
    assert.equal(
      meta('<link rel="mask-icon" href="/pin.svg" color="#000">').favicon,
      'https://news.example.com/pin.svg',
    );
  });
  it('ignores a linked manifest and falls back to /favicon.ico of the final origin', () => {
    assert.equal(
      meta('<link rel="manifest" href="/site.webmanifest">', 'http://127.0.0.1:8080/a/b').favicon,
      'http://127.0.0.1:8080/favicon.ico',
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

describe('favicon: declarations that point back at a page', () => {
  it('skips an icon href that is a fragment or the page itself, for the next icon or /favicon.ico', () => {
    assert.equal(meta('<link rel="icon" href="#">').favicon, 'https://news.example.com/favicon.ico');
    assert.equal(
      meta('<link rel="icon" href="#"><link rel="icon" href="/i/16.png" sizes="16x16">').favicon,
      'https://news.example.com/i/16.png',
    );
    assert.equal(
      meta('<link rel="apple-touch-icon" href="/story"><link rel="shortcut icon" href="/favicon.png">').favicon,
      'https://news.example.com/favicon.png',
    );
  });
  it('skips an icon href that is the site root ("/")', () => {
    assert.equal(
      meta('<link rel="apple-touch-icon" href="/"><link rel="icon" href="/f.ico">').favicon,
      'https://news.example.com/f.ico',
    );
  });
});

describe('favicon: the ruled chain (largest declared icon, else /favicon.ico of the final origin)', () => {
  const icon = (head: string, url = 'https://www.example.com/news/story.html') =>
    meta(`<html><head>${head}</head><body><h1>Story</h1></body></html>`, url).favicon;
  it('takes the largest declared size, an apple-touch-icon included', () => {
    assert.equal(
      icon(
        '<link rel="icon" href="/fav-32.png" sizes="32x32">' +
          '<link rel="apple-touch-icon" href="/apple.png" sizes="180x180">',
      ),
      'https://www.example.com/apple.png',
    );
    assert.equal(
      icon(
        '<link rel="apple-touch-icon" href="/apple.png" sizes="180x180">' +
          '<link rel="icon" href="/fav-192.png" sizes="192x192">',
      ),
      'https://www.example.com/fav-192.png',
    );
    assert.equal(
      icon('<link rel="shortcut icon" href="/favicon.ico"><link rel="apple-touch-icon-precomposed" href="/apple.png">'),
      'https://www.example.com/apple.png',
    );
  });
  it('counts sizes="any" and an SVG as scalable', () => {
    assert.equal(
      icon(
        '<link rel="apple-touch-icon" href="/apple.png" sizes="180x180">' +
          '<link rel="icon" href="/icon.svg" type="image/svg+xml">',
      ),
      'https://www.example.com/icon.svg',
    );
    assert.equal(
      icon('<link rel="icon" href="/a.png" sizes="96x96"><link rel="icon" href="/b.ico" sizes="any">'),
      'https://www.example.com/b.ico',
    );
  });
  it('takes a mask-icon only when nothing else is declared', () => {
    assert.equal(
      icon('<link rel="mask-icon" href="/pin.svg" color="#000"><link rel="icon" href="/fav.png" sizes="16x16">'),
      'https://www.example.com/fav.png',
    );
    assert.equal(icon('<link rel="mask-icon" href="/pin.svg" color="#000">'), 'https://www.example.com/pin.svg');
  });
  it('resolves relative and protocol-relative hrefs, against <base href> when there is one', () => {
    assert.equal(icon('<link rel="icon" href="img/fav.png">'), 'https://www.example.com/news/img/fav.png');
    assert.equal(icon('<link rel="icon" href="//cdn.example.net/fav.png">'), 'https://cdn.example.net/fav.png');
    assert.equal(
      icon('<base href="https://static.example.org/site/"><link rel="icon" href="fav.png">'),
      'https://static.example.org/site/fav.png',
    );
  });
  it('rejects data: URIs and falls back to /favicon.ico of the final origin', () => {
    assert.equal(
      icon('<link rel="icon" href="data:image/png;base64,iVBORw0KGgo=">'),
      'https://www.example.com/favicon.ico',
    );
    assert.equal(
      icon('<link rel="icon" href="data:image/png;base64,iVBORw0KGgo="><link rel="icon" href="/real.png">'),
      'https://www.example.com/real.png',
    );
    // The final origin after redirects (the URL extraction is given), not the <base href> host.
    assert.equal(
      icon('<base href="https://static.example.org/">', 'https://final.example.com/after/redirect'),
      'https://final.example.com/favicon.ico',
    );
    assert.equal(icon('', 'http://127.0.0.1:8080/page'), 'http://127.0.0.1:8080/favicon.ico');
  });
});
