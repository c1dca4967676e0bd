// Rules for listings, collections and product pages, fourth pass (issue 13, branch xlist4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import type { Block } from '../../../src/extract/blocks.js';
import { unwrapCardText } from '../../../src/extract/content/passes/card-text.js';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractContent } from '../../../src/extract/content/extract-content.js';
import { renderText } from '../../../src/render/text.js';

const linked = (href: string, text: string): Block => ({
  type: 'paragraph',
  children: [{ type: 'link', href, children: [{ type: 'text', text }] }],
});
const linkedHeading = (href: string, text: string): Block => ({
  type: 'heading',
  level: 2,
  children: [{ type: 'link', href, children: [{ type: 'text', text }] }],
});
const card = (i: number): Block[] => [
  linkedHeading(`https://x.test/${i}`, `Headline number ${i}`),
  linked(`https://x.test/${i}`, `The description of story ${i}, a sentence of its own.`),
  linked(`https://x.test/${i}`, '$19.99'),
];

test('cards wrapped whole in their link: the description under the linked headline is plain text', () => {
  const blocks = [1, 2, 3, 4].flatMap(card);
  const out = unwrapCardText(blocks);
  assert.equal(out.length, blocks.length);
  assert.equal(out[0], blocks[0], 'the headline keeps its link');
  assert.deepEqual(out[1], {
    type: 'paragraph',
    children: [{ type: 'text', text: 'The description of story 1, a sentence of its own.' }],
  });
  assert.equal(out[2], blocks[2], 'a price is no description');
});

test('a few linked cards (a row of teasers) and lines linked elsewhere stay as they are', () => {
  const few = [1, 2, 3].flatMap(card);
  assert.equal(unwrapCardText(few), few);
  const other = [1, 2, 3, 4].flatMap((i) => [
    linkedHeading(`https://x.test/${i}`, `Headline ${i}`),
    linked('https://x.test/elsewhere', 'A sentence that links to another page than the headline.'),
  ]);
  assert.equal(unwrapCardText(other), other);
});

test('cards in list items are read the same way', () => {
  const list: Block = {
    type: 'list',
    ordered: false,
    start: null,
    items: [1, 2, 3, 4].map((i) => ({ children: card(i) })),
  };
  const out = unwrapCardText([list]);
  const item = (out[0] as Extract<Block, { type: 'list' }>).items[2]!;
  assert.equal(item.children[1]!.type, 'paragraph');
  assert.equal((item.children[1] as Extract<Block, { type: 'paragraph' }>).children[0]!.type, 'text');
});

test("a category's SEO copy at the foot of its grid is text; the page's footer is still left out", async () => {
  const { Exclusions } = await import('../../../src/extract/content/exclude/exclusions.js');
  const ex = new Exclusions();
  const { ATTEMPTS } = await import('../../../src/extract/content/select/attempt-flags.js');
  const doc = parseHtml(
    '<html><body><div class="field-seofootercopy"><p>Copy</p></div><div class="site-footer"><p>Footer</p></div>' +
      '</body></html>',
  );
  const body = (
    doc.children.find((c) => (c as { name?: string }).name === 'html') as unknown as {
      children: Array<{ name?: string; children: unknown[] }>;
    }
  ).children.find((c) => c.name === 'body')!;
  const [seo, footer] = body.children.filter((c) => (c as { type?: string }).type === 'tag') as Element[];
  assert.equal(ex.strictly(seo!, ATTEMPTS[0]!), false);
  assert.equal(ex.strictly(footer!, ATTEMPTS[0]!), true);
});

test('a line printed twice in one (a visible copy and a screen-reader copy glued) is read once', async () => {
  const { undoubleLines } = await import('../../../src/extract/content/passes/doubled-lines.js');
  const p = (...texts: string[]): Block => ({
    type: 'paragraph',
    children: texts.map((text) => ({ type: 'text' as const, text })),
  });
  const out = undoubleLines([
    p('EUR 163.12EUR 163.12'),
    p('Sat, Aug 31', 'Sat, Aug 31'),
    p('Bora Bora'),
    p('abab'),
    p('Seller'),
  ]);
  assert.deepEqual(out[0], p('EUR 163.12'));
  assert.deepEqual(out[1], p('Sat, Aug 31'));
  assert.deepEqual(out[2], p('Bora Bora'), 'a space between the halves: two words, not a copy');
  assert.deepEqual(out[3], p('abab'), 'halves this short are words');
  const same = [p('Seller'), p('Delivery: Varies')];
  assert.equal(undoubleLines(same), same);
});

test("in a grid's reading, a card's title shown twice (an overlay link and its heading) is read once", async () => {
  const { dropNearRepeats } = await import('../../../src/extract/content/passes/doubled-lines.js');
  const p = (text: string): Block => ({ type: 'paragraph', children: [{ type: 'text', text }] });
  const title = 'Three words worth a billion dollars';
  const out = dropNearRepeats([
    p(title),
    p('Author name'),
    p('Mar 7'),
    p(title),
    p('7 min read'),
    p('Second card title, long enough'),
    p('a'),
    p('b'),
    p('c'),
    p('Second card title, long enough'),
  ]);
  assert.deepEqual(
    out.map((b) => (b as { children: Array<{ text: string }> }).children[0]!.text),
    [
      title,
      'Author name',
      'Mar 7',
      '7 min read',
      'Second card title, long enough',
      'a',
      'b',
      'c',
      'Second card title, long enough',
    ],
  );
});

test('a grid of cards whose titles are printed twice reads each title once', () => {
  const card = (i: number): string =>
    `<div class="story"><a class="overlay" href="/p/${i}">Story title number ${i} for the grid</a>` +
    `<div class="meta">Author ${i}</div><h3><a href="/p/${i}">Story title number ${i} for the grid</a></h3><p>` +
    `${i} min read</p></div>`;
  const html =
    `<html><head><title>Stories</title></head><body><main><div class="stories">` +
    `${[1, 2, 3, 4, 5, 6].map(card).join('')}</div></main></body></html>`;
  const text = renderText(extractContent(parseHtml(html), 'https://x.test/')!.blocks, { title: null, plain: true });
  assert.equal(text.split('Story title number 3 for the grid').length - 1, 1, text);
});
