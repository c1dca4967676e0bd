import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractIndex } from '../../../src/extract/index-page.js';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { renderText } from '../../../src/render/text.js';
import { getOuterHTML } from 'domutils';
import { cleanDocument } from '../../../src/workers/clean-document.js';

const URL_ = 'https://site.example/section/';

function index(body: string, head = '<title>Site</title>'): string | null {
  const r = extractIndex(parseHtml(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`), URL_);
  return r ? renderText(r.blocks) : null;
}

test('keeps headings, teasers and link lists in document order, links absolute', () => {
  const out = index(`
    <h2>Latest</h2>
    <div class="teaser"><h3><a href="/a/1">First story headline here</a></h3><p>A teaser for the first story.</p></div>
    <div class="teaser"><h3><a href="../b/2">Second story headline here</a></h3><p>Another teaser follows.</p></div>
    <h2>More</h2><ul><li><a href="c/3">Third item in a list</a></li></ul>`);
  assert.equal(
    out,
    [
      'Latest',
      '[First story headline here](https://site.example/a/1)',
      'A teaser for the first story.',
      '[Second story headline here](https://site.example/b/2)',
      'Another teaser follows.',
      'More',
      '[Third item in a list](https://site.example/section/c/3)',
    ].join('\n'),
  );
});

test('drops scripts, styles, hidden elements, forms, cookie banners and ads', () => {
  const out = index(`
    <script>document.write("script text")</script><style>p{color:red}</style>
    <div class="cookie-banner"><p>We use cookies to improve the site for you.</p></div>
    <div id="gdpr-consent"><p>Consent to tracking by our partners now.</p></div>
    <div class="ad-slot"><p>Buy the best widgets in town today.</p></div>
    <p hidden>Hidden paragraph text that must go.</p>
    <p style="display:none">Also hidden by its inline style.</p>
    <form action="/subscribe"><p>Sign up for the weekly newsletter today.</p><input name="e"></form>
    <p>The only paragraph a reader should see here.</p>`);
  assert.equal(out, 'The only paragraph a reader should see here.');
});

test('a link repeated on the page is listed once; a trailing repeat ("Read more") goes entirely', () => {
  const out = index(
    `
    <article><a href="/story"><img src="/i.jpg" alt="Photo"></a><h3><a href="/story">The story headline text</a>` +
      `</h3>
    <p>Teaser text of the story. <a href="/story">Read more</a></p></article>
    <aside><h2>Popular</h2><ul><li><a href="/story">The story headline text</a></li><li><a href="/other#top">` +
      `Another popular story</a></li></ul></aside>
    <p>Mentioned again: <a href="/story">the story</a> in a sentence, and <a href="/other">another one</a> too.` +
      `</p>`,
  );
  assert.equal(
    out,
    [
      '[The story headline text](https://site.example/story)',
      'Teaser text of the story.',
      'Popular',
      '[Another popular story](https://site.example/other#top)',
      'Mentioned again: the story in a sentence, and another one too.',
    ].join('\n'),
  );
});

test('site header, footer and navigation are dropped when the page has its own text', () => {
  const out = index(`
    <header><a href="/">Logo text</a><nav><a href="/x">Section X link</a></nav></header>
    <div id="footer-wrap"><div class="footer"><p>Copyright line of the site footer.</p></div></div>
    <nav aria-label="Sections"><ul><li><a href="/one">Section one of the site</a></li></ul></nav>
    <main><h1>Section front</h1><p>Teaser paragraph of the section front page.</p>
      <nav class="toc"><a href="/in-main">Table of contents kept in main</a></nav>
      <article><header><h2>Article header is kept</h2></header><p>Body of an article teaser.</p></article>
    </main>
    <footer><p>Site footer text that is chrome.</p></footer>`);
  assert.equal(
    out,
    [
      'Section front',
      'Teaser paragraph of the section front page.',
      '[Table of contents kept in main](https://site.example/in-main)',
      'Article header is kept',
      'Body of an article teaser.',
    ].join('\n'),
  );
});

test('navigation is kept when it is the page substance', () => {
  const out = index(
    `<header><a href="/">Library</a></header>
    <nav><h1>Site map</h1><ul><li><a href="/borrow">Borrowing books and cards</a></li><li><a href="/visit">` +
      `Visiting the branches</a></li></ul></nav>
    <p>Updated weekly.</p>`,
  );
  assert.equal(
    out,
    'Site map\n[Borrowing books and cards](https://site.example/borrow)\n[Visiting the branches](https://site.example/visit)\nUpdated weekly.',
  );
});

test('a <form> wrapping the whole page (WebForms) is not dropped', () => {
  const teaser = 'A long teaser paragraph with enough words to be the page itself, repeated for length. ';
  const out = index(
    `<form id="aspnetForm" action="/default.aspx"><h2>News</h2><p>${teaser.repeat(6)}</p>` +
      `<input type="hidden" name="__VIEWSTATE" value="x"></form>`,
  );
  assert.ok(out?.startsWith('News\nA long teaser paragraph'), String(out));
});

test('returns null when there is no block of real text', () => {
  assert.equal(index('<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>'), null);
  assert.equal(index('<div id="app"><span>Loading…</span></div>'), null);
  assert.equal(index('<nav><a href="/a">A</a> <a href="/b">B</a></nav>'), null);
});

test('a first heading that repeats the title is left out; the title is reported', () => {
  const r = extractIndex(
    parseHtml('<title>Daily Planet</title><h1>Daily Planet</h1><p>Teaser paragraph of the homepage.</p>'),
    URL_,
  );
  assert.equal(r?.title, 'Daily Planet');
  assert.equal(renderText(r.blocks), 'Teaser paragraph of the homepage.');
});

test('does not modify the document, so the content profile can run on it afterwards', () => {
  const doc = parseHtml(
    '<header>Head</header><div class="cookie-banner"><p>We use cookies on this site.</p></div><main><p>' +
      'Paragraph one with some words.</p></main><footer>Foot</footer>',
  );
  const before = getOuterHTML(doc);
  extractIndex(doc, URL_);
  assert.equal(getOuterHTML(doc), before);
});

test('a 100,000-deep page does not overflow the stack', () => {
  const html = '<div>'.repeat(100_000) + '<p>Deep text with several words in it.</p>' + '</div>'.repeat(100_000);
  const r = extractIndex(parseHtml(html), URL_);
  assert.match(renderText(r!.blocks), /Deep text with several words/);
});

test('containers named like banners but holding the page are kept (skip-link targets, ad takeovers)', () => {
  const para =
    '<p>A long paragraph of the real page, written for readers and well over a few lines of text in length. </p>';
  const out = index(`<ul id="skiplinks"><li><a class="skip" href="#skiplink-inhalt">Zum Inhalt springen</a></li></ul>
    <div id="Ads_BA_TakeOver"><div class="c-ad"><p>Advertisement for something to buy.</p></div>
      <div id="skiplink-inhalt"><h2>Headline of the page</h2>${para.repeat(20)}</div></div>`);
  assert.ok(out?.startsWith('Headline of the page\nA long paragraph of the real page'), String(out).slice(0, 120));
  assert.ok(!out!.includes('Advertisement') && !out!.includes('Zum Inhalt'));
});

test('the separator before a dropped trailing repeat goes with it', () => {
  const out = index(
    `<p><a href="/item/1">A story title that is long</a></p>
    <p>412 points by <a href="/user/ana">ana</a> | <a href="/hide/1">hide</a> | <a href="/item/1">183 comments</a>` +
      `</p>`,
  );
  assert.equal(
    out,
    '[A story title that is long](https://site.example/item/1)\n412 points by [ana](https://site.example/user/ana) | [hide](https://site.example/hide/1)',
  );
});

test("a page whose only text is its site footer's links and legal line has no content of its own", () => {
  const footer =
    '<footer><div class="site-footer"><dl><dt><h5>Help and support pages</h5></dt>' +
    '<dd><a href="/help">Help Center</a>, ' +
    '<a href="/returns">Return and refund policy</a>, <a href="/report">Report an infringement</a></dd></dl>' +
    '<p><a href="/privacy">Privacy Policy</a> - <a href="/terms">Terms of Use</a> ©2010-2025 Shop.example. ' +
    'All rights reserved. Licence 12345-678.</p></div></footer>';
  assert.equal(index(`<div id="root"></div>${footer}`), null);
});

test('a page written into its site header is read with its chrome', () => {
  const out = index(
    '<header><h1>Coming soon</h1><p>We are building a quieter way to share your photos with family.</p></header>' +
      '<footer><p><a href="/privacy">Privacy Policy</a></p></footer>',
  );
  assert.ok(out?.includes('We are building a quieter way to share your photos with family.'), String(out));
});

test('a heading over nothing but links listed already goes with them, and explain says so of both', () => {
  const body =
    '<main><article><h2><a href="/bike-lanes">City council approves new bike lanes</a></h2>' +
    '<p>The plan adds twelve miles of protected lanes across the city by 2028.</p></article>' +
    '<article><h2><a href="/water">Water rates to rise five percent in January</a></h2>' +
    '<p>The utility says the money pays for new pipes under the old town.</p></article>' +
    // A section whose only text was already listed: a heading over nothing.
    '<section><h2>Most read</h2><ol><li><a href="/bike-lanes">City council approves new bike lanes</a></li>' +
    '<li><a href="/water">Water rates to rise five percent in January</a></li></ol></section>' +
    // A teaser whose headline is its link stays, though its "Read more" goes.
    '<section><h2><a href="/marathon">Record field expected for the marathon</a></h2>' +
    '<p><a href="/marathon">Read more</a></p></section>' +
    // A section the page left with a picture only is not one this pass emptied.
    '<section><h2>Photo of the day</h2><img src="/sunset.jpg" alt="Sunset"></section></main>';
  assert.equal(
    index(body),
    [
      '[City council approves new bike lanes](https://site.example/bike-lanes)',
      'The plan adds twelve miles of protected lanes across the city by 2028.',
      '[Water rates to rise five percent in January](https://site.example/water)',
      'The utility says the money pays for new pipes under the old town.',
      '[Record field expected for the marathon](https://site.example/marathon)',
      'Photo of the day',
    ].join('\n'),
  );
  const result = cleanDocument(parseHtml(`<html><head><title>Ledger</title></head><body>${body}</body></html>`), {
    finalUrl: URL_,
    profile: 'index',
    format: 'text',
    includeTitle: false,
    maxChars: 100_000,
    explain: true,
  });
  assert.ok(result.ok);
  assert.deepEqual(
    result.explain?.dropped.filter((d) => d.text === 'Most read').map((d) => [d.rule, d.stage]),
    [['heading over links listed already', 'block']],
  );
  // The links listed again are accounted for too: the list's two and the teaser's "Read more".
  assert.deepEqual(
    result.explain?.dropped.filter((d) => d.rule === 'link listed already').map((d) => d.text),
    ['City council approves new bike lanes', 'Water rates to rise five percent in January', 'Read more'],
  );
});
