// node dist/bench/dump-clean.js <out-dir> [--set=articles|wcxb] [--piece-bytes=N]: what
// clean_web_content answers (text and markdown, title included, the cascade and its fallback
// included) plus the content and index profiles' block models, for every page of both development
// sets, one file per set. Refactors meant to leave output unchanged (speed work) compare two dumps
// byte for byte. Each page is parsed from its UTF-8 bytes decoded in pieces, as a worker reads a
// fetched page (parse/page-pieces.ts); --piece-bytes cuts them smaller, so that far more tokens
// span a cut.
import { decodePieces, PIECE_BYTES } from '../src/fetch/decode.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCorpus } from './corpus.js';
import { loadWcxb } from './wcxb.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { extractContent } from '../src/extract/content/extract-content.js';
import { extractIndex } from '../src/extract/index-page.js';
import { cleanDocument } from '../src/workers/clean-document.js';

function dumpPage(page: string, finalUrl: string, pieceBytes: number): string {
  const html = decodePieces(Buffer.from(page, 'utf8'), 'utf-8', pieceBytes);
  const clean = (format: 'text' | 'markdown'): unknown =>
    cleanDocument(parseHtml(html), {
      finalUrl,
      profile: 'content',
      format,
      includeTitle: true,
      maxChars: 200_000,
      reparse: () => parseHtml(html),
    });
  const content = extractContent(parseHtml(html), finalUrl);
  const index = extractIndex(parseHtml(html), finalUrl);
  return JSON.stringify({ text: clean('text'), markdown: clean('markdown'), content, index });
}

function main(): void {
  const out = process.argv[2];
  if (!out) throw new Error('usage: dump-clean.js <out-dir> [--set=articles|wcxb]');
  const set = process.argv.find((a) => a.startsWith('--set='))?.slice(6) ?? 'all';
  const pieceBytes = Number(process.argv.find((a) => a.startsWith('--piece-bytes='))?.slice(14) ?? PIECE_BYTES);
  mkdirSync(out, { recursive: true });
  if (set === 'all' || set === 'articles') {
    const lines = loadCorpus().map((p) => `${p.file}\t${dumpPage(p.html, p.finalUrl, pieceBytes)}`);
    writeFileSync(join(out, 'articles.jsonl'), lines.join('\n') + '\n');
    console.log(`articles: ${lines.length} pages`);
  }
  if (set === 'all' || set === 'wcxb') {
    const lines = loadWcxb().map((p) => `${p.id}\t${dumpPage(p.html, p.finalUrl, pieceBytes)}`);
    writeFileSync(join(out, 'wcxb.jsonl'), lines.join('\n') + '\n');
    console.log(`wcxb: ${lines.length} pages`);
  }
}

main();
