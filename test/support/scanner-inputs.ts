// Hostile inputs for every scanner that reads a target's bytes on the main thread, shared by the
// correctness test (test/unit/fetch/main-thread-scanners.test.ts) and the timing benchmark
// (bench/scanners.ts). Each is a short unit repeated to a size: the shapes that made the old
// regular expressions backtrack (a tag that never closes, a quote that never closes, runs of
// `<`, `&`, `</scrip`, whitespace before something that fails to match).
import { detectBotProtection } from '../../src/fetch/bot-protection.js';
import { describeBody, lateMetaCharset, parseContentType, prescanMetaCharset } from '../../src/fetch/decode.js';
import { scanMarkup } from '../../src/fetch/markup-scan.js';
import { findMetaRefresh } from '../../src/fetch/meta-refresh.js';
import { readableTextExceeds } from '../../src/fetch/readable-text-floor.js';
import { runsScripts } from '../../src/browser/script-tags.js';

/** `head`, then `unit` repeated, then `tail`: `bytes` long in all (head and tail kept whole). */
export function repeated(head: string, unit: string, bytes: number, tail = ''): string {
  const room = Math.max(0, bytes - head.length - tail.length);
  return head + unit.repeat(Math.ceil(room / unit.length)).slice(0, room) + tail;
}

/** The markup shapes the anti-bot scan, its text floor and the browser's script test are fed. */
export const MARKUP_SHAPES: ReadonlyArray<{ name: string; head: string; unit: string }> = [
  { name: '<html> then "<a" (issue 31 row 2)', head: '<html>', unit: '<a' },
  { name: 'tags that never close: "<a x="', head: '<html>', unit: '<a x=' },
  { name: 'a quote that never closes', head: '<html><a href="', unit: 'x<a b=' },
  { name: 'empty tags "<b>"', head: '<html>', unit: '<b>' },
  { name: 'attributes "a=b "', head: '<html><div ', unit: 'a=b ' },
  { name: 'entities without ";"', head: '<html><p>', unit: '&amp' },
  { name: 'numeric entities', head: '<html><p>', unit: '&#1' },
  { name: '"<script " (issue 31 row 3)', head: '<html>', unit: '<script ' },
  { name: '"</scrip" inside a script', head: '<html><script>', unit: '</scrip' },
  { name: '"</titl" inside a title', head: '<html><title>', unit: '</titl' },
  { name: 'comments that never close', head: '<html>', unit: '<!-' },
  { name: '"<" and spaces', head: '<html>', unit: '<  ' },
  { name: 'whitespace runs', head: '<html><p>', unit: ' \t\n ' },
];

export interface ScannerCase {
  scanner: string;
  input: string;
  /** The input at about `bytes` bytes. */
  make: (bytes: number) => Buffer | string;
  /** Runs the scanner; returns its answer. */
  run: (input: Buffer | string) => unknown;
  /** The right answer for the input at any size (an exact value). */
  expected: (bytes: number) => unknown;
}

const buf = (s: string) => Buffer.from(s, 'latin1');
const asBuffer = (x: Buffer | string) => (typeof x === 'string' ? Buffer.from(x) : x);
const asString = (x: Buffer | string) => (typeof x === 'string' ? x : x.toString('latin1'));

function markupCases(): ScannerCase[] {
  const out: ScannerCase[] = [];
  for (const shape of MARKUP_SHAPES) {
    const make = (bytes: number) => buf(repeated(shape.head, shape.unit, bytes));
    out.push({
      scanner: 'anti-bot scan (detectBotProtection)',
      input: shape.name,
      make,
      run: (b) => detectBotProtection({ status: 200, headers: {}, body: asBuffer(b) }),
      expected: () => null,
    });
    out.push({
      scanner: 'anti-bot text floor (readableTextExceeds)',
      input: shape.name,
      make,
      run: (b) => readableTextExceeds(asBuffer(b), 3000),
      // Only text outside markup counts: "&amp" and "&#1" are entities (none), the rest is markup.
      expected: () => false,
    });
    out.push({
      scanner: 'anti-bot markup scan (scanMarkup), whole input',
      input: shape.name,
      make,
      run: (b) => {
        const d = scanMarkup(asString(b));
        return { title: d.title.length, textChars: d.textChars, attrs: d.attrs.length };
      },
      expected: (bytes) => expectedMarkup(shape, bytes),
    });
    out.push({
      scanner: 'meta refresh (findMetaRefresh)',
      input: shape.name,
      // "refresh" in the first bytes: past the byte search, into the tokenizer.
      make: (bytes) => buf(repeated(`<i class=refresh>${shape.head}`, shape.unit, bytes)),
      run: (b) => findMetaRefresh(asBuffer(b), 'utf-8'),
      expected: () => null,
    });
    out.push({
      scanner: 'browser script test (runsScripts)',
      input: shape.name,
      make: (bytes) => repeated(shape.head, shape.unit, bytes),
      run: (s) => runsScripts(asString(s)),
      expected: () => (shape.head + shape.unit).includes('<script'),
    });
  }
  const links = '<a href=/1>1</a><a href=/2>2</a><a href=/3>3</a>';
  out.push(
    {
      scanner: 'browser script test (runsScripts)',
      input: 'data-block type in a tag that never ends',
      make: (bytes) => repeated(links, '<script type=application/json ', bytes, '<script type=application/json>'),
      run: (s) => runsScripts(asString(s)),
      expected: () => false,
    },
    {
      scanner: 'browser script test (runsScripts)',
      input: 'many data blocks, then one script',
      make: (bytes) => repeated(links, '<script type="text/template">x</script>', bytes, '<script src=/app.js>'),
      run: (s) => runsScripts(asString(s)),
      expected: () => true,
    },
  );
  return out;
}

