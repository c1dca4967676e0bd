// Diagnostic: heap used at each step of a clean task on a 5 MiB page, in one thread
// (node --expose-gc dist/bench/parse-memory-diag.js [big|spaces]).
import { getHeapStatistics, getHeapSpaceStatistics } from 'node:v8';
import type { Document } from 'domhandler';
import { loadCorpus } from './corpus.js';
import { postedText } from '../src/workers/page-bytes.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { cleanDocument } from '../src/workers/clean-document.js';

const gc = (globalThis as { gc?: () => void }).gc ?? ((): void => {});
const mb = (b: number): string => (b / 2 ** 20).toFixed(1);
function show(label: string): void {
  gc();
  const h = getHeapStatistics();
  const spaces = getHeapSpaceStatistics()
    .filter((s) => s.space_used_size > 1 << 20)
    .map((s) => `${s.space_name} ${mb(s.space_used_size)}`)
    .join(', ');
  const { external, rss } = process.memoryUsage();
  const heap = `used ${mb(h.used_heap_size)} total ${mb(h.total_heap_size)}`;
  console.log(`${label}: ${heap} ext ${mb(external)} rss ${mb(rss)} | ${spaces}`);
}

/** What the steps hold, let go of one by one (set to null) to see the heap each one keeps. */
const held: { bytes: Uint8Array | null; body: string | null; doc: Document | null } = {
  bytes: null,
  body: null,
  doc: null,
};

function main(): void {
  const pages = loadCorpus(40);
  const article = pages.reduce((a, p) => (p.html.length > a.length && p.html.length < 200_000 ? p.html : a), '');
  let big = '';
  while (big.length < 5 * 1024 * 1024) big += article;
  const kind = process.argv[2] ?? 'big';
  held.bytes = Buffer.from(kind === 'big' ? big.slice(0, 5 * 1024 * 1024) : ' '.repeat(5 * 1024 * 1024));
  pages.length = 0;
  show('start');
  held.body = postedText({ bytes: held.bytes, charset: 'utf-8' });
  held.bytes = null;
  show('text');
  let t = performance.now();
  held.doc = parseHtml(held.body);
  console.log('parse ms', (performance.now() - t).toFixed(0));
  show('parsed');
  t = performance.now();
  const r = cleanDocument(held.doc, {
    finalUrl: 'http://x/big',
    profile: 'content',
    format: 'text',
    includeTitle: false,
    maxChars: 200_000,
    reparse: () => parseHtml(held.body ?? ''),
  });
  console.log('clean ms', (performance.now() - t).toFixed(0), r.ok && r.content.length);
  show('cleaned (doc kept)');
  held.doc = null;
  show('doc dropped');
  held.body = null;
  show('text dropped');
}

main();
