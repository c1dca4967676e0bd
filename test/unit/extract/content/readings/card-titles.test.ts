// Inside the reading chosen, a heading that is all link and is followed by its own description
// is a card's title (a listing's entries, a hub's sections): read with its description. On a
// page declared an article, only a list article's items are (several titles, each over a section
// of its own text). A linked heading with no description after it, a teaser's title on a page
// declared an article, and one inside a forum post's preview of a linked page stay pruned, as
// "related" titles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTextAt } from '../../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://news.example/world/');

const card = (n: number, description: boolean): string =>
  `<div class="story"><a href="https://news.example/world/story-${n}"><h3>Story number ${n} about the harbour</h3></a>` +
  (description
    ? `<p>The harbour authority said on Tuesday that the repairs to pier ${n} would take until the spring, ` +
      'and that ferries would use the northern quay until then.</p>'
    : '') +
  '</div>';

const intro =
  '<p>All the latest reporting from our correspondents around the world, updated through the day, ' +
  'with the stories our readers followed most closely this week, and the background to each of them.</p>';

const page = (head: string, description: boolean): string =>
  `<html><head>${head}</head><body><main><h1>World news</h1>${intro}` +
  `${[1, 2, 3, 4, 5].map((n) => card(n, description)).join('')}</main></body></html>`;

test("a linked heading followed by its description is read as the card's title", () => {
  const text = contentText(page('', true));
  assert.match(text, /Story number 1 about the harbour/);
  assert.match(text, /Story number 5 about the harbour/);
  assert.match(text, /repairs to pier 3 would take/);
});

test('a linked heading without a description, or on a page declared an article, stays pruned', () => {
  const bare = contentText(page('', false));
  assert.doesNotMatch(bare, /Story number 1 about the harbour/);
  const declared = contentText(page('<meta property="og:type" content="article">', true));
  assert.doesNotMatch(declared, /Story number 1 about the harbour/);
  assert.match(declared, /repairs to pier 3 would take/);
});

test("a heading in a forum post's preview of a linked page stays pruned", () => {
  const preview =
    '<div class="bbCodeBlock bbCodeBlock--unfurl"><div class="contentRow-main">' +
    '<a href="https://reviews.example/card"><h3>A graphics card reviewed elsewhere</h3></a>' +
    '<p>The card comes with fans the owner can replace, and runs quieter than the one it replaces.</p></div></div>';
  const html = page('', true).replace('</main>', `${preview}</main>`);
  const text = contentText(html);
  assert.match(text, /Story number 1 about the harbour/);
  assert.doesNotMatch(text, /A graphics card reviewed elsewhere/);
});

test('an empty box between a linked heading and its description is passed over', () => {
  // A <p> holding a <div> is closed by the parser: the heading's next element is an empty <p>.
  const html = page('', true).replace(/<\/h3><\/a><p>/g, '</h3></a><p class="lede"><div><p>');
  const text = contentText(html);
  assert.match(text, /Story number 2 about the harbour/);
});

const declaredArticle = '<meta property="og:type" content="article">';

const pick = (n: number): string =>
  `<h2><a href="https://shop.example/kettle-${n}">${n}. The kettle model ${n}</a></h2>` +
  `<p>We boiled a litre in kettle ${n} forty times over a week and timed each boil, then weighed ` +
  'how warm the handle ran, how far the lid opened and how much water it left in the base when poured dry.</p>' +
  `<p>It suits a small kitchen: kettle ${n} is light to lift when full, and its filter comes out for washing.</p>`;

const article = (items: number[]): string =>
  `<html><head>${declaredArticle}</head><body><article><h1>The best kettles we tested</h1>${intro}` +
  `${items.map(pick).join('')}</article></body></html>`;

test("on a page declared an article, a list article's linked item titles are read", () => {
  const text = contentText(article([1, 2, 3, 4]));
  assert.match(text, /1\. The kettle model 1/);
  assert.match(text, /4\. The kettle model 4/);
  assert.match(text, /boiled a litre in kettle 3/);
});

test('on a page declared an article, one or two linked headings over the text stay pruned', () => {
  const text = contentText(article([1, 2]));
  assert.doesNotMatch(text, /The kettle model 1/);
  assert.match(text, /boiled a litre in kettle 2/);
});
