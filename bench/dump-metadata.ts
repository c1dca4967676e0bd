// node dist/bench/dump-metadata.js <out-file>: get_url_metadata's answer (the worker's pure
// extraction, no fetch) for every page of ../shared/bench/metadata-dev and wcxb-dev, one JSON line
// per page, then the cleaners' headline (page/headline.ts). Refactors meant to leave metadata
// unchanged compare two dumps byte for byte.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { corpusDir } from './corpus.js';
import { loadWcxb } from './wcxb.js';
import { decodeBody } from '../src/fetch/decode.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { extractMetadata } from '../src/extract/metadata/index.js';
import { pageTitles } from '../src/extract/page/headline.js';

interface Entry {
  url: string;
  page: string;
  content_type: string;
}

function main(): void {
  const out = process.argv[2];
  if (!out) throw new Error('usage: dump-metadata.js <out-file>');
  const shared = resolve(corpusDir(), '..');
  const expected = JSON.parse(readFileSync(resolve(shared, 'metadata-dev', 'expected.json'), 'utf8')) as Record<
    string,
    Entry
  >;
  const lines: string[] = [];
  for (const [id, entry] of Object.entries(expected)) {
    const html = decodeBody(readFileSync(resolve(shared, entry.page)), entry.content_type).text ?? '';
    const data = extractMetadata(parseHtml(html), entry.url, { 'content-type': entry.content_type });
    const headline = pageTitles(parseHtml(html), entry.url).headline;
    lines.push(`metadata-dev/${id}\t${JSON.stringify(data)}\t${JSON.stringify(headline)}`);
  }
  for (const page of loadWcxb()) {
    const data = extractMetadata(parseHtml(page.html), page.finalUrl, { 'content-type': 'text/html; charset=utf-8' });
    const headline = pageTitles(parseHtml(page.html), page.finalUrl).headline;
    lines.push(`wcxb/${page.id}\t${JSON.stringify(data)}\t${JSON.stringify(headline)}`);
  }
  writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${lines.length} pages -> ${out}`);
}

main();
