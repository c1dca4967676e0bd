// Compares fixture pages with the current code and, only with --write, rewrites their
// expected.txt / expected.md for review:
//   node dist/test/support/write-fixture-expectations.js [--write] [slug...]
// Without --write nothing is written: it lists the pages whose output differs. Read every file
// it writes before committing: an expected file states what a user should get, not whatever
// the code printed. A page whose request expects an error gets no expected files.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadFixtures, runFixture } from './page-fixtures.js';

const args = process.argv.slice(2);
const write = args.includes('--write');
const only = new Set(args.filter((a) => a !== '--write'));
for (const f of loadFixtures()) {
  if (only.size && !only.has(f.slug)) continue;
  if (f.request.expect.error) {
    const r = runFixture(f, 'text');
    console.log(`${f.slug}: expects ${f.request.expect.error}, got ${r.ok ? `${r.profile} content` : r.code}`);
    continue;
  }
  for (const [format, file] of [
    ['text', 'expected.txt'],
    ['markdown', 'expected.md'],
  ] as const) {
    const r = runFixture(f, format);
    if (!r.ok) {
      console.log(`${f.slug}: ${r.code} (title ${JSON.stringify(r.title)})`);
      break;
    }
    const target = new URL(file, f.dir);
    const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
    const next = r.content + '\n';
    if (current === next) continue;
    if (write) writeFileSync(target, next);
    console.log(
      `${f.slug}/${file}: ${write ? 'written' : 'differs'} (${r.profile}${r.fallbackUsed ? ', fallback' : ''}, ` +
        `${r.wordCount} words${r.truncated ? ', truncated' : ''})`,
    );
  }
}
