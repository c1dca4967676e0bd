// The learned labeller's trees scored in our TypeScript give the scores scikit-learn gave the same
// rows when it trained them (scripts/learned/train-block-drop.py --rows wrote both).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SHIPPED_MODEL, scoreRow } from '../../../../src/extract/content/learned/block-model.js';
import { PAGE_ROW_WIDTH } from '../../../../src/extract/content/learned/page-rows.js';

const saved = JSON.parse(
  readFileSync(new URL('../../../../../test/fixtures/learned/block-drop-rows.json', import.meta.url), 'utf8'),
) as { rows: number[][]; scores: number[] };

test('the shipped model scores saved feature rows as the trained model did, to 1e-9', () => {
  assert.equal(SHIPPED_MODEL.width, PAGE_ROW_WIDTH);
  assert.ok(saved.rows.length >= 50);
  const spread = new Set(saved.scores.map((s) => s.toFixed(2)));
  assert.ok(spread.size > 5, 'the saved rows span many scores');
  saved.rows.forEach((row, i) => {
    assert.equal(row.length, PAGE_ROW_WIDTH);
    const got = scoreRow(SHIPPED_MODEL, row);
    assert.ok(Math.abs(got - saved.scores[i]!) < 1e-9, `row ${i}: ${got} against ${saved.scores[i]}`);
  });
});

test('the shipped model drops only: a threshold under one half, a floor, and trees of the row width', () => {
  assert.ok(SHIPPED_MODEL.dropUnder > 0 && SHIPPED_MODEL.dropUnder < 0.5);
  assert.ok(SHIPPED_MODEL.floor > 0 && SHIPPED_MODEL.floor < 1);
  assert.ok(SHIPPED_MODEL.trees.length > 0);
  for (const t of SHIPPED_MODEL.trees) for (const f of t.feature) assert.ok(f >= 0 && f < PAGE_ROW_WIDTH);
});
