import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { contentTextAt } from '../../../../support/content-text.js';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { findElement } from '../../../../../src/extract/dom/walk.js';
import { attribute } from '../../../../../src/parse/nodes.js';
import { rawTextLength } from '../../../../../src/extract/dom/measures.js';
import { isAuthorBox } from '../../../../../src/extract/content/exclude/author-boxes.js';

const contentText = (html: string): string => contentTextAt(html, 'https://gardens.example/blog/pruning-roses');

const BODY =
  '<p>Prune roses in late winter, when the buds swell but before the leaves open, so that the plant puts its ' +
  'spring growth into the stems you keep.</p>' +
  '<p>Cut each stem just above an outward-facing bud, at a slant, and remove dead, crossing or weak wood first; ' +
  'an open centre lets air move and keeps black spot away.</p>' +
  '<p>Climbers are pruned differently: tie the long canes in horizontally and shorten only the side shoots, ' +
  'which is where the flowers will come from.</p>';
// Longer than a post-meta line (a byline box of a line or two is left out by that rule already).
const BIO =
  'Ruth Alder is a garden writer and former nursery owner who has grown roses in a cold valley garden for ' +
  'twenty years. She writes about pruning, propagation and old varieties, and runs a winter pruning class ' +
  'for beginners at the allotments in her village.';

const page = (inside: string, after = ''): string =>
  `<html><head><title>How to prune roses</title></head><body><main><article><h1>How to prune roses</h1>` +
  `<div class="entry-content">${BODY}${inside}</div></article>${after}</main></body></html>`;

test("a box named for the article's writer that holds a bio is left out of the article", () => {
  const text = contentText(
    page(
      `<div class="single-content-author"><img src="/ruth.jpg" alt="Ruth Alder">` +
        `<div class="single-content-author__about"><p>${BIO}</p></div></div>`,
    ),
  );
  assert.ok(text.includes('Prune roses in late winter'), text);
  assert.ok(text.includes('Climbers are pruned differently'), text);
  assert.ok(!text.includes('former nursery owner'), text);
});

test('a contributors box inside an article read without a declared body is left out', () => {
  const text = contentText(
    `<html><head><title>How to prune roses</title></head><body><main><article><h1>How to prune roses</h1>` +
      `${BODY}<div class="ContributorsWrapper-x1 contributors"><p>${BIO}</p></div></article></main></body></html>`,
  );
  assert.ok(text.includes('Prune roses in late winter'), text);
  assert.ok(!text.includes('former nursery owner'), text);
});

test('a comment by the post author, or a box without a sentence, is not an author box', () => {
  const doc = parseHtml(
    `<html><body><ol><li class="comment byuser comment-author-ruth bypostauthor"><p>${BIO}</p></li></ol>` +
      `<div class="authors">Ruth Alder, Karl Berg, Mia Chen, Jon Dahl, Ana Eck, Li Fang, Tom Gray, Eva Holm</div>` +
      `<div class="author-about"><p>${BIO}</p></div><div>${BODY}${BODY}</div></body></html>`,
  );
  const box = (cls: string): Element => findElement(doc, (el) => attribute(el, 'class') === cls)!;
  const judge = (cls: string): boolean => isAuthorBox(box(cls), cls, undefined, rawTextLength, () => false);
  assert.equal(judge('author-about'), true);
  // WordPress names the writer of a comment by the post's author in its class.
  assert.equal(judge('comment byuser comment-author-ruth bypostauthor'), false);
  // A list of names is no bio.
  assert.equal(judge('authors'), false);
});

test('a wrapper whose class names the author but that holds most of the page is the page', () => {
  const short =
    '<p>Roses in pots need feeding every fortnight from spring to late summer, and watering whenever the top ' +
    'of the compost is dry, which in July can be every day.</p>';
  const text = contentText(
    `<html><head><title>Roses in pots</title></head><body><div class="post-author-content">${short}</div>` +
      `<footer><p>Gardens blog</p></footer></body></html>`,
  );
  assert.ok(text.includes('Roses in pots need feeding every fortnight'), text);
});
