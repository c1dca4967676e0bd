// Rules for listings, collections and product pages, second pass (issue 13, branch xlist2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractContent } from '../../../src/extract/content/extract-content.js';
import { renderText } from '../../../src/render/text.js';
import { declaredPageType } from '../../../src/extract/page/page-type.js';
import { findCardGrid } from '../../../src/extract/content/select/card-grid.js';
import { ElementStats } from '../../../src/extract/content/select/element-stats.js';
import type { Element } from 'domhandler';

const URL_ = 'https://shop.example/c/bags';

function contentText(html: string, url = URL_): string {
  const ex = extractContent(parseHtml(html), url);
  return ex ? renderText(ex.blocks, { title: null }) : '';
}

test("an FAQ's questions (FAQPage) do not make a page a thread; a QAPage's do", () => {
  const doc = parseHtml('<html><body></body></html>');
  assert.equal(declaredPageType(doc, ['BreadcrumbList', 'FAQPage', 'Question', 'Answer']), 'unknown');
  assert.equal(declaredPageType(doc, ['CollectionPage', 'FAQPage', 'Question', 'Answer']), 'listing');
  assert.equal(declaredPageType(doc, ['QAPage', 'Question', 'Answer']), 'forum');
  assert.equal(declaredPageType(doc, ['Question', 'Answer']), 'forum');
  assert.equal(declaredPageType(doc, ['DiscussionForumPosting', 'FAQPage', 'Question']), 'forum');
});

