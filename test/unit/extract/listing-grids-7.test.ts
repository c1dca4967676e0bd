// Rules for listings, collections and product pages, seventh pass (issue 13, branch xlist7).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Block } from '../../../src/extract/blocks.js';
import { dropAdjacentRepeats } from '../../../src/extract/content/doubled-lines.js';

const p = (text: string): Block => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const h = (text: string): Block => ({ type: 'heading', level: 3, children: [{ type: 'text', text }] });
const img: Block = { type: 'image', src: 'https://shop.example/a.jpg', alt: 'Bag', caption: null };
const lines = (blocks: Block[]): string[] =>
  blocks.flatMap((b) => (b.type === 'list' ? b.items.flatMap((i) => lines(i.children)) : b.type === 'paragraph' || b.type === 'heading' ? [`${b.type[0]}:${(b.children[0] as { text: string }).text}`] : []));

test("a card's line printed again right after itself is read once; the heading stands", () => {
  const card = (name: string, price: string): { children: Block[] } => ({ children: [p(name), img, h(name), h(name), p(price), p(price)] });
  const list: Block = { type: 'list', ordered: false, start: null, items: [card('Dark Roast Coffee', '$19.99'), card('Blueberry Coffee', '$18.99')] };
  assert.deepEqual(lines(dropAdjacentRepeats([list])), ['h:Dark Roast Coffee', 'p:$19.99', 'h:Blueberry Coffee', 'p:$18.99']);
});

test('repeats apart, code-like lines and distinct neighbours stand', () => {
  const blocks = [p('Dark Roast'), p('$19.99'), p('Dark Roast'), p('}'), p('}'), p('Blue'), p('Blueberry')];
  assert.equal(dropAdjacentRepeats(blocks), blocks);
});
