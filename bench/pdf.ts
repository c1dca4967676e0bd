// PDF benchmark: urlkit's PDF reading (pdf.js text, layout into blocks, render to text) next to
// the floor, unpdf's own extractText (pdf.js text joined per page, no layout), on the same
// generated files in the same run, rows taken in turn. Single thread, in process (the worker
// adds a copy of the bytes and a thread hop). Also the anti-bot detector's cost per page.
//   npm run bench:pdf  [-- --rounds 3]
import { extractText, getDocumentProxy } from 'unpdf';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { detectBotProtection } from '../src/fetch/bot-protection.js';
import { pdfTask } from '../src/workers/pdf-task.js';
import { BOT_PAGES, VENDOR_ARTICLE } from '../test/support/bot-pages.js';
import { reportPdf, twoColumnPdf } from '../test/support/pdf-fixtures.js';

const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 3;

async function textPdf(pages: number, linesPerPage: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let n = 0; n < pages; n++) {
    const p = doc.addPage([595, 842]);
    p.drawText(`Chapter ${n + 1}`, { x: 72, y: 780, size: 16, font });
    for (let i = 0; i < linesPerPage; i++) {
      p.drawText(`Line ${i} of page ${n + 1}: the tide came in over the flats and the waders rose from the mud.`, {
        x: 72,
        y: 750 - i * 14,
        size: 11,
        font,
      });
    }
  }
  return doc.save();
}

const files: Array<[string, Uint8Array]> = [
  ['report, 2 pages', await reportPdf()],
  ['two columns, 1 page', await twoColumnPdf()],
  ['text, 50 pages x 45 lines', await textPdf(50, 45)],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(
  `PDF reading: median of ${rounds} rounds (rows in turn), node ${process.version}, in process, max_chars 2,000,000\n`,
);
console.log('| file | bytes | unpdf extractText ms (floor) | urlkit pdfTask ms | urlkit / floor |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, bytes] of files) {
  const floor: number[] = [];
  const ours: number[] = [];
  for (let r = 0; r < rounds + 1; r++) {
    let t = performance.now();
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    await extractText(pdf, { mergePages: true });
    await pdf.destroy();
    const f = performance.now() - t;
    t = performance.now();
    await pdfTask({ bytes, maxPages: 10_000, format: 'text', includeTitle: true, maxChars: 2_000_000, wantText: true });
    const o = performance.now() - t;
    // The first round warms both up (module load, JIT) and is not counted.
    if (r > 0) {
      floor.push(f);
      ours.push(o);
    }
  }
  console.log(
    `| ${name} | ${bytes.length} | ${median(floor).toFixed(1)} | ${median(ours).toFixed(1)} | ` +
      `${(median(ours) / median(floor)).toFixed(2)}x |`,
  );
}

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
console.log(
  `\nanti-bot detector: ${(((performance.now() - t) / n) * 1000).toFixed(1)} µs per response (mean over ${n}, ` +
    `the ${pages.length} fixture pages in turn, largest ${pages[pages.length - 1]!.bytes.length} bytes, ` +
    'scan capped at 96 KB)',
);
