// Writes expected.txt / expected.md for fixture pages from the current code, for review:
//   node dist/test/support/write-fixture-expectations.js [slug...]
// Read every file it writes before committing: an expected file states what a user should
// get, not whatever the code printed.
import { writeFileSync } from 'node:fs';
import { loadFixtures, runFixture } from './page-fixtures.js';

const only = new Set(process.argv.slice(2));
for (const f of loadFixtures()) {
  if (only.size && !only.has(f.slug)) continue;
  for (const [format, file] of [['text', 'expected.txt'], ['markdown', 'expected.md']] as const) {
    const r = runFixture(f, format);
    if (!r.ok) {
      console.log(`${f.slug}: ${r.code} (title ${JSON.stringify(r.title)})`);
      break;
    }
    writeFileSync(new URL(file, f.dir), r.content + '\n');
    if (format === 'text') console.log(`${f.slug}: ${r.profile}${r.fallbackUsed ? ' (fallback)' : ''}, ${r.wordCount} words${r.truncated ? ', truncated' : ''}`);
  }
}
