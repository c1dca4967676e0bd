// docs/content-extraction.md's tables of readings, block passes and thresholds are generated from
// the engine (scripts/engine-doc.ts): the page in the repository must be exactly what the code
// generates, so a reading or pass added, moved, renamed or redescribed, or a threshold changed,
// without `npm run docs:engine` fails here.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { READINGS } from '../../../src/extract/content/readings/readings.js';
import { PASSES } from '../../../src/extract/content/passes/passes.js';
import { ENOUGH_CHARS } from '../../../src/extract/content/thresholds/readings.js';
import { generate, readDoc, readThresholds } from '../../../scripts/engine-doc.js';

/** The lines between `<!-- engine:name -->` and its closing marker. */
function region(doc: string, name: string): string[] {
  const start = doc.indexOf(`<!-- engine:${name} -->`);
  const end = doc.indexOf(`<!-- /engine:${name} -->`);
  assert.ok(start >= 0 && end > start, `docs/content-extraction.md has the ${name} region`);
  return doc.slice(start, end).split('\n').slice(1, -1);
}

describe('docs/content-extraction.md', () => {
  it('lists every reading and every block pass in the order the engine runs them', () => {
    const doc = readDoc();
    const readings = region(doc, 'readings').slice(2);
    assert.deepEqual(
      readings.map((l) => l.split(' | ')[1]),
      READINGS.map((r) => `\`${r.name}\``),
    );
    const passes = region(doc, 'passes').slice(2);
    assert.deepEqual(
      passes.map((l) => l.split(' | ')[1]),
      PASSES.map((p) => `\`${p.name}\``),
    );
  });

  it('gives every threshold of content/thresholds/ its value and its reason', async () => {
    const thresholds = await readThresholds();
    assert.ok(thresholds.length >= 20, `found only ${thresholds.length} thresholds`);
    assert.equal(thresholds.find((t) => t.name === 'ENOUGH_CHARS')?.value, String(ENOUGH_CHARS));
    const rows = region(readDoc(), 'thresholds').slice(2);
    assert.equal(rows.length, thresholds.length);
    for (const t of thresholds)
      assert.ok(
        rows.some((r) => r.startsWith(`| \`${t.name}\` | ${t.value} |`)),
        t.name,
      );
  });

  it('is what `npm run docs:engine` generates from the code', async () => {
    const doc = readDoc();
    assert.equal(doc, await generate(doc), 'run npm run docs:engine');
  });
});
