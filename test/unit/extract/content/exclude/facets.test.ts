// Filter panels (facets) of a listing: named as such they stay out of the grid and the page; results
// and layout boxes that merely name them do not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element, Document } from 'domhandler';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';
import { findCardGrid } from '../../../../../src/extract/content/select/card-grid.js';
import { inFacets, isFacetPanel } from '../../../../../src/extract/content/exclude/facets.js';
import { ElementStats } from '../../../../../src/extract/content/select/element-stats.js';
import { attribute } from '../../../../../src/parse/nodes.js';
import { findAll } from 'domutils';
import { findElement as find } from '../../../../support/dom-find.js';

const el = (attribs: Record<string, string>): Element =>
  ({ type: 'tag', name: 'div', attribs, children: [], parent: null }) as unknown as Element;
/** The first element whose class attribute is exactly `cls`. */
function elementOfClass(doc: Document, cls: string): Element {
  return findAll((el) => attribute(el, 'class') === cls, doc.children)[0]!;
}

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

test('filter panels named in camelCase or with a prefix are filter panels; results and plain words are not', () => {
  for (const cls of [
    'leftFilterCol_new _mt_not_scrollbar',
    'filterAccordion',
    'FilterBar-styled__SortAndFilter-sc-1',
    'HorizontalFilters_horizontalFilters__s2UDB',
    'filtersPanel-filterOption-L-select',
    'filterContainer new',
    'facet-list',
  ])
    assert.equal(isFacetPanel(el({ class: cls })), true, cls);
  assert.equal(isFacetPanel(el({ id: 'FacetFiltersForm' })), true);
  for (const cls of [
    'filter-results',
    'FilteredProducts',
    'collection-filters',
    'product-grid',
    'onlineEventsFilter',
    'coffee-filter-papers',
  ])
    assert.equal(isFacetPanel(el({ class: cls })), false, cls);
});

test('a listing read whole leaves its filter panel out', () => {
  const section = (i: number) =>
    `<section><h2>Ranking notes part ${i}</h2><p>` +
    `The ranking of universities in this subject weighs the academic reputation, the employer reputation and ` +
    `the citations per paper of each school, part ${i} of the method explained at length for readers who want ` +
    `to know.</p></section>`;
  const html =
    `<html><body><header><a href="/">Rankings</a></header>
<div class="intro">${section(1)}</div><div class="notes">${section(2)}</div><div class="more">${section(3)}</div>` +
    `<div class="last">${section(4)}</div>
<div class="leftFilterCol"><h3>Region</h3><p>Africa Asia Europe Latin America North America Oceania</p><h3>` +
    `Country or territory</h3><p>Select a country to filter the results of this table</p><p>` +
    `Clear All Apply Filters</p></div>
<footer><p>Rankings footer</p></footer></body></html>`;
  const ex = extractContent(parseHtml(html), 'https://rankings.example/subject');
  const text = ex ? renderText(ex.blocks, { title: null }) : '';
  assert.ok(text.includes('part 4 of the method'), text);
  assert.ok(text.includes('part 1 of the method'), text);
  assert.ok(!text.includes('Apply Filters'), text);
});

test('a layout box naming the results beside its facets word is no filter panel; the panel is', () => {
  const doc = parseHtml(
    '<html><body><div class="t-collection__grid facets-vertical"></div>' +
      '<div class="t-collection__facets-form facets-vertical-form"></div><div class="facets-wrapper"></div>' +
      '</body></html>',
  );
  const byClass = (cls: string): Element => elementOfClass(doc, cls);
  assert.equal(isFacetPanel(byClass('t-collection__grid facets-vertical')), false);
  assert.equal(isFacetPanel(byClass('t-collection__facets-form facets-vertical-form')), true);
  assert.equal(isFacetPanel(byClass('facets-wrapper')), true);
});
