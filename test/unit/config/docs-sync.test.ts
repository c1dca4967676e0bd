// docs/errors.md must list every error code of the catalog (with its status or retryable flag),
// docs/configuration.md every setting config.ts reads with the default the code really has, and
// the README every request field, so the documentation cannot drift.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { defaultConfig, type Config } from '../../../src/config/config.js';
import { ITEM_ERRORS, REQUEST_ERRORS } from '../../../src/errors/codes.js';
import { TOOLS } from '../../../src/tools/registry.js';

const root = new URL('../../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const readme = read('README.md');
const errorsDoc = read('docs/errors.md');
const configDoc = read('docs/configuration.md');
const configSource = read('src/config/config.ts');

/** The settings config.ts reads: variable name -> Config key. */
function settings(): Map<string, keyof Config> {
  const out = new Map<string, keyof Config>();
  for (const line of configSource.split('\n')) {
    const key = /^ *(\w+): /.exec(line);
    const variable = key && /\(env, '([A-Z_]+)'|env\.([A-Z_]+)/.exec(line);
    if (key && variable) out.set((variable[1] ?? variable[2])!, key[1] as keyof Config);
  }
  return out;
}

/** The table row of a doc that starts with the given code-formatted name. */
/** A default as the docs write it, between backticks. */
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

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

  it('every setting config.ts reads is in docs/configuration.md with its default', () => {
    const found = settings();
    assert.ok(found.size >= 28, `found only ${found.size} settings in config.ts`);
    assert.ok(found.has('HOST') && found.has('PORT'));
    const defaults = defaultConfig();
    for (const [variable, key] of found) {
      const line = row(configDoc, variable);
      assert.ok(line, `docs/configuration.md lacks ${variable}`);
      if (key === 'userAgent' || key === 'workerThreads') continue; // computed at start-up
      const value = defaults[key];
      const cell = line.split('|')[2]!.trim();
      if (Array.isArray(value) && value.length === 0) assert.match(cell, /empty/, variable);
      else if (value === null) assert.match(cell, /none/, variable);
      else assert.equal(cell, `\`${shown(value)}\``, `${variable} default in docs/configuration.md`);
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
