// The README and docs/errors.md must list every error code of the catalog and every setting
// config.ts reads, with the default the code really has, so the documentation cannot drift.
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
const configSource = read('src/config/config.ts');

/** The settings config.ts reads: variable name -> Config key. */
function settings(): Map<string, keyof Config> {
  const out = new Map<string, keyof Config>();
  for (const m of configSource.matchAll(/^\s*(\w+):\s*[^\n]*?(?:\(env,\s*'([A-Z_]+)'|env\.([A-Z_]+))/gm)) {
    out.set((m[2] ?? m[3])!, m[1] as keyof Config);
  }
  return out;
}

function readmeRow(variable: string): string | undefined {
  return readme.split('\n').find((l) => l.startsWith(`| \`${variable}\` |`));
}

describe('documentation stays in sync with the code', () => {
  it('every request-level code is in README.md (with its status) and docs/errors.md', () => {
    for (const [code, { status }] of Object.entries(REQUEST_ERRORS)) {
      assert.ok(errorsDoc.includes(`\`${code}\``), `docs/errors.md lacks ${code}`);
      const row = readme.split('\n').find((l) => l.startsWith(`| \`${code}\` |`));
      assert.ok(row, `README.md lacks ${code}`);
      assert.ok(row.includes(String(status)), `README.md row for ${code} lacks status ${status}`);
    }
  });

  it('every item code is in README.md (with retryable) and docs/errors.md', () => {
    for (const [code, { retryable }] of Object.entries(ITEM_ERRORS)) {
      assert.ok(errorsDoc.includes(`\`${code}\``), `docs/errors.md lacks ${code}`);
      const row = readme.split('\n').find((l) => l.startsWith(`| \`${code}\` |`));
      assert.ok(row, `README.md lacks ${code}`);
      assert.match(row, retryable ? /\| yes/ : /\| no/, `README.md retryable for ${code}`);
    }
  });

  it('every setting config.ts reads is in the README settings table with its default', () => {
    const found = settings();
    assert.ok(found.size >= 28, `found only ${found.size} settings in config.ts`);
    assert.ok(found.has('HOST') && found.has('PORT'));
    const defaults = defaultConfig();
    for (const [variable, key] of found) {
      const row = readmeRow(variable);
      assert.ok(row, `README.md settings table lacks ${variable}`);
      if (key === 'userAgent' || key === 'workerThreads') continue; // computed at start-up
      const value = defaults[key];
      const cell = row.split('|')[2]!.trim();
      if (Array.isArray(value) && value.length === 0) assert.match(cell, /empty/, variable);
      else if (value === null) assert.match(cell, /none/, variable);
      else assert.equal(cell, `\`${String(value)}\``, `${variable} default in README`);
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
            row[4]!.includes(`\`${String(schema.default)}\``),
            `README default of ${tool.name}.${field} should be ${String(schema.default)}: ${row[4]}`,
          );
      }
    }
  });
});
