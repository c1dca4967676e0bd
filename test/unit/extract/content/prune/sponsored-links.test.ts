// A link marked rel="sponsored" names a product the article recommends (a buying guide's picks):
// a box of such links is the article's text, not a link box. A list of the site's other posts,
// plainly linked, is still left out as a link list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTextAt } from '../../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://brewguide.example/best-french-press/');

const prose =
  '<p>We brewed more than forty pots of coffee over three weeks, in every press we could find, and ' +
  'tasted each cup side by side, black and with milk, hot and after it had cooled for ten minutes.</p>' +
  '<p>The differences were larger than we expected: the mesh filters, the fit of the plunger and the ' +
  'thickness of the glass all changed how much sediment reached the cup and how long it stayed warm.</p>' +
  '<p>Price mattered less than design, although the cheapest models had the flimsiest filters, and two of ' +
  'them let grounds past the plunger on every pour, which nobody on the panel could forgive.</p>';

// A buying guide's product card: its award line, the product's name linked to a shop, the shop
// buttons (a prose review of each product follows further down the real pages).
const card = (award: string, name: string, shop: string, rel: string): string =>
  `<div class="product-record"><div class="award">${award}</div>` +
  `<h3><a rel="${rel}" href="https://${shop}.example/p/${name.toLowerCase().replace(/\W+/g, '-')}">${name}</a></h3>` +
  `<div class="buttons"><a rel="${rel}" href="https://${shop}.example/buy">$100 at ${shop}</a></div></div>`;

const picks = (rel: string): string =>
  card('The best French press', 'Claraview Insulated French Press Coffee Maker', 'shopone', rel) +
  prose +
  card('The best budget French press', 'Gatorline 34-Ounce Glass French Press', 'shoptwo', rel) +
  prose;

const related =
  '<h2>More guides</h2><ul>' +
  '<li><a href="/best-pour-over-coffee-makers/">The best pour-over coffee makers we tested this year</a></li>' +
  '<li><a href="/best-burr-grinders/">The best burr grinders for every budget and kitchen</a></li>' +
  '<li><a href="/best-coffee-scales/">The best coffee scales, from simple to smart</a></li>' +
  '</ul>';

const page = (rel: string): string =>
  `<html><body><article><h1>The best French press</h1>${prose}${picks(rel)}${related}</article></body></html>`;

test("a buying guide's product cards, their names linked as sponsored, are read", () => {
  const text = contentText(page('nofollow sponsored'));
  assert.match(text, /Claraview Insulated French Press Coffee Maker/);
  assert.match(text, /Gatorline 34-Ounce Glass French Press/);
  assert.doesNotMatch(text, /burr grinders/, "the site's other guides are still a link list");
});

test('the same cards with plain links to shops are link boxes, as before', () => {
  const text = contentText(page('nofollow'));
  assert.doesNotMatch(text, /Claraview Insulated French Press Coffee Maker/);
  assert.match(text, /We brewed more than forty pots/);
});
