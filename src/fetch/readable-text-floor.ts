// A cheap "is this surely a real page?" test for the anti-bot detector. Challenge pages carry a
// sentence or two; an article carries thousands of characters. Counting readable characters
// straight from the bytes, and stopping as soon as there are enough, answers for a 100 KB article
// in a few microseconds instead of decoding and regex-stripping the whole document.
//
// The count is a floor of what the full scan (bot-protection.ts) measures: it only ever skips
// more than that scan strips (every title, entities as nothing, any Unicode space as space), so
// "more than N here" implies "more than N there".

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;

/** Whether the readable text of `bytes` surely has more than `limit` characters. */
export function readableTextExceeds(body: Uint8Array, limit: number): boolean {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const end = bytes.length;
  let count = 0;
  let i = 0;
  while (i < end) {
    const lt = indexOfByte(bytes, LT, i);
    const textEnd = lt === -1 ? end : lt;
    count += countChars(bytes, i, textEnd);
    if (count > limit) return true;
    if (lt === -1) return false;
    i = skipMarkup(bytes, lt);
  }
  return false;
}

/** Readable characters in bytes[from, to): no whitespace, no entity, one per UTF-8 sequence. */
function countChars(bytes: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (b === AMP) {
        // An entity decodes to one character or to whitespace: count none.
        i++;
        while (i < to && isEntityByte(bytes[i]!)) i++;
        if (i < to && bytes[i] !== 0x3b) i--;
        continue;
      }
      if (b > 0x20 && b !== 0x7f) n++;
    } else if (b >= 0xc0 && !isUnicodeSpace(bytes, i)) {
      n++;
    }
  }
  return n;
}

function isEntityByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x23;
}

/** The UTF-8 sequence at i is one of the characters JavaScript's \s matches above ASCII. */
function isUnicodeSpace(bytes: Uint8Array, i: number): boolean {
  const b = bytes[i]!;
  const c1 = bytes[i + 1];
  const c2 = bytes[i + 2];
  if (b === 0xc2) return c1 === 0xa0 || c1 === 0x85; // U+00A0, U+0085
  if (b === 0xe1) return c1 === 0x9a && c2 === 0x80; // U+1680
  if (b === 0xe2)
    return (
      (c1 === 0x80 && c2 !== undefined && (c2 <= 0x8a || c2 === 0xa8 || c2 === 0xa9 || c2 === 0xaf)) ||
      (c1 === 0x81 && c2 === 0x9f)
    ); // U+2000-200A, 2028, 2029, 202F, 205F
  if (b === 0xe3) return c1 === 0x80 && c2 === 0x80; // U+3000
  if (b === 0xef) return c1 === 0xbb && c2 === 0xbf; // U+FEFF
  return false;
}

/** Index after the markup that starts at bytes[lt] ('<'): a comment, a script, style or title element, or a tag. */
function skipMarkup(bytes: Buffer, lt: number): number {
  if (bytes[lt + 1] === 0x21 && bytes[lt + 2] === 0x2d && bytes[lt + 3] === 0x2d) {
    const close = indexOfSeq(bytes, COMMENT_END, lt + 4);
    return close === -1 ? bytes.length : close + 3;
  }
  for (const name of RAW_TEXT) {
    if (startsWithName(bytes, lt + 1, name)) return skipElement(bytes, lt, name);
  }
  const gt = indexOfByte(bytes, GT, lt + 1);
  return gt === -1 ? bytes.length : gt + 1;
}

/** Elements whose content is not readable text (the title is read apart from the body text). */
const RAW_TEXT = ['script', 'style', 'title'];

/** bytes at i spell `name` (any case) and the name ends there. */
function startsWithName(bytes: Uint8Array, i: number, name: string): boolean {
  for (let k = 0; k < name.length; k++) if ((bytes[i + k]! | 0x20) !== name.charCodeAt(k)) return false;
  const after = bytes[i + name.length];
  return (
    after === undefined ||
    !((after >= 0x30 && after <= 0x39) || ((after | 0x20) >= 0x61 && (after | 0x20) <= 0x7a) || after === 0x5f)
  );
}

/** Index after `</name\s*>` following the element's start tag, or the end of the bytes. */
function skipElement(bytes: Buffer, lt: number, name: string): number {
  let i = lt + 1;
  for (;;) {
    const close = indexOfSeq(bytes, END_TAG_OPEN, i);
    if (close === -1) return bytes.length;
    if (startsWithName(bytes, close + 2, name)) {
      let j = close + 2 + name.length;
      while (j < bytes.length && (bytes[j] === 0x20 || (bytes[j]! >= 0x09 && bytes[j]! <= 0x0d))) j++;
      if (bytes[j] === GT) return j + 1;
    }
    i = close + 2;
  }
}

// The searches look at the next bytes in a plain loop before calling Buffer.indexOf: on a page of
// many short tags the native call's own cost (argument checks, the needle's conversion) was most
// of the floor's time.
const COMMENT_END = [0x2d, 0x2d, 0x3e]; // -->
const END_TAG_OPEN = [LT, 0x2f]; // </

/** Index of the first `byte` at or after `from`, or -1: a loop over the next bytes, then the native search. */
function indexOfByte(bytes: Uint8Array, byte: number, from: number): number {
  const near = Math.min(bytes.length, from + 64);
  for (let i = from; i < near; i++) if (bytes[i] === byte) return i;
  return near === bytes.length ? -1 : bytes.indexOf(byte, near);
}

/** Index of the first occurrence of `seq` at or after `from`, or -1 (a plain search: `seq` is 2 or 3 bytes). */
function indexOfSeq(bytes: Uint8Array, seq: readonly number[], from: number): number {
  const first = seq[0]!;
  for (let i = indexOfByte(bytes, first, from); i !== -1; i = indexOfByte(bytes, first, i + 1)) {
    let k = 1;
    while (k < seq.length && bytes[i + k] === seq[k]) k++;
    if (k === seq.length) return i;
  }
  return -1;
}
