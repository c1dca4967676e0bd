import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkGate, marginOf, type Figure, type FloorsFile } from '../../../bench/quality-gate.js';
import { siteOf, splitOf } from '../../../bench/quality-split.js';

const figures = (entries: Array<[string, number, number]>): Map<string, Figure> =>
  new Map(entries.map(([key, value, pages]) => [key, { value, pages }]));

test('a figure below its floor by more than the noise margin fails the gate; within it, it passes', () => {
  const file: FloorsFile = { about: '', floors: { 'wcxb forum': [{ floor: 0.815 }] } };
  assert.equal(marginOf(112), 0.5 / 112);
  assert.deepEqual(checkGate(file, figures([['wcxb forum', 0.815 - 0.004, 112]])).failures, []);
  const failed = checkGate(file, figures([['wcxb forum', 0.815 - 0.005, 112]]));
  assert.equal(failed.below, 1);
  assert.match(failed.failures[0]!, /below its floor/);
  // Large sets keep a margin of at least 0.001.
  assert.equal(marginOf(1358), 0.001);
});

test('a floor lowered without a written reason fails; with one, the lower floor is in force', () => {
  const lowered: FloorsFile = { about: '', floors: { 'articles F1': [{ floor: 0.95 }, { floor: 0.94 }] } };
  assert.match(checkGate(lowered, figures([['articles F1', 0.951, 990]])).failures[0]!, /without a reason/);
  const explained: FloorsFile = {
    about: '',
    floors: { 'articles F1': [{ floor: 0.95 }, { floor: 0.94, reason: 'ground truth of 12 pages corrected' }] },
  };
  const result = checkGate(explained, figures([['articles F1', 0.945, 990]]));
  assert.deepEqual(result.failures, []);
  assert.deepEqual(result.raisable, [{ key: 'articles F1', value: 0.945 }]);
});

test('a pinned figure that was not measured, or one without a floor, fails', () => {
  const file: FloorsFile = { about: '', floors: { 'wcxb overall': [{ floor: 0.8 }], 'wcxb product': [] } };
  const result = checkGate(file, figures([['wcxb product', 0.6, 92]]));
  assert.deepEqual(result.failures, ['wcxb overall: not measured', 'wcxb product: no floor']);
});

test('the check split is fixed by the site, so all pages of one site fall on the same side', () => {
  assert.equal(siteOf('https://www.Example.com/a/b?c'), 'example.com');
  assert.equal(siteOf('http://example.com/other'), 'example.com');
  assert.equal(siteOf('hard::jamaicaobserver.com-attacks-on-x.html'), 'jamaicaobserver.com');
  const sides = new Map<string, number>();
  for (let i = 0; i < 2000; i++) {
    const side = splitOf(`site-${i}.example`);
    sides.set(side, (sides.get(side) ?? 0) + 1);
    assert.equal(splitOf(`site-${i}.example`), side);
  }
  // About a fifth of the sites are on the check side.
  assert.ok(Math.abs(sides.get('check')! / 2000 - 0.2) < 0.03, JSON.stringify([...sides]));
});
