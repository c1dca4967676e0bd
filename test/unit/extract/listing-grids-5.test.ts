// Rules for listings, collections and product pages, fifth pass (issue 13, branch xlist5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractContent } from '../../../src/extract/content/extract-content.js';
import { isFacetPanel } from '../../../src/extract/content/exclude/facets.js';
import { renderText } from '../../../src/render/text.js';
import { isPlainTag } from '../../../src/extract/dom/walk.js';

const el = (attribs: Record<string, string>): Element =>
  ({ type: 'tag', name: 'div', attribs, children: [], parent: null }) as unknown as Element;

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

test("a wrapper around the page's <main> named for the footer it keeps down is no chrome for the grid search", async () => {
  const { findCardGrid } = await import('../../../src/extract/content/select/card-grid.js');
  const { wideGridStats } = await import('../../../src/extract/content/exclude/grid-search.js');
  const { ElementStats } = await import('../../../src/extract/content/select/element-stats.js');
  const { Exclusions } = await import('../../../src/extract/content/exclude/exclusions.js');
  const ex = new Exclusions();
  const { ATTEMPTS } = await import('../../../src/extract/content/select/attempt-flags.js');
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

test('a grid of short cards whose <article>s were taken for the page is read as the grid', () => {
  const card = (i: number) =>
    `<div class="card"><article class="group"><p>` +
    `Replace a worn battery in model ${i} with this part, no soldering needed.</p></article><a href="/p/${i}">` +
    `<h3>Battery for model ${i}</h3></a><a href="/p/${i}">$ ${20 + i}.99</a></div>`;
  const html =
    `<html><body><header><a href="/">Parts shop</a></header><main><h1>Phone parts</h1><div class="grid">` +
    `${[1, 2, 3, 4, 5, 6, 7, 8].map(card).join('')}</div></main><footer><p>Parts shop footer.</p></footer></body>` +
    `</html>`;
  const ex = extractContent(parseHtml(html), 'https://parts.example/phones');
  const text = ex ? renderText(ex.blocks, { title: null }) : '';
  assert.ok(text.includes('Battery for model 3'), text);
  assert.ok(text.includes('no soldering needed'), text);
});

test('on a page declared an article, a sliver found inside a grid of short cards gives way to the grid', () => {
  const card = (i: number) =>
    `<li class="issue"><article class="entry"><p>Issue ${i}: the week in travel, with notes on airlines and hotels.` +
    `</p></article><a href="/issues/${i}"><h3>Daily report ${i}</h3></a><a href="/issues/${i}">Read issue</a>` +
    `</li>`;
  const ld = '<script type="application/ld+json">{"@type":"Article","headline":"Issues"}</script>';
  const menu = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    .map((i) => `<li><a href="/section/${i}">Section number ${i} of the site menu</a></li>`)
    .join('');
  const html =
    `<html><head>${ld}</head><body><header><ul>${menu}</ul></header><main class="c-main"><h1>Issues</h1>` +
    `<ul class="issues">${[1, 2, 3, 4, 5, 6, 7, 8].map(card).join('')}</ul></main><footer><ul>${menu}</ul><p>` +
    `${'Footer text of the newsletter site, its address and its terms. '.repeat(80)}</p></footer></body></html>`;
  const ex = extractContent(parseHtml(html), 'https://news.example/issues/');
  const text = ex ? renderText(ex.blocks, { title: null }) : '';
  assert.ok(text.includes('Daily report 5'), text);
  assert.ok(text.includes('notes on airlines'), text);
});

test('a long paragraph printed again later is read once; short lines and different paragraphs stay', async () => {
  const { undoubleLines } = await import('../../../src/extract/content/passes/doubled-lines.js');
  const para = (text: string) => ({ type: 'paragraph' as const, children: [{ type: 'text' as const, text }] });
  const description =
    'The staple tee: enduring comfort in a regular fit, crafted from mid weight combed cotton with a ribbed neck.';
  const out = undoubleLines([
    para(description),
    para('Size guide'),
    para(description),
    para('Size guide'),
    para(description + ' Now in twelve colours.'),
  ]);
  assert.deepEqual(
    out.map((b) => (b.type === 'paragraph' && b.children[0]?.type === 'text' ? b.children[0].text.slice(0, 14) : '')),
    ['The staple tee', 'Size guide', 'Size guide', 'The staple tee'],
  );
});
