// Every regular expression in src/ outside the extraction engine (whose own are the v3 pipeline's)
// passes eslint-plugin-regexp's super-linear rules: no backtracking that a stranger's bytes can
// make quadratic, and no quantifier at the start of a pattern that is retried from every position.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

test('no super-linear regular expression in src/ outside src/extract/', async () => {
  const eslint = new ESLint({
    cwd: root,
    // An eslint-disable comment does not silence these rules.
    allowInlineConfig: false,
    overrideConfigFile: true,
    overrideConfig: [
      { ignores: ['src/extract/**'] },
      {
        files: ['src/**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { regexp },
        rules: { 'regexp/no-super-linear-backtracking': 'error', 'regexp/no-super-linear-move': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles(['src/**/*.ts']);
  assert.ok(results.length > 100, `only ${results.length} files linted`);
  const findings = results.flatMap((r) =>
    r.messages.map((m) => `${r.filePath.slice(root.length)}:${m.line}:${m.column} ${m.message}`),
  );
  assert.deepEqual(findings, []);
});
