// Rules for listings, collections and product pages, third pass (issue 13, branch xlist3).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractContent } from '../../../src/extract/content/extract-content.js';
import { renderText } from '../../../src/render/text.js';
import { findCardGrid } from '../../../src/extract/content/select/card-grid.js';
import { gridSearchExcluded, wideGridStats } from '../../../src/extract/content/exclude/grid-search.js';
import { inFacets } from '../../../src/extract/content/exclude/facets.js';
import { Exclusions } from '../../../src/extract/content/exclude/exclusions.js';
import { ElementStats } from '../../../src/extract/content/select/element-stats.js';
import { isPlainTag } from '../../../src/extract/dom/walk.js';

function find(root: { children?: unknown[] }, pred: (el: Element) => boolean): Element | null {
  for (const c of (root.children ?? []) as Element[]) {
    if (!isPlainTag(c)) continue;
    if (pred(c)) return c;
    const r = find(c, pred);
    if (r) return r;
  }
  return null;
}

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

test("a listing's filter panel is no grid, and stays out of the grid's reading", () => {
  const option = (name: string, n: number): string =>
    `<li class="opt"><a href="/c/locks?f=${encodeURIComponent(name)}">${name} locks and accessories (${n})</a></li>`;
  const facets =
    `<div class="col-lg-3 facets-container" id="facets"><h2>Category</h2><ul class="list">` +
    `${['Bike', 'Gate', 'Trailer', 'Padlock', 'Cable', 'Combination'].map((n, i) => option(n, i + 3)).join('')}</` +
    `ul></div>`;
  const product = (i: number): string =>
    `<div class="product-card"><a href="/p/${i}"><h3>Hardened steel U-lock model ${i}</h3><p>` +
    `Weather resistant, keyed alike, $${i}9.99</p></a></div>`;
  const page = (results: string): string => `<html><head><title>Bike locks</title></head><body>
<header class="site-header"><a href="/">Lock maker</a></header>
<main><section class="results-wrap">${facets}<div class="results">${results}</div></section></main>
<footer><p>Lock maker, since 1921.</p></footer></body></html>`;
  const doc = parseHtml(page(''));
  const body = find(doc, (el) => el.name === 'body')!;
  const list = find(body, (el) => el.attribs['class'] === 'list')!;
  assert.equal(inFacets(list), true);
  assert.equal(findCardGrid(new ElementStats(body, () => false)), null);
  const ex = extractContent(
    parseHtml(page([1, 2, 3, 4, 5, 6, 7, 8].map(product).join(''))),
    'https://locks.example/c/bike',
  );
  const text = ex ? renderText(ex.blocks, { title: null }) : '';
  assert.ok(text.includes('Hardened steel U-lock model 8'), text);
  assert.ok(!text.includes('Gate locks and accessories'), text);
});

test('paragraphs made of machine identifier runs are dropped; prose, codes and long non-Latin text stay', async () => {
  const { dropIdRuns } = await import('../../../src/extract/content/passes/id-runs.js');
  const para = (text: string) => ({ type: 'paragraph' as const, children: [{ type: 'text' as const, text }] });
  const ids =
    'S19aea247-2e76-4905-9b83-15a5a5664cfaG661bd3c3-576f-4713-baee-9dc0dd7c3568p2e2c3720-cfa9-41e9-9571-b179b489e15' +
    'f 4466aaa5-b3b2-4d16-adfd-03659a220a60ob40593e2-a65c-47d1-aa1d-8eac5d04101a';
  const prose =
    'International shipment of items may be subject to customs processing and additional charges, and the seller ' +
    'ships within one day.';
  const cjk =
    '这是一段很长的中文说明文字没有任何空格但它是真正的内容读者会阅读它并且理解其中的意思这段文字描述了产品的材料尺寸重量和保养方法以及退货政策和运输时间这是一段很长的中文说明文字没有任何空格';
  const out = dropIdRuns([para(prose), para(ids), para('Item number: 404928375058'), para(cjk)]);
  assert.deepEqual(
    out.map((b) => (b.type === 'paragraph' && b.children[0]?.type === 'text' ? b.children[0].text.slice(0, 20) : '')),
    [prose.slice(0, 20), 'Item number: 4049283', cjk.slice(0, 20)],
  );
});

test('on a page selling one product, a section opened by a rail heading ("Similar items") is a rail', async () => {
  const { productRails } = await import('../../../src/extract/content/exclude/product-rails.js');
  const doc = parseHtml(
    `<html><body><main><div class="x1"><h1>Clutch kit for a delivery van</h1><p>` +
      `Complete clutch kit with pressure plate, disc and release bearing, new in its box, fits 2011-2014 ` +
      `models. Ships the next working day from our store, with a thirty day return window and a one year ` +
      `warranty on every part in the kit.</p></div>
<div class="x2"><div class="x3"><h2>Similar items</h2></div><div class="x4"><span>` +
      `Another clutch kit, used, with bearing</span><span>A flywheel for the same van, new</span></div></div>
<div class="x5"><h2>Item specifics</h2><p>Condition: new. Brand: the maker. Part number 6283182000.</p></div>` +
      `</main></body></html>`,
  );
  const body = find(doc, (el) => el.name === 'body')!;
  const wide = wideGridStats(new Exclusions(), body);
  let page = 0;
  for (const c of body.children) if (isPlainTag(c)) page += wide.get(c)?.chars ?? 0;
  const rails = [...productRails(wide, page)].map((el) => el.attribs['class']);
  assert.deepEqual(rails, ['x2']);
});
