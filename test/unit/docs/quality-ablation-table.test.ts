// docs/quality-gate.md prints bench:quality-ablation's table as the bench last printed it. The
// gains need the bench's run over both sets (minutes), so they are not re-measured here; what is
// checked is what went stale before: rows the content profile has that the table lacks (two
// passes were added after it was printed), a table whose columns are not the bench's, and
// figures that disagree with the doc's other tables and sentences from the same build.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ALL_ON, HEADS, rowNames } from '../../../bench/quality-ablation.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const doc = readFileSync(join(root, 'docs/quality-gate.md'), 'utf8');

const cells = (line: string): string[] =>
  line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());

/** The text of the section whose heading starts with `heading`, to the next heading. */
function section(heading: string): string {
  const from = doc.indexOf(`\n## ${heading}`);
  assert.ok(from >= 0, `docs/quality-gate.md has the section "${heading}"`);
  const to = doc.indexOf('\n## ', from + 1);
  return doc.slice(from, to < 0 ? undefined : to);
}

/** The first markdown table in `text`: its head's cells and its rows' cells. */
function firstTable(text: string): { head: string[]; rows: string[][] } {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  assert.ok(start >= 0, 'a table');
  let end = start;
  while (end < lines.length && lines[end]!.startsWith('|')) end++;
  return { head: cells(lines[start]!), rows: lines.slice(start + 2, end).map(cells) };
}

const ablation = section('Which rules carry over');
const table = firstTable(ablation);
const column = (name: string): number => {
  const i = table.head.indexOf(name);
  assert.ok(i >= 0, `the ablation table has the column "${name}"`);
  return i;
};
const allOn = table.rows[0]!;
const gains = table.rows.slice(1);
/** "1914 / 434" as [1914, 434]. */
const pair = (cell: string): number[] => cell.split('/').map((x) => Number(x.replace(/,/g, '')));

describe('docs/quality-gate.md: bench:quality-ablation table', () => {
  it('prints the columns the bench prints, in its order', () => {
    assert.deepEqual(table.head, HEADS.slice(0, table.head.length));
    assert.ok(table.head.length >= 6, 'the row, its pages, and wcxb and articles on both splits');
    for (const r of table.rows) assert.equal(r.length, table.head.length, `row "${r.join(' | ')}"`);
  });

  it('lists every reading and pass of the content profile, in the bench order', () => {
    assert.equal(allOn[0], ALL_ON);
    assert.deepEqual(
      gains.map((r) => r[0]),
      rowNames(),
    );
  });

  it("gives the figures of the doc's other tables in its all-on row", () => {
    const splits = firstTable(section('Tune and check splits'));
    const pages = splits.rows.map((r) => pair(r[2]!));
    const all = pair(allOn[column('pages T / C')]!);
    assert.deepEqual(all, [pages[0]![0]! + pages[1]![0]!, pages[0]![1]! + pages[1]![1]!]);
    for (const r of gains) {
      const [t, c] = pair(r[1]!);
      assert.ok(t! <= all[0]! && c! <= all[1]!, `${r[0]}: pages within the sets`);
    }
    const gap = section('Where the gap between tune and check is');
    const wcxb = firstTable(gap);
    const overall = wcxb.head.indexOf('overall');
    const urlkit = (split: string): string[] => wcxb.rows.find((r) => r[0]!.startsWith('urlkit') && r[1] === split)!;
    // The other tables print three decimals of the same figure: within half their last digit.
    const same = (name: string, printed: string | undefined): void =>
      assert.ok(Math.abs(Number(allOn[column(name)]) - Number(printed)) <= 0.00051, `${name}: ${printed}`);
    same('wcxb T', urlkit('tune')[overall]);
    same('wcxb C', urlkit('check')[overall]);
    const articles = firstTable(gap.slice(gap.indexOf('| article set')));
    const text = articles.rows.find((r) => r[0] === 'urlkit content (text)')!;
    same('articles T', text[1]);
    same('articles C', text[2]);
  });

  it("states the gate's figures as the all-on row gives them", () => {
    const gate =
      /The gate reads wcxb at (\d\.\d+) on all pages and (\d\.\d+) on check \(tune, by difference, (\d\.\d+)\)/;
    const m = gate.exec(doc.replace(/\s+/g, ' '));
    assert.ok(m, "docs/quality-gate.md states the gate's wcxb figures");
    const [t, c] = [Number(allOn[column('wcxb T')]), Number(allOn[column('wcxb C')])];
    assert.equal(Number(m[3]), t, 'tune');
    assert.equal(Number(m[2]), c, 'check');
    const [pt, pc] = pair(firstTable(section('Tune and check splits')).rows[1]![2]!);
    assert.ok(Math.abs(Number(m[1]) - (t * pt! + c * pc!) / (pt! + pc!)) <= 0.0001, 'all pages');
  });

  it('states the sums of the gains as the table adds them', () => {
    const sums = new RegExp(
      String.raw`add up to \+(\d\.\d+) on wcxb tune and \+(\d\.\d+) on wcxb check ` +
        String.raw`\(the article set: \+(\d\.\d+) tune, \+(\d\.\d+) check\)`,
    );
    const m = sums.exec(ablation.replace(/\s+/g, ' '));
    assert.ok(m, 'the section states what the gains add up to');
    ['wcxb T', 'wcxb C', 'articles T', 'articles C'].forEach((name, i) => {
      const sum = gains.reduce((n, r) => n + Number(r[column(name)]), 0);
      assert.ok(Math.abs(sum - Number(m[i + 1])) <= 0.0005, `${name}: the gains add up to ${sum.toFixed(4)}`);
    });
  });
});
