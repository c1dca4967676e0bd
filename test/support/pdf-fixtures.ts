// Fixture PDFs made by the tests with pdf-lib (a dev dependency): a two-page report with an
// Info dictionary, running heads and page numbers, headings by font size and a word hyphenated
// at a line end; a two-column page drawn row by row (so stream order is not reading order); a
// scanned page (an image, no text layer); an encrypted file (RC4, a user password); a
// truncated file; a long one; a file bloated past a byte size by an attachment.
import { createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts, type PDFDict, type PDFFont, type PDFPage } from 'pdf-lib';

export const REPORT = {
  title: 'Tides of the Northern Estuary',
  author: 'Mara Quill',
  subject: 'Tide heights and sediment at six stations',
  created: "D:20240305100000+01'00'",
  createdIso: '2024-03-05T10:00:00+01:00',
  modifiedIso: '2024-04-01T08:30:00+00:00',
  intro:
    'The northern estuary has been measured at six stations since 1998. This report sets out what the tide gauges ' +
    'recorded over the last year and how the sandbanks moved after the winter storms, with the observations of ' +
    'the volunteers who walked the banks at low water each month.',
  findings:
    'High water arrived on average eleven minutes earlier than the tables predict, and the difference grew towards ' +
    'the head of the estuary. Sediment built up along the eastern channel while the western channel deepened, a ' +
    'pattern last seen in the records of the early nineteen-seventies.',
  closing:
    'The stations will keep recording through the next year, and the volunteers will repeat the bank surveys each ' +
    'spring.',
};

interface Writer {
  page: PDFPage;
  font: PDFFont;
  bold: PDFFont;
  y: number;
}

/** Lines of `text` that fit `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

function paragraph(w: Writer, text: string, x = 72, width = 450, size = 11): void {
  for (const line of wrap(text, w.font, size, width)) {
    w.page.drawText(line, { x, y: w.y, size, font: w.font });
    w.y -= size * 1.3;
  }
  w.y -= size * 1.2;
}

function heading(w: Writer, text: string, size: number): void {
  w.page.drawText(text, { x: 72, y: w.y, size, font: w.bold });
  w.y -= size * 1.9;
}

function runningHead(page: PDFPage, font: PDFFont, n: number, of: number): void {
  page.drawText('Estuary Report 2024 - Coastal Survey Unit', { x: 72, y: 800, size: 9, font });
  page.drawText(`Page ${n} of ${of}`, { x: 270, y: 30, size: 9, font });
}

/** Two pages: title (20 pt), section headings (14 pt), body (11 pt), running head and page numbers. */
export async function reportPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(REPORT.title);
  doc.setAuthor(REPORT.author);
  doc.setSubject(REPORT.subject);
  doc.setKeywords(['tides', 'estuary', 'sediment']);
  doc.setModificationDate(new Date('2024-04-01T08:30:00Z'));
  // pdf-lib writes dates in UTC; the file declares its own offset here, as authoring tools do.
  (doc as unknown as { getInfoDict(): PDFDict })
    .getInfoDict()
    .set(PDFName.of('CreationDate'), PDFString.of(REPORT.created));
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);

  const p1 = doc.addPage([595, 842]);
  runningHead(p1, font, 1, 2);
  const w: Writer = { page: p1, font, bold, y: 740 };
  heading(w, REPORT.title, 20);
  heading(w, '1. Introduction', 14);
  paragraph(w, REPORT.intro);
  // A word hyphenated at the line end: "obser-" / "vations".
  p1.drawText('Each month the volunteers logged their obser-', { x: 72, y: w.y, size: 11, font });
  w.y -= 14.3;
  p1.drawText('vations in a shared notebook kept at the harbour office.', { x: 72, y: w.y, size: 11, font });

  const p2 = doc.addPage([595, 842]);
  runningHead(p2, font, 2, 2);
  const w2: Writer = { page: p2, font, bold, y: 760 };
  heading(w2, '2. Findings', 14);
  paragraph(w2, REPORT.findings);
  paragraph(w2, REPORT.closing);
  return doc.save();
}

export const COLUMNS = {
  title: 'Two Columns on the Shore',
  left:
    'The left column begins the story of the shore. Terns nest on the shingle spit from May, and the wardens ' +
    'fence off the colony before the first eggs are laid. Walkers are asked to keep to the path along the dune ' +
    'ridge until the chicks have fledged in late July.',
  right:
    'The right column carries the story on. Seals haul out on the outer bank at low water, and the wardens count ' +
    'them from the hide twice a week. The count this year reached forty-two, the highest since records began on ' +
    'the reserve.',
};

