// Card text: the description and label lines of cards wrapped in their link read as plain text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Block, Inline } from '../../../../../src/extract/blocks.js';
import { unwrapCardText } from '../../../../../src/extract/content/passes/card-text.js';
import { inlineText } from '../../../../../src/extract/to-blocks/block-text.js';

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
const link = (href: string, text: string): Block => ({
  type: 'paragraph',
  children: [{ type: 'link', href, children: [{ type: 'text', text }] }] as Inline[],
});
const linkedH3 = (href: string, text: string): Block => ({
  type: 'heading',
  level: 3,
  children: [{ type: 'link', href, children: [{ type: 'text', text }] }] as Inline[],
});
const plain = (b: Block): string => (b.type === 'paragraph' || b.type === 'heading' ? inlineText(b.children) : '');

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

test('a link-wrapped card of label lines keeps them as one line of text; prices and prose cards do not', () => {
  const card = (slug: string, title: string, minutes: string): Block[] => [
    linkedH3(`/r/${slug}`, title),
    link(`/r/${slug}`, 'Duration'),
    link(`/r/${slug}`, minutes),
    link(`/r/${slug}`, 'Difficulty'),
    link(`/r/${slug}`, 'Beginner'),
  ];
  const blocks = [
    ...card('a', 'Core Workout', '15 Min'),
    ...card('b', 'Heart opening', '10 Min'),
    ...card('c', 'Warming up', '8 Min'),
    ...card('d', 'Cycling prep', '6 Min'),
  ];
  const out = unwrapCardText(blocks);
  assert.equal(out.length, 8);
  assert.equal(plain(out[1]!), 'Duration 15 Min Difficulty Beginner');
  assert.equal(out[1]!.type === 'paragraph' && out[1]!.children[0]!.type, 'text');
  assert.equal(out[0]!.type, 'heading');
  // A product card (a price among its lines) is left to the link pruning as before.
  const priced = (slug: string): Block[] => [
    linkedH3(`/p/${slug}`, `Chair ${slug}`),
    link(`/p/${slug}`, 'Oak'),
    link(`/p/${slug}`, '$120.00'),
  ];
  const shop = ['a', 'b', 'c', 'd'].flatMap(priced);
  const kept = unwrapCardText(shop);
  assert.equal(kept.length, shop.length);
  assert.equal(kept[1]!.type === 'paragraph' && kept[1]!.children[0]!.type, 'link');
});
