// The commands the README and docs tell a reader to run exist: every `npm run <script>` is a
// script of package.json, every `dist/<path>.js` is built from a source file of the repository,
// and docs/benchmarks.md, which the README offers as the list of every benchmark command, has a
// row for each `bench:*` script. Scripts are renamed and benches added more often than the docs
// that name them are read again.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

/** README.md and every docs/*.md, with their text. */
const docs: [string, string][] = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)]
  .filter((f) => f.endsWith('.md'))
  .map((f) => [f, read(f)]);

// Script names are lower-case words joined by ':' or '-'; each class is bounded by the next
// character, so the matches are linear.
const NPM_RUN = /npm run ([a-z]+(?:[:-][a-z]+)*)/g;
const DIST_JS = /\bdist\/([\w./-]+?)\.js\b/g;

describe('commands named in the README and docs', () => {
  it('every `npm run` names a script of package.json', () => {
    const missing = docs.flatMap(([file, text]) =>
      [...text.matchAll(NPM_RUN)].filter((m) => !scripts.includes(m[1]!)).map((m) => `${file}: npm run ${m[1]}`),
    );
    assert.deepEqual(missing, []);
  });

  it('every dist/*.js is built from a source file', () => {
    const missing = docs.flatMap(([file, text]) =>
      [...text.matchAll(DIST_JS)]
        .filter((m) => !['.ts', '.cts', '.mts'].some((ext) => existsSync(join(root, m[1]! + ext))))
        .map((m) => `${file}: dist/${m[1]}.js`),
    );
    assert.deepEqual(missing, []);
  });

  it('docs/benchmarks.md has a row for every bench:* script', () => {
    const table = read('docs/benchmarks.md');
    const rowless = scripts.filter((s) => s.startsWith('bench:') && !table.includes(`| \`npm run ${s}\` |`));
    assert.deepEqual(rowless, []);
  });
});
