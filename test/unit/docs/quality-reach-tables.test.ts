// docs/quality-gate.md prints bench:quality-reach's tables as the bench last printed them. The
// figures need the bench's three-minute run over both sets, so they are not re-measured here;
// what is checked is what went stale before: a table whose columns are no longer the bench's, a
// rule the extraction no longer names, and tables copied from different runs (the rule tables
// are counts of the same snippets, so they must add up across tables).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PASSES } from '../../../src/extract/content/passes/passes.js';
import { articleMisses, reachTables, TYPES } from '../../../bench/quality-reach.js';
import { articleRules, wcxbExtra } from '../../../bench/quality-rules.js';
import { SPLITS } from '../../../bench/quality-split.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

interface Table {
  head: string[];
  rows: string[][];
}

const cells = (line: string): string[] =>
  line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());

/** The markdown tables among `lines`: runs of lines starting with "|". */
function tables(lines: readonly string[]): Table[] {
  const out: Table[] = [];
  let run: string[] = [];
  for (const line of [...lines, '']) {
    if (line.startsWith('|')) run.push(line);
    else if (run.length > 0) {
      out.push({ head: [run[0]!, run[1]!], rows: run.slice(2).map(cells) });
      run = [];
    }
  }
  return out;
}

const doc = readFileSync(join(root, 'docs/quality-gate.md'), 'utf8');
const from = doc.indexOf('## What no extractor of the served HTML can score');
const to = doc.indexOf('## The gate');
assert.ok(from >= 0 && to > from, 'docs/quality-gate.md has the bench:quality-reach sections');
const printed = tables(doc.slice(from, to).split('\n'));

// The bench's tables on no pages: their heads, as it prints them.
const bench = tables([...reachTables([]), ...articleMisses([]), ...articleRules([]), ...wcxbExtra([], TYPES)]);
const headOf = (t: Table): string => t.head.join('\n');
/** The printed table with a column named `name`. */
const withColumn = (name: string): Table => {
  const t = printed.find((x) => cells(x.head[0]!).includes(name));
  assert.ok(t, `docs/quality-gate.md prints the table with the column "${name}"`);
  return t;
};

/** Every .ts file's text below src/extract. */
function extractionSource(): string {
  const dir = join(root, 'src/extract');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

describe('docs/quality-gate.md: bench:quality-reach tables', () => {
  it('prints each table with the columns the bench prints, in the bench order', () => {
    const heads = bench.map(headOf);
    let at = 0;
    for (const t of printed) {
      const found = heads.indexOf(headOf(t), at);
      assert.ok(found >= 0, `a table the bench does not print (or out of its order):\n${headOf(t)}`);
      at = found + 1;
      for (const r of t.rows) assert.equal(r.length, cells(t.head[0]!).length, `row "${r.join(' | ')}"`);
    }
    assert.ok(printed.length >= 6, `only ${printed.length} tables`);
  });

  it('names only rules the extraction has', () => {
    const source = extractionSource();
    const passes = new Set(PASSES.map((p) => p.name));
    const rules = [withColumn('left out by'), withColumn('rule')].flatMap((t) =>
      t.rows.map((r) => r[0]!).filter((k) => k.includes(': ')),
    );
    const unknown = rules.filter((k) => {
      const [stage, name] = k.split(': ') as [string, string];
      return stage === 'pass' ? !passes.has(name) : !source.includes(`'${name}'`);
    });
    assert.deepEqual(unknown, []);
  });

  it('adds up across tables, as counts of one run do', () => {
    const misses = withColumn('left out');
    const leftOut = withColumn('left out by');
    const account = withColumn('rule');
    const column = (t: Table, name: string): number => cells(t.head[0]!).indexOf(name);
    SPLITS.forEach((split, i) => {
      const missRow = misses.rows.find((r) => r[0] === split);
      assert.ok(missRow, `the missed-snippets table has a ${split} row`);
      const sum = leftOut.rows.reduce((n, r) => n + Number(r[1 + i]), 0);
      assert.equal(sum, Number(missRow[column(misses, 'left out')]), `${split}: left-out rows sum to "left out"`);
      for (const r of account.rows) {
        const there = leftOut.rows.find((x) => x[0] === r[0]);
        assert.equal(Number(r[column(account, `lost (${split})`)]), Number(there?.[1 + i] ?? 0), `${split}: ${r[0]}`);
      }
    });
    // The wcxb tables: the same pages and mean F1 per split.
    const reach = withColumn('mean F1 on the rest');
    const extra = withColumn('with them dropped');
    for (const split of SPLITS) {
      const whole = reach.rows.find((r) => r[0] === split)!;
      const all = extra.rows.find((r) => r[0] === split && r[1] === 'all')!;
      const typed = extra.rows.filter((r) => r[0] === split && r[1] !== 'all');
      assert.equal(all[2], whole[1], `${split}: pages`);
      assert.equal(
        typed.reduce((n, r) => n + Number(r[2]), 0),
        Number(whole[1]),
        `${split}: pages per type`,
      );
      // Four decimals here, three there, each rounded from the same mean: within half the last digit
      // of three (rounding the four-decimal figure again can land on the other side: 0.8815, 0.882).
      assert.ok(Math.abs(Number(all[8]) - Number(whole[2])) <= 0.00051, `${split}: mean F1 ${all[8]} ~ ${whole[2]}`);
    }
  });
});
