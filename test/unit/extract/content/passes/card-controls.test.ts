// Card controls: buttons, badges and quick-buy labels printed on every card are left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Block } from '../../../../../src/extract/blocks.js';
import { dropCardControls } from '../../../../../src/extract/content/passes/card-controls.js';
import { p, texts } from '../../../../support/block-builders.js';

test('buttons printed on every card are left out; titles and prices stay', () => {
  const card = (name: string, price: string): Block[] => [p(name), p(price), p('Quick Shop'), p('+  Wishlist')];
  const blocks = [
    ...card('Dark Roast Coffee', '$19.99'),
    ...card('Blueberry Coffee', '$18.99'),
    ...card('Vanilla Coffee', '$17.99'),
  ];
  assert.deepEqual(texts(dropCardControls(blocks)), [
    'Dark Roast Coffee',
    '$19.99',
    'Blueberry Coffee',
    '$18.99',
    'Vanilla Coffee',
    '$17.99',
  ]);
});

test('cards set as list items lose their controls too', () => {
  const item = (name: string): { children: Block[] } => ({ children: [p(name), p('Add to Compare'), p('Sold out')] });
  const list: Block = {
    type: 'list',
    ordered: false,
    start: null,
    items: [item('Trail helmet'), item('Road helmet'), item('Kids helmet')],
  };
  assert.deepEqual(texts(dropCardControls([list])), ['Trail helmet', 'Road helmet', 'Kids helmet']);
});

test('a control shown once or twice stands, and so does a longer line holding the word', () => {
  const blocks = [
    p('Espresso machine'),
    p('Add to cart'),
    p('Compare'),
    p('Compare'),
    p('Add to cart our best grinder and save on the set'),
    p('Add to cart our best grinder and save on the set'),
    p('Add to cart our best grinder and save on the set'),
  ];
  assert.equal(dropCardControls(blocks), blocks);
});

test("cards' badges and quick-buy labels go when repeated", () => {
  const card = (name: string): Block[] => [p('New'), p(name), p('$20'), p('Size'), p('Qty:')];
  assert.deepEqual(texts(dropCardControls([...card('Socks'), ...card('Shirt'), ...card('Hat')])), [
    'Socks',
    '$20',
    'Shirt',
    '$20',
    'Hat',
    '$20',
  ]);
});
