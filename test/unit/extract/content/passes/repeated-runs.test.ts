import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Block } from '../../../../../src/extract/blocks.js';
import { dropRepeatedRuns } from '../../../../../src/extract/content/passes/repeated-runs.js';
import { p } from '../../../../support/block-builders.js';

const h = (text: string): Block => ({ type: 'heading', level: 2, children: [{ type: 'text', text }] });

test('a run of three or more blocks printed again (a sticky buy bar) is dropped; single repeats stay', () => {
  const blocks = [
    h('Iris hemp dress'),
    p('€132.34'),
    p('Three layers of flowy hemp.'),
    h('Description'),
    p('A dress that blooms with every layer.'),
    h('Iris hemp dress'),
    p('€132.34'),
    p('Three layers of flowy hemp.'),
    h('Description'),
    p('Size: XS to XXL'),
  ];
  assert.deepEqual(dropRepeatedRuns(blocks), [
    h('Iris hemp dress'),
    p('€132.34'),
    p('Three layers of flowy hemp.'),
    h('Description'),
    p('A dress that blooms with every layer.'),
    p('Size: XS to XXL'),
  ]);
  const two = [h('Price'), p('€10'), p('Text one.'), p('Text two.'), h('Price'), p('€10'), p('Text three.')];
  assert.deepEqual(dropRepeatedRuns(two), two);
});
