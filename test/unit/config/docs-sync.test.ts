// docs/errors.md must list every error code of the catalog (with its status or retryable flag)
// and the README every request field with its default, so the documentation cannot drift.
// (docs/configuration.md is generated from config.ts and checked in test/unit/docs.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ITEM_ERRORS, REQUEST_ERRORS } from '../../../src/errors/codes.js';
import { TOOLS } from '../../../src/tools/registry.js';

const root = new URL('../../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const readme = read('README.md');
const errorsDoc = read('docs/errors.md');

/** A default as the docs write it, between backticks. */
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The table row of a doc that starts with the given code-formatted name. */
function row(doc: string, name: string): string | undefined {
  return doc.split('\n').find((l) => l.startsWith(`| \`${name}\` |`));
}

describe('documentation stays in sync with the code', () => {
  it('every request-level code is in docs/errors.md with its status', () => {
    for (const [code, { status }] of Object.entries(REQUEST_ERRORS)) {
      const line = row(errorsDoc, code);
      assert.ok(line, `docs/errors.md lacks ${code}`);
      assert.equal(line.split('|')[2]!.trim(), String(status), `docs/errors.md status of ${code}`);
    }
  });

  it('every item code is in docs/errors.md with its retryable flag', () => {
    for (const [code, { retryable }] of Object.entries(ITEM_ERRORS)) {
      const line = row(errorsDoc, code);
      assert.ok(line, `docs/errors.md lacks ${code}`);
      assert.equal(line.split('|')[2]!.trim(), retryable ? 'yes' : 'no', `docs/errors.md retryable of ${code}`);
    }
  });

  it('every request field of every tool is in the README request table with its default', () => {
    const start = readme.indexOf('### Request fields');
    const rows = readme
      .slice(start, readme.indexOf('\n###', start + 1))
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| tool') && !l.startsWith('|---'))
      .map((l) => l.split('|').map((c) => c.trim()));
    for (const tool of TOOLS) {
      for (const [field, schema] of Object.entries(
        tool.inputSchema.properties as Record<string, { default?: unknown }>,
      )) {
        const row = rows.find(
          (r) => r[2] === `\`${field}\`` && (r[1] === 'all four' || r[1]!.split(', ').includes(tool.command)),
        );
        assert.ok(row, `README request table lacks ${tool.name}.${field}`);
        if (schema.default !== undefined)
          assert.ok(
            row[4]!.includes(`\`${shown(schema.default)}\``),
            `README default of ${tool.name}.${field} should be ${shown(schema.default)}: ${row[4]}`,
          );
      }
    }
  });
});
