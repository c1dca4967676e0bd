// PDF text: the layout rules on positioned runs, the date format, and the worker task on the
// fixture PDFs (test/support/pdf-fixtures.ts) in process.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { joinLines, layoutPdf, type PdfPageText, type PdfTextRun } from '../../../../src/extract/pdf/pdf-layout.js';
import { pdfDate } from '../../../../src/extract/pdf/pdf-date.js';
import { romanValue } from '../../../../src/extract/pdf/running-lines.js';
import { renderBlocks } from '../../../../src/render/render.js';
import { pdfTask, type PdfRequest } from '../../../../src/workers/pdf-task.js';
import {
  COLUMNS,
  REPORT,
  encryptedPdf,
  longPdf,
  reportPdf,
  scannedPdf,
  truncatedPdf,
  twoColumnPdf,
} from '../../../support/pdf-fixtures.js';

const run = (str: string, x: number, y: number, fontSize = 10): PdfTextRun => ({
  str,
  x,
  y,
  width: str.length * fontSize * 0.5,
  fontSize,
});
const text = (pages: PdfPageText[], outline = []) =>
  renderBlocks(layoutPdf(pages, outline).blocks, { format: 'markdown', title: null, maxChars: 100_000 }).content;

describe('pdfDate', () => {
  const table: Array<[string | null, string | null]> = [
    ["D:20240305100000+01'00'", '2024-03-05T10:00:00+01:00'],
    ["D:20240305100000-05'30'", '2024-03-05T10:00:00-05:30'],
    ['D:20240305100000Z', '2024-03-05T10:00:00+00:00'],
    ["D:20240305100000Z00'00'", '2024-03-05T10:00:00+00:00'],
    ['D:20240305100000', '2024-03-05T10:00:00'],
    ['D:202403051000', '2024-03-05T10:00:00'],
    ['D:20240305', '2024-03-05'],
    ['20240305', '2024-03-05'],
    ['D:2024', '2024'],
    ['D:20241399', null],
    ['garbage', null],
    [null, null],
  ];
  for (const [raw, want] of table) it(`${raw} -> ${want}`, () => assert.equal(pdfDate(raw), want));
});

