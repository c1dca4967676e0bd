// node dist/bench/dump-outputs.js <out-file>: both cleaners' full results (title and block
// model, as JSON) for every corpus page, one line per page. Refactors meant to leave output
// unchanged (speed work) are checked by comparing two dumps byte for byte.
import { writeFileSync } from 'node:fs';
import { loadCorpus } from './corpus.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { extractContent } from '../src/extract/content/extract-content.js';
import { extractIndex } from '../src/extract/index-page.js';

function main(): void {
  const out = process.argv[2];
  if (!out) throw new Error('usage: dump-outputs.js <out-file>');
  const lines: string[] = [];
  for (const page of loadCorpus()) {
    const content = extractContent(parseHtml(page.html), page.finalUrl);
    const index = extractIndex(parseHtml(page.html), page.finalUrl);
    lines.push(JSON.stringify({ url: page.url, content, index }));
  }
  writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${lines.length} pages -> ${out}`);
}

main();
