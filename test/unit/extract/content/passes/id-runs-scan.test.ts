// The id-run scan (content/id-runs.ts) finds what /[A-Za-z0-9_-]{40,}/g with a digit found
// (speed pass, session 26): runs at the 40-character edge, runs without digits, white space.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Block } from '../../../../../src/extract/blocks.js';
import { dropIdRuns } from '../../../../../src/extract/content/passes/id-runs.js';

const ID_RUN = /[\w-]{40,}/g;
function byExpression(text: string): boolean {
  if (text.length < 120) return false;
  let n = 0;
  for (const m of text.matchAll(ID_RUN)) if (/\d/.test(m[0])) n += m[0].length;
  return n >= 0.8 * text.replace(/\s+/g, '').length;
}
const para = (text: string): Block => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const dropped = (text: string): boolean => dropIdRuns([para(text)]).length === 0;

test('id runs: the scan agrees with the expression at its edges', () => {
  const run = (len: number, digit = true): string => (digit ? '7' : 'x') + 'a-b_C'.repeat(20).slice(0, len - 1);
  const cases = [
    [run(40), run(40), run(40)].join(' '),
    [run(39), run(39), run(39), run(39)].join(' '),
    [run(40, false), run(40, false), run(40, false)].join(' '),
    [run(45), run(41), 'and a few words of prose here'].join(' '),
    [run(45), 'and a good many more words of plain prose after the run, enough to outweigh it by far'].join(' '),
    `${run(60)}.${run(60)}, ${run(60)}`,
    `${run(50)}é${run(50)}\u00a0${run(50)}`,
  ];
  for (const text of cases) assert.equal(dropped(text), byExpression(text), text);
  assert.equal(dropped([run(40), run(40), run(40)].join(' ')), true);
  assert.equal(dropped([run(39), run(39), run(39), run(39)].join(' ')), false);
});
