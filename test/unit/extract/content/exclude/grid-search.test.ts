// The wide grid search: what is chrome to it (banners, comment threads, menus, screen-reader copies)
// and what it still searches (card headers, a footer-named wrapper, a pagination box).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element, Document } from 'domhandler';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { findCardGrid } from '../../../../../src/extract/content/select/card-grid.js';
import { gridSearchExcluded, wideGridStats } from '../../../../../src/extract/content/exclude/grid-search.js';
import { Exclusions } from '../../../../../src/extract/content/exclude/exclusions.js';
import { ElementStats } from '../../../../../src/extract/content/select/element-stats.js';
import { isPlainTag } from '../../../../../src/extract/dom/walk.js';
import { attribute } from '../../../../../src/parse/nodes.js';
import { findAll } from 'domutils';
import { contentTextAt } from '../../../../support/content-text.js';
import { findElement as find } from '../../../../support/dom-find.js';

/** The first element whose class attribute is exactly `cls`. */
function elementOfClass(doc: Document, cls: string): Element {
  return findAll((el) => attribute(el, 'class') === cls, doc.children)[0]!;
}
const CHAIRS_URL = 'https://shop.example/c/chairs';
const cards = (n: number, wrap: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => wrap(i + 1)).join('\n');

test("a header inside an article or section is the card's own on the wide measure; the page's banner is chrome", () => {
  const card = (i: number): string =>
    `<li class="card"><article><a href="/p/${i}"><header><span>Brand ${i}</span><h3>` +
    `Faux leather jacket number ${i}</h3></header><p>€${i}9.99</p></a></article></li>`;
  const doc = parseHtml(
    `<html><body><header class="top"><a href="/">Shop</a><a href="/men">Men</a></header><main><ul class="reco">` +
      `${[1, 2, 3, 4, 5].map(card).join('')}</ul></main></body></html>`,
  );
  const body = find(doc, (el) => el.name === 'body')!;
  const banner = find(body, (el) => el.name === 'header')!;
  const inCard = find(
    find(body, (el) => el.name === 'article')!,
    (el) => el.name === 'header',
  )!;
  assert.equal(gridSearchExcluded(new Exclusions(), banner), true);
  assert.equal(gridSearchExcluded(new Exclusions(), inCard), false);
  const grid = findCardGrid(wideGridStats(new Exclusions(), body));
  assert.ok(grid, 'the cards form a grid on the wide measure');
  assert.equal(grid.cards, 5);
  assert.ok(grid.chars > 5 * 30, String(grid.chars));
});

test("a wrapper around the page's <main> named for the footer it keeps down is no chrome for the grid search", async () => {
  const { findCardGrid } = await import('../../../../../src/extract/content/select/card-grid.js');
  const { wideGridStats } = await import('../../../../../src/extract/content/exclude/grid-search.js');
  const { ElementStats } = await import('../../../../../src/extract/content/select/element-stats.js');
  const { Exclusions } = await import('../../../../../src/extract/content/exclude/exclusions.js');
  const ex = new Exclusions();
  const { ATTEMPTS } = await import('../../../../../src/extract/content/select/attempt-flags.js');
  const entry = (i: number) =>
    `<dt><a href="/abs/${i}">[${i}] record ${i}</a></dt><dd><div>` +
    `Title: A longer study of the subject and of its many sides, number ${i}</div><div class="list-authors">` +
    `<a href="/a/${i}">Ada Writer</a>, <a href="/b/${i}">Bo Author</a></div></dd>`;
  const doc = parseHtml(
    `<html><body><div class="flex-wrap-footer"><header><a href="/">Archive</a></header><main><dl id="articles">` +
      `${[1, 2, 3, 4, 5, 6, 7, 8].map(entry).join('')}</dl></main></div><footer><p>` +
      `Archive footer, with thanks to its members.</p></footer></body></html>`,
  );
  const body = doc.children.find(isPlainTag)!.children.find((c) => isPlainTag(c) && c.name === 'body') as Element;
  assert.equal(findCardGrid(wideGridStats(ex, body)), null, 'without the strict measure the wrapper is a footer');
  const strict = new ElementStats(body, (e) => ex.always(e) || ex.strictly(e, ATTEMPTS[0]!));
  const grid = findCardGrid(wideGridStats(ex, body, strict));
  assert.equal(grid?.root.attribs['id'], 'articles');
  assert.equal(grid?.cards, 8);
});

test('a box named for its pagination is searched for a grid (it may hold the results); menus are not', () => {
  const doc = parseHtml(
    '<html><body><nav class="site-nav"><a href="/">Home</a></nav><div class="pagination_pagination__a1">' +
      '<div class="product-grid"></div></div><div class="pager"></div><div class="footer-links"></div></body>' +
      '</html>',
  );
  const byClass = (cls: string): Element => elementOfClass(doc, cls);
  assert.equal(gridSearchExcluded(new Exclusions(), byClass('pagination_pagination__a1')), false);
  assert.equal(gridSearchExcluded(new Exclusions(), byClass('pager')), false);
  assert.equal(gridSearchExcluded(new Exclusions(), byClass('site-nav')), true);
  assert.equal(gridSearchExcluded(new Exclusions(), byClass('footer-links')), true);
});

test("the wide grid search leaves a page's comment thread and its navigation out", () => {
  const html =
    `<html><head><title>Chairs</title></head><body>
<div class="nav-wrap"><ul class="menu-list">` +
    `${cards(
      8,
      (i) =>
        `<li class="menu-item"><a href="/c/${i}">Category of chairs number ${i}</a>` +
        ` <span>new arrivals</span></li>`,
    )}` +
    `</ul></div>
<div class="post"><h1>Which chair?</h1><p>` +
    `A short post about chairs that asks the readers which one they would choose for long days.</p></div>
<div class="comments-widget"><ol>` +
    `${cards(
      8,
      (i) =>
        `<li class="c"><a href="/u/${i}">user${i}</a>` +
        ` I would choose the mesh chair, number ${i} on my list of good chairs.</li>`,
    )}` +
    `</ol></div>
</body></html>`;
  const text = contentTextAt(html, CHAIRS_URL);
  assert.ok(text.includes('A short post about chairs'), text);
  assert.ok(!text.includes('Category of chairs number'), text);
  assert.ok(!text.includes('on my list of good chairs'), text);
});

test('a grid shown to screen readers only (a second copy of the menus) is no card grid', () => {
  const menu =
    `<div class="visually-hidden"><ul>` +
    `${cards(
      6,
      (i) =>
        `<li class="m"><a href="/c/${i}">Socks for men, category ${i}</a>` +
        `<a href="/c/${i}/all">Shop all of category ${i}</a></li>`,
    )}` +
    `</ul></div>`;
  const doc = parseHtml(`<html><body>${menu}<p>Short intro.</p></body></html>`);
  const body = (doc.children.find((c) => (c as Element).name === 'html') as Element).children.find(
    (c) => (c as Element).name === 'body',
  ) as Element;
  assert.equal(findCardGrid(new ElementStats(body, () => false)), null);
  const shown = parseHtml(
    `<html><body>${menu.replace('visually-hidden', 'menu-copy')}<p>Short intro.</p></body></html>`,
  );
  const body2 = (shown.children.find((c) => (c as Element).name === 'html') as Element).children.find(
    (c) => (c as Element).name === 'body',
  ) as Element;
  assert.notEqual(findCardGrid(new ElementStats(body2, () => false)), null);
});
