// Card grids: which runs of cards belong to the grid, inside and beside the chosen container.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { findCardGrid } from '../../../../../src/extract/content/select/card-grid.js';
import { ElementStats } from '../../../../../src/extract/content/select/element-stats.js';
import type { Element } from 'domhandler';
import { contentTextAt } from '../../../../support/content-text.js';

const BAGS_URL = 'https://shop.example/c/bags';

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
  const long = contentTextAt(page(12), BAGS_URL);
  assert.ok(long.includes('Application form 1 for residents'), long);
  assert.ok(long.includes('Application form 12 for residents'), long);
  const short = contentTextAt(page(6), BAGS_URL);
  assert.ok(short.includes('All the forms of the city office'), short);
  assert.ok(!short.includes('Application form 1 for residents'), short);
});