/** One page: a full-width title, then two columns drawn row by row (left line, right line, ...). */
export async function twoColumnPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(COLUMNS.title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  page.drawText(COLUMNS.title, { x: 72, y: 760, size: 22, font: bold });
  const left = wrap(COLUMNS.left, font, 10, 210);
  const right = wrap(COLUMNS.right, font, 10, 210);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const y = 710 - i * 13;
    if (left[i]) page.drawText(left[i]!, { x: 60, y, size: 10, font });
    if (right[i]) page.drawText(right[i]!, { x: 320, y, size: 10, font });
  }
  return doc.save();
}

/** A grayscale PNG of w x h pixels (noise, like a scan), encoded by hand: zlib is all it needs. */
function png(w: number, h: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  const rows: Buffer[] = [];
  const noise = randomBytes(w * h);
  for (let y = 0; y < h; y++) rows.push(Buffer.concat([Buffer.from([0]), noise.subarray(y * w, (y + 1) * w)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A page that is only an image: what a scanner without OCR produces. */
export async function scannedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png(200, 280));
  const page = doc.addPage([595, 842]);
  page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  return doc.save();
}

/** `pages` pages of numbered paragraphs. */
export async function longPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('The Long Ledger');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Entry ${n}: the ledger records the tide at the harbour mouth on day ${n}.`, {
      x: 72,
      y: 700,
      size: 11,
      font,
    });
  }
  return doc.save();
}

/**
 * A book: `pages` pages of a chapter heading and 45 lines of prose (about 4,000 characters a
 * page, so 500 pages hold as much text as max_chars' ceiling lets be read).
 */
export async function bookPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Chapter ${n}`, { x: 72, y: 780, size: 16, font });
    for (let i = 0; i < 45; i++)
      page.drawText(`Line ${i} of page ${n}: the tide came in over the flats and the waders rose from the mud.`, {
        x: 72,
        y: 750 - i * 14,
        size: 11,
        font,
      });
  }
  return doc.save();
}

/** The report with an attachment of random bytes, so the file is at least `bytes` long. */
export async function bloatedPdf(bytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await reportPdf());
  await doc.attach(randomBytes(bytes), 'noise.bin', { mimeType: 'application/octet-stream' });
  return doc.save();
}

/** The report cut to 60% of its bytes, as an interrupted download leaves it. */
export async function truncatedPdf(): Promise<Uint8Array> {
  const full = await reportPdf();
  return full.subarray(0, Math.floor(full.length * 0.6));
}

// ---- encryption: the standard security handler, revision 2 (RC4, 40-bit), with a user password ----

const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

const padded = (pw: string) => Buffer.concat([Buffer.from(pw, 'latin1'), PAD]).subarray(0, 32);

/**
 * The report, saved with a classic cross-reference table, plus an incremental update whose
 * trailer names an /Encrypt dictionary requiring the user password "tide". A reader without
 * the password cannot open it (the page streams are left as they were: it never gets there).
 */
export async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await reportPdf());
  const base = Buffer.from(await doc.save({ useObjectStreams: false }));
  const text = base.toString('latin1');
  const size = Number(/\/Size (\d+)/.exec(text.slice(text.lastIndexOf('trailer')))![1]);
  const root = /\/Root (\d+ \d+ R)/.exec(text.slice(text.lastIndexOf('trailer')))![1]!;
  const prev = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))![1]);
  const id = createHash('md5').update(base).digest();
  const p = -44; // permissions: print and copy denied
  const o = rc4(createHash('md5').update(padded('owner-secret')).digest().subarray(0, 5), padded('tide'));
  const pBytes = Buffer.alloc(4);
  pBytes.writeInt32LE(p);
  const key = createHash('md5')
    .update(Buffer.concat([padded('tide'), o, pBytes, id]))
    .digest()
    .subarray(0, 5);
  const u = rc4(key, PAD);
  const objOffset = base.length;
  const obj =
    `${size} 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <${o.toString('hex')}> /U <${u.toString('hex')}> /P ` +
    `${p} >>\nendobj\n`;
  const xrefOffset = objOffset + obj.length;
  const xref =
    `xref\n${size} 1\n${String(objOffset).padStart(10, '0')} 00000 n \ntrailer\n` +
    `<< /Size ${size + 1} /Root ${root} /Prev ${prev} /Encrypt ${size} 0 R ` +
    `/ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.concat([base, Buffer.from(obj + xref, 'latin1')]);
}