describe('layoutPdf', () => {
  it('joins a word hyphenated at a line end, keeps real hyphens', () => {
    assert.equal(joinLines('the obser-', 'vations were'), 'the observations were');
    assert.equal(joinLines('a well-', 'Known fact'), 'a well- Known fact');
    assert.equal(joinLines('north-east', 'wind'), 'north-east wind');
  });

  it('reads two columns drawn row by row column by column, a spanning title first', () => {
    const runs: PdfTextRun[] = [run('A title that spans both of the two columns here', 60, 780, 18)];
    for (let i = 0; i < 6; i++) {
      runs.push(run(`left line ${i} of the first column`, 60, 740 - i * 12));
      runs.push(run(`right line ${i} of the second column`, 320, 740 - i * 12));
    }
    const out = text([{ width: 595, height: 842, runs }]);
    const order = ['A title', 'left line 0', 'left line 5', 'right line 0', 'right line 5'].map((s) => out.indexOf(s));
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
      out,
    );
    assert.ok(order.every((i) => i >= 0));
  });

  it('drops running heads and page numbers repeated on every page, keeps the body', () => {
    const pages: PdfPageText[] = [1, 2, 3].map((n) => ({
      width: 595,
      height: 842,
      runs: [
        run('Annual Review - Harbour Trust', 72, 800, 9),
        run(`Body text of page ${n} with several words in it.`, 72, 700),
        run(`${n}`, 290, 30, 9),
      ],
    }));
    const out = text(pages);
    assert.doesNotMatch(out, /Annual Review/);
    assert.doesNotMatch(out, /^\d$/m);
    for (const n of [1, 2, 3]) assert.match(out, new RegExp(`page ${n} with`));
  });

  // Three pages of body text, each opening with `top(n)` and closing with `bottom(n)`.
  const pagesWith = (top: (n: number) => PdfTextRun[], bottom: (n: number) => PdfTextRun[]): PdfPageText[] =>
    [1, 2, 3].map((n) => ({
      width: 595,
      height: 842,
      runs: [
        ...top(n),
        ...[0, 1, 2, 3].map((i) =>
          run(`Body ${i} of the text of page ${n}, with words enough to be body.`, 72, 700 - i * 13),
        ),
        ...bottom(n),
      ],
    }));

  it('keeps headings that open pages 2 and 3 ("Section 2", "Section 3"), larger than the body', () => {
    const out = text(
      pagesWith(
        (n) => [run(`Section ${n}`, 72, 760, 16)],
        (n) => [run(`${n}`, 290, 30, 9)],
      ),
    );
    for (const n of [1, 2, 3]) assert.match(out, new RegExp(`^# Section ${n}$`, 'm'), out);
    assert.doesNotMatch(out, /^\d$/m, 'the page numbers go');
  });

  it('drops a running head whose page number changes, keeps body lines that differ in a number', () => {
    const out = text(
      pagesWith(
        (n) => [run(`Harbour Trust Annual Review | ${n + 4}`, 72, 800, 9)],
        () => [],
      ),
    );
    assert.doesNotMatch(out, /Harbour Trust/);
    for (const n of [1, 2, 3]) assert.match(out, new RegExp(`^Body 0 of the text of page ${n},`, 'm'), out);
  });

  it('reads well-formed roman numerals only', () => {
    const table: Array<[string, number | null]> = [
      ['i', 1],
      ['iv', 4],
      ['xii', 12],
      ['XLIX', 49],
      ['l', 50],
      ['iiii', null],
      ['il', null],
      ['', null],
    ];
    for (const [s, want] of table) assert.equal(romanValue(s), want, s);
  });

  it('roman page numbers are dropped when they count with the pages; a line "l." is text', () => {
    const out = text(
      pagesWith(
        () => [],
        (n) => [
          ...(n === 2 ? [run('The lost files were recovered as wel', 72, 640), run('l.', 72, 627)] : []),
          run(['i', 'ii', 'iii'][n - 1]!, 290, 30, 9),
        ],
      ),
    );
    assert.doesNotMatch(out, /^i+$/m, out);
    assert.match(out, /recovered as wel l\.$/m, out);
    // With no roman numbering at all, a lone "l." at the foot of a page stays too.
    const plain = text(
      pagesWith(
        () => [],
        (n) => (n === 1 ? [run('l.', 72, 600)] : []),
      ),
    );
    assert.match(plain, /^l\.$/m, plain);
  });

  it('makes headings of larger type (levels by size) and of outline entries', () => {
    const runs = [
      run('Big Title', 72, 780, 24),
      run('Section heading', 72, 740, 14),
      ...[0, 1, 2, 3].map((i) => run(`Body line ${i} with enough words to be the body text.`, 72, 700 - i * 13)),
      run('Named by the outline', 72, 600),
    ];
    const out = text([{ width: 595, height: 842, runs }], [{ title: 'Named by the outline', depth: 1 }] as never);
    assert.match(out, /^# Big Title$/m);
    assert.match(out, /^## Section heading$/m);
    assert.match(out, /^## Named by the outline$/m);
    assert.match(out, /^Body line 0 with enough words to be the body text\. Body line 1/m);
  });
});

const req = (bytes: Uint8Array, over: Partial<PdfRequest> = {}): PdfRequest => ({
  bytes,
  maxPages: 500,
  format: 'text',
  includeTitle: true,
  maxChars: 200_000,
  wantText: true,
  ...over,
});

describe('pdfTask on fixture PDFs', () => {
  it('a two-page report: info, title, headings, pages in order, running heads dropped, hyphenation joined', async () => {
    const r = await pdfTask(req(await reportPdf(), { format: 'markdown' }));
    assert.equal(r.error, null);
    assert.equal(r.title, REPORT.title);
    assert.equal(r.pages, 2);
    assert.deepEqual(
      { author: r.info?.author, created: r.info?.created, modified: r.info?.modified },
      { author: REPORT.author, created: REPORT.createdIso, modified: REPORT.modifiedIso },
    );
    const c = r.content!;
    assert.ok(c.startsWith(`# ${REPORT.title}\n\n## 1. Introduction\n\n${REPORT.intro}\n\n`), c);
    assert.match(c, /logged their observations in a shared notebook/);
    assert.ok(c.indexOf('## 2. Findings') > c.indexOf('observations'));
    assert.ok(c.includes(REPORT.findings) && c.includes(REPORT.closing));
    assert.doesNotMatch(c, /Estuary Report 2024|Page \d of 2/);
    assert.equal(c.split(REPORT.title).length, 2, 'the title once');
  });

  it('a two-column page reads left column, then right', async () => {
    const r = await pdfTask(req(await twoColumnPdf()));
    assert.equal(r.content, `${COLUMNS.title}\n${COLUMNS.left}\n${COLUMNS.right}`);
  });

  it('no text layer, encrypted, truncated: no_content saying which', async () => {
    const scanned = await pdfTask(req(await scannedPdf()));
    assert.equal(scanned.error?.reason, 'no_text');
    assert.match(scanned.error.message, /no text layer/);
    assert.equal(scanned.pages, 1);
    const enc = await pdfTask(req(await encryptedPdf()));
    assert.equal(enc.error?.reason, 'encrypted');
    assert.match(enc.error.message, /encrypted/);
    const cut = await pdfTask(req(await truncatedPdf()));
    assert.equal(cut.error?.reason, 'broken');
    assert.match(cut.error.message, /truncated/);
    const junk = await pdfTask(req(Buffer.from('%PDF-1.7\nthis is not a pdf at all\n%%EOF\n')));
    assert.equal(junk.error?.reason, 'broken');
  });

  it('the page cap and max_chars bound the text read, marked truncated', async () => {
    const bytes = await longPdf(40);
    const capped = await pdfTask(req(bytes, { maxPages: 5 }));
    assert.equal(capped.truncated, true);
    assert.equal(capped.pages, 40);
    assert.match(capped.content!, /Entry 5:/);
    assert.doesNotMatch(capped.content!, /Entry 6:/);
    const short = await pdfTask(req(bytes, { maxChars: 300 }));
    assert.equal(short.truncated, true);
    assert.ok(short.content!.length <= 300);
    const whole = await pdfTask(req(bytes));
    assert.equal(whole.truncated, false);
    assert.match(whole.content!, /Entry 40:/);
  });
});

describe('PDF bodies in the fetcher', () => {
  it('decodeBody: application/pdf and a %PDF- body of a generic or missing type are pdf, kept as bytes', async () => {
    const { decodeBody } = await import('../../../../src/fetch/decode.js');
    const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
    assert.deepEqual(decodeBody(pdf, 'application/pdf'), { kind: 'pdf', charset: null, text: null });
    assert.equal(decodeBody(pdf, 'application/octet-stream').kind, 'pdf');
    assert.equal(decodeBody(pdf, null).kind, 'pdf');
    assert.equal(decodeBody(pdf, 'image/png').kind, 'binary');
    assert.equal(decodeBody(Buffer.from('PK\x03\x04', 'latin1'), 'application/octet-stream').kind, 'binary');
  });
});
