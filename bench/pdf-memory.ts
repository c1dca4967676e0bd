// npm run bench:pdf-memory: how much memory a PDF process needs for real multi-hundred-page PDFs
// and how much the PDF bomb gets before its limit stops it, for each data-segment limit. Each
// file is read by a fresh PDF process (pdf-processes.ts, as the service runs it) under each
// limit; its resident memory is sampled from /proc every 20 ms. Prints, per limit and file,
// whether it was read and the process's peak RSS: the limit to choose is the lowest under which
// the real files are read, and the bomb's peak under it is what one PDF costs at most.
// Files given with --files (real PDFs; the texinfo manual Debian ships with libtasn1-doc is read
// when it is there) are read at both max_chars too.
//   npm run bench:pdf-memory [-- --limits 80,96,128,160 --pages 200,500 --files a.pdf,b.pdf]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { PdfProcesses } from '../src/workers/pdf-processes.js';
import { pdfBomb } from '../test/support/hostile-pages.js';
import { bookPdf } from '../test/support/pdf-fixtures.js';
import { arg } from './service-process.js';

const LIMITS = (arg('limits') ?? '64,80,96,128,160').split(',').map(Number);
const PAGES = (arg('pages') ?? '200,500').split(',').map(Number);
const MAX_CHARS = (arg('max-chars') ?? '200000,2000000').split(',').map(Number);

/** Resident KiB of this process's child processes (the PDF processes), summed. */
function childrenRssKib(): number {
  let kib = 0;
  for (const task of readdirSync('/proc/self/task'))
    for (const pid of readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
      try {
        kib += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      } catch {
        /* it ended */
      }
  return kib;
}

const files: Array<{ name: string; bytes: () => Uint8Array; maxChars: number }> = [];
for (const pages of PAGES) {
  const bytes = await bookPdf(pages);
  for (const maxChars of MAX_CHARS)
    files.push({
      name: `text, ${pages} pages (${Math.round(bytes.length / 1024)} KB), max_chars ${maxChars.toLocaleString('en')}`,
      bytes: () => bytes.slice(),
      maxChars,
    });
}
const REAL = '/usr/share/doc/libtasn1-doc/libtasn1.pdf';
const given = arg('files')?.split(',') ?? (existsSync(REAL) ? [REAL] : []);
for (const path of given) {
  const bytes = new Uint8Array(readFileSync(path));
  for (const maxChars of MAX_CHARS)
    files.push({
      name: `${basename(path)} (${Math.round(bytes.length / 1024)} KB), max_chars ${maxChars.toLocaleString('en')}`,
      bytes: () => bytes.slice(),
      maxChars,
    });
}
const bomb = new Uint8Array(await pdfBomb());
files.push({ name: 'the PDF bomb (Flate over Flate over 1 GiB)', bytes: () => bomb.slice(), maxChars: 200_000 });

console.log(`node ${process.version}; each cell: read or refused, peak RSS of the PDF process in MiB\n`);
console.log(`| file | ${LIMITS.map((l) => `limit ${l} MiB`).join(' | ')} |`);
console.log(`|---|${LIMITS.map(() => '---:').join('|')}|`);
for (const file of files) {
  const cells: string[] = [];
  for (const limit of LIMITS) {
    const processes = new PdfProcesses(limit);
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, childrenRssKib())), 20);
    let outcome: string;
    try {
      const result = await processes.run(
        {
          bytes: file.bytes(),
          maxPages: 10_000,
          format: 'text',
          includeTitle: true,
          maxChars: file.maxChars,
          wantText: true,
        },
        AbortSignal.timeout(120_000),
      );
      outcome = result.error ? result.error.reason : 'read';
    } catch (err) {
      outcome = (err as { code?: string }).code ?? 'failed';
    }
    clearInterval(sampler);
    await processes.close();
    cells.push(`${outcome} ${(peak / 1024).toFixed(0)}`);
  }
  console.log(`| ${file.name} | ${cells.join(' | ')} |`);
}
