// Diagnostic (session 26): heap used at each step of a clean task on a 5 MiB page, in one thread.
import { getHeapStatistics, getHeapSpaceStatistics } from 'node:v8';
import { loadCorpus } from './corpus.js';
import { taskText } from '../src/fetch/fetched-body.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { cleanDocument } from '../src/workers/clean-document.js';

const gc = (globalThis as any).gc as () => void;
const mb = (b: number) => (b / 2 ** 20).toFixed(1);
function show(label: string) {
  gc();
  const h = getHeapStatistics();
  const spaces = getHeapSpaceStatistics()
    .filter((s) => s.space_used_size > 1 << 20)
    .map((s) => `${s.space_name} ${mb(s.space_used_size)}`)
    .join(', ');
  console.log(
    `${label}: used ${mb(h.used_heap_size)} total ${mb(h.total_heap_size)} ext ${mb(process.memoryUsage().external)} rss ${mb(process.memoryUsage().rss)} | ${spaces}`,
  );
}
const pages = loadCorpus(40);
const article = pages.reduce((a, p) => (p.html.length > a.length && p.html.length < 200_000 ? p.html : a), '');
let big = '';
while (big.length < 5 * 1024 * 1024) big += article;
big = big.slice(0, 5 * 1024 * 1024);
const kind = process.argv[2] ?? 'big';
let binary: string | null = Buffer.from(kind === 'big' ? big : ' '.repeat(5 * 1024 * 1024)).toString('latin1');
(pages as unknown[]).length = 0;
big = '';
show('start');
let body: string | null = taskText({ binary, charset: 'utf-8' } as any);
console.log('own text', body === binary);
binary = null;
show('text');
let t = performance.now();
let doc: any = parseHtml(body);
console.log('parse ms', (performance.now() - t).toFixed(0));
show('parsed');
t = performance.now();
const r = cleanDocument(doc, {
  finalUrl: 'http://x/big',
  profile: 'content',
  format: 'text',
  includeTitle: false,
  maxChars: 200_000,
  reparse: () => parseHtml(body!),
});
console.log('clean ms', (performance.now() - t).toFixed(0), r.ok && r.content.length);
show('cleaned (doc kept)');
doc = null;
show('doc dropped');
body = null;
show('text dropped');
