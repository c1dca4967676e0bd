import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { toBlocks } from '../../../src/extract/to-blocks/to-blocks.js';
import { createUrlResolver } from '../../../src/extract/dom/url-resolver.js';
import { isHiddenByMarkup } from '../../../src/extract/dom/visibility.js';
import { blockText } from '../../../src/extract/to-blocks/block-text.js';
import { leafBlocks, mapLeafBlocks, type LeafBlock } from '../../../src/extract/block-walk.js';
import type { Block } from '../../../src/extract/blocks.js';

function blocksOf(html: string): Block[] {
  const doc = parseHtml(html);
  return toBlocks(doc, createUrlResolver(doc, 'https://example.com/a/page.html'), { isHidden: isHiddenByMarkup });
}

/** A leaf as "type:text", to read an order at a glance. */
const label = (b: LeafBlock): string => `${b.type}:${blockText(b)}`;

// Quotes in lists in quotes, lists in lists, and a leaf of every kind around them: numbered in
// reading order.
const NESTED = `
  <h2>1 heading</h2>
  <p>2 paragraph</p>
  <blockquote>
    <p>3 quoted</p>
    <ul>
      <li><p>4 item one</p></li>
      <li><p>5 item two</p><blockquote><p>6 quote in an item</p></blockquote><p>7 after it</p></li>
    </ul>
    <p>8 quoted again</p>
  </blockquote>
  <ol>
    <li>9 outer<ol><li>10 inner</li><li>11 inner two</li></ol></li>
    <li><pre>12 code</pre></li>
  </ol>
  <table><tr><th>13 name</th><th>value</th></tr><tr><td>alpha</td><td>1</td></tr></table>
  <hr>
  <p>14 last</p>`;

test('the block walk meets each leaf block in reading order, into quotes and list items', () => {
  const labels = [...leafBlocks(blocksOf(NESTED))].map(label);
  assert.deepEqual(labels, [
    'heading:1 heading',
    'paragraph:2 paragraph',
    'paragraph:3 quoted',
    'paragraph:4 item one',
    'paragraph:5 item two',
    'paragraph:6 quote in an item',
    'paragraph:7 after it',
    'paragraph:8 quoted again',
    'paragraph:9 outer',
    'paragraph:10 inner',
    'paragraph:11 inner two',
    'code:12 code',
    'table:13 name value alpha 1',
    'rule:',
    'paragraph:14 last',
  ]);
});

test('a caller of the walk may stop at the first leaf it wants', () => {
  const seen: string[] = [];
  for (const b of leafBlocks(blocksOf(NESTED))) {
    seen.push(label(b));
    if (b.type === 'code') break;
  }
  assert.equal(seen.length, 12);
  assert.equal(seen.at(-1), 'code:12 code');
});

test('a rebuild leaf by leaf meets the leaves in reading order and keeps the containers around them', () => {
  const blocks = blocksOf(NESTED);
  const met: string[] = [];
  const same = mapLeafBlocks(blocks, (b) => {
    met.push(label(b));
    return b;
  });
  assert.deepEqual(met, [...leafBlocks(blocks)].map(label));
  assert.deepEqual(same, blocks);
  assert.notEqual(same[2], blocks[2], 'a quote is a new object around the new leaves');
});

test('a rebuild that drops leaves drops the quotes, items and lists left empty only when asked', () => {
  const para = (text: string): Block => ({ type: 'paragraph', children: [{ type: 'text', text }] });
  const blocks: Block[] = [
    para('keep'),
    { type: 'quote', children: [para('drop')] },
    { type: 'list', ordered: true, start: 3, items: [{ children: [para('drop')] }, { children: [para('keep b')] }] },
    { type: 'list', ordered: false, start: null, items: [{ children: [] }] },
  ];
  const dropMarked = (b: LeafBlock): Block | null => (blockText(b) === 'drop' ? null : b);
  assert.deepEqual(mapLeafBlocks(blocks, dropMarked, true), [
    para('keep'),
    { type: 'list', ordered: true, start: 3, items: [{ children: [para('keep b')] }] },
  ]);
  assert.deepEqual(mapLeafBlocks(blocks, dropMarked), [
    para('keep'),
    { type: 'quote', children: [] },
    { type: 'list', ordered: true, start: 3, items: [{ children: [] }, { children: [para('keep b')] }] },
    { type: 'list', ordered: false, start: null, items: [{ children: [] }] },
  ]);
});
