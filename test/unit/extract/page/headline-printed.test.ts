// The headline is the <h1> as a reader sees it: what the heading holds but does not print as its
// words (a button, text for screen readers only, a hidden part) is not in it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { titles } from '../metadata/pages.js';

describe("headline (the cleaners' title): only the words the <h1> prints", () => {
  it('leaves out a button inside the <h1>', () => {
    const html =
      '<h1>Crate <span>harbor</span>&nbsp;<button id="copy-path" title="Copy item path to clipboard">' +
      'Copy item path</button></h1><p>A runtime for writing network applications.</p>';
    assert.equal(titles(html, 'https://docs.example/harbor/latest/harbor/').title, 'Crate harbor');
  });
  it('leaves out a label kept for screen readers only and a part marked hidden', () => {
    const html =
      '<title>Shop Sennhaven at Headphones Hall with 365-Day Returns</title>' +
      '<h1><span class="visually-hidden">Collection:</span> Sennhaven<span hidden> (12 products)</span></h1>';
    assert.equal(titles(html, 'https://headphones.example/collections/sennhaven').title, 'Sennhaven');
  });
});

describe("headline (the cleaners' title): a declared title that only names the site", () => {
  it('takes the story <title> over a twitter:title that is the site name, when no <h1> names the page', () => {
    const html =
      '<meta property="og:site_name" content="Tallowby"><meta name="twitter:title" content="Tallowby">' +
      "<title>All Men's Wool Socks</title><p>Socks for every day.</p>";
    assert.equal(titles(html, 'https://shop.tallowby.example/collections/mens-socks').title, "All Men's Wool Socks");
  });
});