/** What scanMarkup finds in each shape: sizes of its title, text and attribute values. */
function expectedMarkup(shape: { head: string; unit: string }, bytes: number): unknown {
  const units = Math.ceil((bytes - shape.head.length) / shape.unit.length);
  const room = bytes - shape.head.length;
  switch (shape.unit) {
    case '&amp':
      // Each "&amp" is "&" (a legacy entity needs no ";"); the last unit may be cut short.
      return { title: 0, textChars: units - (room % 4 === 0 ? 0 : 1) + textOfCut('&amp'.slice(0, room % 4)), attrs: 0 };
    case '&#1':
      return { title: 0, textChars: units - (room % 3 === 0 ? 0 : 1) + textOfCut('&#1'.slice(0, room % 3)), attrs: 0 };
    case 'x<a b=':
      // One attribute value that runs to the end: the tag never ends, so it is not read at all.
      return { title: 0, textChars: 0, attrs: 0 };
    case '<b>':
      // A lone "<" at the very end is text.
      return { title: 0, textChars: room % 3 === 1 ? 1 : 0, attrs: 0 };
    case '</titl':
      // The whole rest is the title's text.
      return { title: room, textChars: 0, attrs: 0 };
    case '<  ':
      // "<" before a space is text: every "<" counts, the spaces collapse to one between them.
      return { title: 0, textChars: 2 * units - 1, attrs: 0 };
    default:
      return { title: 0, textChars: 0, attrs: 0 };
  }
}

/** Characters of text an incomplete entity at the very end leaves ("&am" stays as it is). */
function textOfCut(cut: string): number {
  return cut.length;
}

function charsetCases(): ScannerCase[] {
  const late = '<meta charset="koi8-r">';
  const junk = (bytes: number, unit: string) => buf(repeated('<html><head>', unit, bytes, ''));
  return [
    ...['<meta ', '<meta charset=', '<!--', '<script<script', '</script', '<body', 'a="b" '].map(
      (unit): ScannerCase => ({
        scanner: 'charset sniffing (describeBody)',
        input: `"${unit}" repeated, not UTF-8`,
        make: (bytes) => Buffer.concat([junk(bytes - 1, unit), Buffer.from([0xff])]),
        run: (b) => describeBody(asBuffer(b), 'text/html').charset,
        expected: () => 'windows-1252',
      }),
    ),
    {
      scanner: 'charset sniffing (describeBody)',
      input: 'a late <meta charset> after comments and scripts, not UTF-8',
      make: (bytes) =>
        Buffer.concat([
          buf(repeated('<html><head><!-- x -->', '<script>a</script >', 4096, late)),
          junk(bytes - 4096, '\xe9'),
        ]),
      run: (b) => describeBody(asBuffer(b), 'text/html').charset,
      expected: () => 'koi8-r',
    },
    {
      scanner: 'charset sniffing (prescan, late meta)',
      input: '"<meta " repeated',
      make: (bytes) => junk(bytes, '<meta '),
      run: (b) => [prescanMetaCharset(asBuffer(b)), lateMetaCharset(asBuffer(b))],
      expected: () => [null, null],
    },
    {
      scanner: 'Content-Type parsing (parseContentType)',
      input: '";a=" repeated after text/html',
      make: (bytes) => repeated('text/html', ';a="', bytes),
      run: (s) => parseContentType(asString(s))?.essence ?? null,
      expected: () => 'text/html',
    },
  ];
}

export function scannerCases(): ScannerCase[] {
  return [...markupCases(), ...charsetCases()];
}
