// Precision first (v3): an author or a date only where the page states it as that field, never
// from testimonials, reviews, product options, legal lines, prose or other stories.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractMetadata } from '../../../../src/extract/metadata/index.js';
import { parseHtml } from '../../../../src/parse/parse-html.js';

const meta = (html: string, url = 'https://shop.example.com/page') => extractMetadata(parseHtml(html), url);
const para = `<p>${'A paragraph of the page that is long enough to count as its text. '.repeat(3)}</p>`;

describe('author: precision', () => {
  it('names nobody from a testimonial or a review', () => {
    const html = [
      `<h1>Window cleaning</h1>${para}`,
      '<div class="testimonials"><p class="author">Scott B.</p></div>',
      '<div itemprop="review"><span itemprop="author">Dana E.</span></div>',
    ].join('');
    assert.equal(meta(html).author, null);
  });
  it("names nobody from a quotation's attribution or a review marked as a schema.org Review", () => {
    const quote =
      '<div class="blockquote"><p>Analytics changed how we play.</p><p class="byline"><span>Rex Du</span></p></div>';
    assert.equal(meta(`<h1>Analytics services</h1>${para}${quote}`).author, null);
    assert.equal(
      meta(`<h1>Analytics services</h1>${para}<blockquote><p>Great.</p><p class="author">Ana Ruiz</p></blockquote>`)
        .author,
      null,
    );
    const review =
      '<div itemscope itemtype="http://schema.org/Review"><span>I upgraded within weeks.</span>' +
      '<span itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Richard I</span></span></div>';
    assert.equal(meta(`<h1>Free CRM</h1>${para}${review}`).author, null);
  });
  it("names nobody from a product's colour options", () => {
    const swatch = '<ul class="swatches"><li><a class="author" href="#">Anchor – Yellow</a></li></ul>';
    const html = `<h1>Anchor lamp</h1>${swatch}${para}`;
    assert.equal(meta(html).author, null);
  });
  it('reads no name from a weekday or the labels around a byline', () => {
    for (const label of ['Sat', 'Category', 'Post Reply', 'Member Login', 'Updated', 'From Apple'])
      assert.equal(meta(`<h1>Story</h1><p class="byline">${label}</p>${para}`).author, null, label);
    assert.equal(meta(`<h1>Story</h1><p class="byline">Jane Doe</p>${para}`).author, 'Jane Doe');
  });
  it('reads no name from prose after "by"', () => {
    assert.equal(
      meta(`<h1>Sign up</h1><p>By <a href="/terms">tapping</a> the button you agree.</p>${para}`).author,
      null,
    );
    assert.equal(meta(`<h1>Docs</h1><p>Set by <code>default</code> to false.</p>${para}`).author, null);
  });
  it("names nobody from the bylines of a site's front page, which sign the stories it lists", () => {
    const cards = ['Jane Doe', 'John Roe']
      .map((n) => `<article><h2><a href="/p/${n.length}">A story</a></h2><p class="byline">By ${n}</p></article>`)
      .join('');
    const html = `<h1>The Example Blog</h1>${para}<div class="byline">By Jane Doe</div>${cards}`;
    for (const url of ['https://blog.example.com/', 'https://blog.example.com/index.html'])
      assert.equal(meta(html, url).author, null, url);
    // The same page at a post's address (a path, or "/?p=12") is signed.
    assert.equal(meta(html, 'https://blog.example.com/a-story').author, 'Jane Doe');
    assert.equal(meta(html, 'https://blog.example.com/?p=12').author, 'Jane Doe');
    // What a front page declares is still reported.
    assert.equal(
      meta(`<meta name="author" content="Jane Doe">${html}`, 'https://blog.example.com/').author,
      'Jane Doe',
    );
  });
  it('names nobody from the "By" lines that credit the items of a list', () => {
    const items = ['Jane Doe', 'John Roe', 'Ada Byron', 'Max Mustermann']
      .map((n, i) => `<li><p><a href="/papers/${i}">Paper ${i}</a></p><p>By ${n}</p></li>`)
      .join('');
    assert.equal(meta(`<h1>Further reading</h1>${para}<ul>${items}</ul>`).author, null);
    // One "By" line, or the same name repeated, still signs the page.
    assert.equal(meta(`<h1>Story</h1><p>By Jane Doe</p>${para}<p>By Jane Doe</p>`).author, 'Jane Doe');
  });
  it("names nobody from the author-page links that credit a list's answers", () => {
    const answers = ['Jane Doe', 'John Roe', 'Ada Byron', 'Max Mustermann']
      .map((n) => `<div><p><a href="/profile/${n.split(' ')[0]!.toLowerCase()}">${n}</a></p>${para}</div>`)
      .join('');
    assert.equal(meta(`<h1>Was the war that bad?</h1>${answers}`).author, null);
    // One author link signs the page.
    assert.equal(meta(`<h1>Story</h1><p><a href="/profile/jane">Jane Doe</a></p>${para}`).author, 'Jane Doe');
  });
  it('names nobody from the brand a product\'s page prints after "By"', () => {
    const body = `<h1>Almond thins</h1><p>By <a href="/brands/almondina">Almondina</a></p>${para}`;
    const product = '<script type="application/ld+json">{"@type":"Product","name":"Almond thins"}</script>';
    assert.equal(meta(`<meta property="og:type" content="product">${body}`).author, null);
    assert.equal(meta(`${product}${body}`).author, null);
  });
  it("still reads the article's own byline", () => {
    assert.equal(
      meta(`<article><h1>Story</h1><p>By <a href="/author/jane">Jane Doe</a></p>${para}</article>`).author,
      'Jane Doe',
    );
  });
});

describe('published_at: precision', () => {
  it('reads no date from a bare WebPage node a CMS stamps on every page, even one typed og:article', () => {
    const ld = '<script type="application/ld+json">{"@type":"WebPage","datePublished":"2021-03-04"}</script>';
    assert.equal(meta(`${ld}<h1>Our services</h1>${para}`).published_at, null);
    assert.equal(meta(`<meta property="og:type" content="article">${ld}<h1>Story</h1>${para}`).published_at, null);
    assert.equal(
      meta('<script type="application/ld+json">{"@type":"BlogPosting","datePublished":"2021-03-05"}</script>')
        .published_at,
      '2021-03-05',
    );
  });
  it("reads no date from a sidebar's or a review's <time>", () => {
    const html = [
      `<h1>Product</h1>${para}`,
      '<aside><time datetime="2020-01-01">Jan 1</time></aside>',
      '<div class="reviews"><time datetime="2020-02-02">Feb 2</time></div>',
    ].join('');
    assert.equal(meta(html).published_at, null);
  });
  it('reads no date written anywhere in the text', () => {
    assert.equal(meta(`<h1>Event hall</h1>${para.repeat(8)}<p>Next concert on 5 March 2026.</p>`).published_at, null);
  });
});
