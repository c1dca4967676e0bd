// PDF benchmark: urlkit's PDF reading (pdf.js text, layout into blocks, render to text) next to
// the floor, unpdf's own extractText (pdf.js text joined per page, no layout), on the same
// generated files in the same run, rows taken in turn, in process; and the same task as the
// service runs it, read in a PDF process of its own under its memory limit (pdf-processes.ts: the
// bytes and the blocks cross a pipe) and rendered here, warm, and what starting such a process
// costs. Also the
// anti-bot detector's cost per page.
//   npm run bench:pdf  [-- --rounds 3]
import { extractText, getDocumentProxy } from 'unpdf';
import { detectBotProtection } from '../src/fetch/bot-protection.js';
import { pdfTask, renderPdf } from '../src/workers/pdf-task.js';
import { PdfProcesses } from '../src/workers/pdf-processes.js';
import { defaultConfig } from '../src/config/config.js';
import { BOT_PAGES, VENDOR_ARTICLE } from '../test/support/bot-pages.js';
import { bookPdf, reportPdf, twoColumnPdf } from '../test/support/pdf-fixtures.js';
import { upperMedian } from './stats.js';

const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 3;

const files: Array<[string, Uint8Array]> = [
  ['report, 2 pages', await reportPdf()],
  ['two columns, 1 page', await twoColumnPdf()],
  ['text, 50 pages x 45 lines', await bookPdf(50)],
];

const MEMORY_MB = defaultConfig().pdfMaxMemoryMb;
const processes = new PdfProcesses(MEMORY_MB);
const request = (bytes: Uint8Array) =>
  ({ bytes, maxPages: 10_000, format: 'text', includeTitle: true, maxChars: 2_000_000, wantText: true }) as const;

console.log(
  `PDF reading: median of ${rounds} rounds (rows in turn), node ${process.version}, max_chars 2,000,000; ` +
    `in process, and in a warm PDF process (${MEMORY_MB} MiB limit)\n`,
);
console.log(
  '| file | bytes | unpdf extractText ms (floor) | urlkit pdfTask ms | urlkit / floor ' +
    '| urlkit in its PDF process ms | process / in process |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const [name, bytes] of files) {
  const floor: number[] = [];
  const ours: number[] = [];
  const inProcess: number[] = [];
  for (let r = 0; r < rounds + 1; r++) {
    let t = performance.now();
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    await extractText(pdf, { mergePages: true });
    await pdf.loadingTask.destroy();
    const f = performance.now() - t;
    t = performance.now();
    await pdfTask(request(bytes));
    const o = performance.now() - t;
    t = performance.now();
    // Read in the process, rendered here (the service renders in a worker thread).
    renderPdf(await processes.run(request(bytes), new AbortController().signal), request(bytes));
    const p = performance.now() - t;
    // The first round warms both up (module load, JIT) and is not counted.
    if (r > 0) {
      floor.push(f);
      ours.push(o);
      inProcess.push(p);
    }
  }
  const [fl, ou, pr] = [upperMedian(floor), upperMedian(ours), upperMedian(inProcess)];
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  const cells = [name, bytes.length, fl.toFixed(1), ou.toFixed(1), ratio(ou, fl), pr.toFixed(1), ratio(pr, ou)];
  console.log(`| ${cells.join(' | ')} |`);
}

// A cold start: a new process for the smallest file (node and pdf.js load again), as after
// IDLE_MS without a PDF.
const cold: number[] = [];
for (let r = 0; r < rounds; r++) {
  const fresh = new PdfProcesses(MEMORY_MB);
  const t = performance.now();
  await fresh.run(request(files[1]![1]), new AbortController().signal);
  cold.push(performance.now() - t);
  await fresh.close();
}
await processes.close();
console.log(`\na new PDF process reading the one-page file: ${upperMedian(cold).toFixed(0)} ms (median of ${rounds})`);

const pages = [
  ...BOT_PAGES.map((p) => ({ ...p, bytes: Buffer.from(p.body) })),
  { name: 'article x20', status: 200, headers: {}, cookies: [], bytes: Buffer.from(VENDOR_ARTICLE.repeat(20)) },
];
const n = 2000;
const t = performance.now();
for (let i = 0; i < n; i++) {
  const p = pages[i % pages.length]!;
  detectBotProtection({ status: p.status, headers: p.headers, setCookieNames: [], body: p.bytes });
}
const perResponseUs = (((performance.now() - t) / n) * 1000).toFixed(1);
const largest = pages[pages.length - 1]!.bytes.length;
console.log(
  `\nanti-bot detector: ${perResponseUs} µs per response (mean over ${n}, the ${pages.length} fixture pages in turn, ` +
    `largest ${largest} bytes, scan capped at 96 KB)`,
);