test('the whole page read on a listing drops the linked photos its cards already name', () => {
  const tile = (i: number): string =>
    `<div class="tile"><a href="/p/${i}"><ul class="carousel"><li>` +
    `<img src="/${i}a.jpg" alt="Trail Ultralight Sleeping Bag ${i} front view"></li><li>` +
    `<img src="/${i}b.jpg" alt="Trail Ultralight Sleeping Bag ${i} hood detail"></li></ul></a><h3>` +
    `Trail Ultralight Sleeping Bag ${i}</h3><p>Rated to ${i}0 F, weighs ${i}.5 pounds.</p></div>`;
  const html =
    `<html><head><title>Sleeping bags</title></head><body>
<header class="site-header"><a href="/">Outdoor shop</a></header>
<div class="top"><h1>Sleeping bags</h1><p>` +
    `Pick a bag rated below the coldest night you expect, and choose down for weight or synthetic for damp trips.` +
    `</p></div>
<div class="results"><h2>Products (2)</h2>${tile(1)}${tile(2)}</div>
<div class="advice"><h2>Expert advice</h2><p>` +
    `Our staff tested twelve bags on three trips this year; read the reviews before you buy your next one.</p>` +
    `</div>
<div class="faq"><h2>Questions</h2><p>Which bag is warmest? The one rated lowest, though a liner adds a few ` +
    `degrees to any bag you own.</p></div>
<footer><p>Outdoor shop, since 1938.</p></footer></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('Trail Ultralight Sleeping Bag 2\nRated to 20 F'), text);
  assert.ok(text.includes('Expert advice'), text);
  assert.ok(!text.includes('hood detail'), text);
  assert.ok(!text.includes('front view'), text);
});

test('on a page declared an article, a grid the reading passed over is read when what was found is a sliver of the page', () => {
  const cards = Array.from(
    { length: 24 },
    (_, i) =>
      `<li class="card"><a href="/p/${i + 1}"><h4>Harbour apartment project number ${i + 1}</h4></a><p>Winner</p></li>`,
  ).join('\n');
  const page = (body: string): string =>
    `<html><head><title>Best of Year winners</title><script type="application/ld+json">` +
    `{"@context":"https://schema.org","@type":"Article","headline":"Best of Year winners"}</script></head><body>
<header class="site-header"><a href="/">Design magazine</a></header>
<main><article class="post"><div class="entry-content"><h1>Best of Year winners</h1><p>` +
    `The annual awards recognise standout projects across the industry.</p>
${body}</div></article></main>
<footer><p>Design magazine, all rights reserved.</p></footer></body></html>`;
  const text = contentText(page(`<div class="award-list"><ul class="cards">${cards}</ul></div>`));
  assert.ok(text.includes('The annual awards recognise'), text);
  assert.ok(text.includes('Harbour apartment project number 1'), text);
  assert.ok(text.includes('Harbour apartment project number 24'), text);
  // An article with a few link cards under it stays the article.
  const prose =
    '<p>' +
    'The jury met for two days and visited every shortlisted project, weighing craft, context and use. '.repeat(12) +
    '</p>';
  const article = contentText(
    page(prose + `<div class="award-list"><ul class="cards">${cards.split('\n').slice(0, 4).join('')}</ul></div>`),
  );
  assert.ok(article.includes('The jury met for two days'), article);
  assert.ok(!article.includes('Harbour apartment project number 1'), article);
});

test('a grid brings along the runs of cards of its shape elsewhere on the page ("latest" above "older"), not other lists', () => {
  const card = (i: number): string =>
    `<article class="river"><h2><a href="/a/${i}">Headphone news story number ${i}</a></h2><p>` +
    `A line of summary for story ${i}.</p></article>`;
  const html =
    `<html><body><main><h1>Headphones</h1>
<section class="latest">${card(1)}${card(2)}</section>
<ul class="tags"><li class="tag"><a href="/t/1">Tag one for the topic list</a></li><li class="tag"><a href="/t/2">` +
    `Tag two for the topic list</a></li></ul>
<section class="older">${[3, 4, 5, 6, 7].map(card).join('')}</section></main></body></html>`;
  const body = (parseHtml(html).children.find((c) => (c as Element).name === 'html') as Element).children.find(
    (c) => (c as Element).name === 'body',
  ) as Element;
  const grid = findCardGrid(new ElementStats(body, () => false));
  assert.equal(grid?.root.attribs['class'], 'older');
  assert.deepEqual(
    grid?.more.map((el) => el.attribs['class']),
    ['latest'],
  );
  // Runs outweighing the grid are other lists of the page that share its shape.
  const many = html.replace(
    '<section class="latest">',
    [8, 9, 10, 11, 12].map((i) => `<div class="run">${card(i * 10)}${card(i * 10 + 1)}</div>`).join('') +
      '<section class="latest">',
  );
  const body2 = (parseHtml(many).children.find((c) => (c as Element).name === 'html') as Element).children.find(
    (c) => (c as Element).name === 'body',
  ) as Element;
  assert.deepEqual(findCardGrid(new ElementStats(body2, () => false))?.more, []);
});

test('on an undeclared page a long grid inside the chosen container keeps its cards; a short row of them does not', () => {
  const page = (n: number): string => {
    const cards = Array.from(
      { length: n },
      (_, i) =>
        `<li class="card"><a href="/d/${i + 1}">Application form ${i + 1} for residents</a> <span>` +
        `PDF, ${i + 1}20 kB</span></li>`,
    ).join('');
    const prose = (
      '<p>All the forms of the city office, to print or to fill in on screen, with the date of their last ' +
      'update. Forms sent by post take about two weeks to be handled, forms sent online about three ' +
      'days.</p>'
    ).repeat(2);
    return (
      `<html><head><title>Forms</title></head><body><header class="site-header"><a href="/">City office</a>` +
      `</header>
<div id="content"><h1>Forms</h1>${prose}<ul class="forms">${cards}</ul></div><footer><p>City office.</p></footer>` +
      `</body></html>`
    );
  };
  const long = contentText(page(12));
  assert.ok(long.includes('Application form 1 for residents'), long);
  assert.ok(long.includes('Application form 12 for residents'), long);
  const short = contentText(page(6));
  assert.ok(short.includes('All the forms of the city office'), short);
  assert.ok(!short.includes('Application form 1 for residents'), short);
});
