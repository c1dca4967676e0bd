import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figures, RUN_FORMAT, type PageResult, type SavedRun } from '../../../bench/quality-runs.js';
import { diffRuns } from '../../../bench/quality-run-diff.js';

const DIFF_CLI = fileURLToPath(new URL('../../../bench/quality-diff.js', import.meta.url));

const wcxb = (id: string, type: string, split: 'tune' | 'check', f1: number, text = `answer ${id}`): PageResult => ({
  set: 'wcxb',
  id,
  type,
  split,
  site: `${id}.example`,
  f1,
  text,
});

const article = (id: string, split: 'tune' | 'check', tp: number, fp: number, fn: number, text = id): PageResult => ({
  set: 'articles',
  id,
  type: 'article',
  split,
  site: `${id}.example`,
  f1: tp ? (2 * tp) / (2 * tp + fp + fn) : 0,
  counts: { tp, fp, fn, tn: 0, empty: 0 },
  text,
});

const run = (pages: PageResult[]): SavedRun => ({
  format: RUN_FORMAT,
  build: '/builds/x',
  commit: 'abc1234',
  created: '2026-12-01T00:00:00.000Z',
  pages,
});

const runA = run([
  wcxb('w1', 'article', 'tune', 0.9),
  wcxb('w2', 'article', 'check', 0.5),
  wcxb('w3', 'product', 'tune', 0.4),
  article('a1', 'tune', 9, 1, 0),
  article('a2', 'tune', 0, 0, 1),
  article('a3', 'check', 2, 0, 2),
]);
// w2 gains 0.3, w3 loses 0.1, a2 finds its snippet; w1 answers otherwise with the same F1.
const runB = run([
  wcxb('w1', 'article', 'tune', 0.9, 'another answer'),
  wcxb('w2', 'article', 'check', 0.8, 'a better answer'),
  wcxb('w3', 'product', 'tune', 0.3, 'a worse answer'),
  article('a1', 'tune', 9, 1, 0),
  article('a2', 'tune', 1, 0, 0, 'a2 found'),
  article('a3', 'check', 2, 0, 2),
]);

const figure = (r: SavedRun, key: string): number | undefined =>
  figures(r.pages).find((f) => `${f.group.set} ${f.group.type} ${f.group.split}` === key)?.value;

test("a run's figures: wcxb-dev means page F1 per type and split; the article set sums its snippet counts", () => {
  assert.equal(figure(runA, 'wcxb overall all'), (0.9 + 0.5 + 0.4) / 3);
  assert.equal(figure(runA, 'wcxb article tune'), 0.9);
  assert.equal(figure(runA, 'wcxb article check'), 0.5);
  assert.equal(figure(runA, 'wcxb product all'), 0.4);
  assert.equal(figure(runA, 'wcxb product check'), undefined);
  // tp 11, fp 1, fn 3 over the three pages: 22 / 26, not the mean of the pages' F1s.
  assert.equal(figure(runA, 'articles overall all'), 22 / 26);
  assert.equal(figure(runA, 'articles overall tune'), 18 / 20);
  assert.equal(figure(runA, 'articles overall check'), 4 / 6);
});

test('the diff gives each group in both runs with its change, and the pages that moved most first', () => {
  const diff = diffRuns(runA, runB);
  const group = (key: string) => diff.groups.find((g) => `${g.group.set} ${g.group.type} ${g.group.split}` === key)!;
  assert.deepEqual(
    diff.groups.map((g) => `${g.group.set} ${g.group.type} ${g.group.split}`),
    [
      'wcxb overall all',
      'wcxb overall tune',
      'wcxb overall check',
      'wcxb article all',
      'wcxb article tune',
      'wcxb article check',
      'wcxb product all',
      'wcxb product tune',
      'articles overall all',
      'articles overall tune',
      'articles overall check',
    ],
  );
  assert.deepEqual(group('wcxb article check'), {
    group: { set: 'wcxb', type: 'article', split: 'check' },
    pages: 1,
    a: 0.5,
    b: 0.8,
    textChanged: 1,
  });
  assert.equal(group('wcxb overall tune').textChanged, 2);
  assert.equal(group('articles overall tune').b, 20 / 21);
  assert.equal(group('articles overall check').textChanged, 0);
  assert.deepEqual(
    diff.pages.map((p) => [p.a.id, Number(p.delta.toFixed(6))]),
    [
      ['a2', 1],
      ['w2', 0.3],
      ['w3', -0.1],
    ],
  );
  assert.equal(diff.sameScore, 1);
});

test('bench:quality-diff prints the tables from two saved files and refuses runs over different pages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quality-diff-'));
  try {
    const write = (name: string, r: SavedRun): string => {
      writeFileSync(join(dir, name), JSON.stringify(r));
      return join(dir, name);
    };
    const a = write('a.json', runA);
    const b = write('b.json', runB);
    const shown = spawnSync(process.execPath, [DIFF_CLI, a, b, '--top=2'], { encoding: 'utf8' });
    assert.equal(shown.status, 0, shown.stderr);
    const lines = shown.stdout.split('\n');
    assert.ok(lines.includes('| wcxb | article | check | 1 | 0.500000 | 0.800000 | +0.300000 | 1 |'), shown.stdout);
    assert.ok(lines.includes('| wcxb | product | tune | 1 | 0.400000 | 0.300000 | -0.100000 | 1 |'), shown.stdout);
    assert.ok(lines.includes('| articles | overall | check | 1 | 0.666667 | 0.666667 |  0.000000 | 0 |'));
    assert.ok(lines.includes('3 page(s) scored differently; 1 more answered differently with the same F1.'));
    assert.ok(lines.includes('| articles | a2 | a2.example | article | tune | 0.000 -> 1.000 | +1.000000 |'));
    assert.ok(lines.includes('| wcxb | w2 | w2.example | article | check | 0.500 -> 0.800 | +0.300000 |'));
    assert.ok(!shown.stdout.includes('| wcxb | w3 |'), 'only the top 2 pages are listed');

    const fewer = write('fewer.json', run(runB.pages.slice(1)));
    const refused = spawnSync(process.execPath, [DIFF_CLI, a, fewer], { encoding: 'utf8' });
    assert.notEqual(refused.status, 0);
    assert.match(refused.stderr, /score different pages \(1 only in the first, 0 only in the second: wcxb:w1\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
