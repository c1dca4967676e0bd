// UTF-8 text that was decoded once too often: its bytes were read as Latin-1 or windows-1252 and
// written out again as UTF-8 (a crawler's or a CMS's ISO-8859-1 default), so "—" arrives as
// "â\u0080\u0094" or "â€”". The WHATWG decoding of such bytes is right about the bytes and
// wrong about the text; a page is undone only when the whole of its decoded text maps back, one
// character a byte, onto valid UTF-8 that has at least one multi-byte character. Real text almost
// never does: one "é", "’" or "東" that is not part of such a sequence keeps the page as it came.
import { isUtf8 } from 'node:buffer';

/** Characters windows-1252 (WHATWG) gives bytes 0x80-0x9F, back to those bytes. */
const WINDOWS_1252_HIGH: ReadonlyMap<number, number> = (() => {
  const bytes = Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i);
  const text = new TextDecoder('windows-1252').decode(bytes);
  const map = new Map<number, number>();
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) map.set(text.charCodeAt(i), 0x80 + i);
  return map;
})();

/** The byte a character came from when read as Latin-1 or windows-1252; -1 when neither gives it. */
function byteOf(code: number): number {
  return code <= 0xff ? code : (WINDOWS_1252_HIGH.get(code) ?? -1);
}

/** How many continuation bytes a UTF-8 lead byte announces; -1 for a byte no sequence starts with. */
function continuations(lead: number): number {
  if (lead < 0x80) return 0;
  if (lead >= 0xc2 && lead <= 0xdf) return 1;
  if (lead >= 0xe0 && lead <= 0xef) return 2;
  if (lead >= 0xf0 && lead <= 0xf4) return 3;
  return -1;
}

// eslint-disable-next-line no-control-regex -- the ASCII range is what is skipped
const NON_ASCII = /[^\x00-\x7f]/g;
/** A character no Latin-1 or windows-1252 byte reads as. */
const UNMAPPED = new RegExp(
  `[^\\x00-\\xff${[...WINDOWS_1252_HIGH.keys()].map((c) => String.fromCharCode(c)).join('')}]`,
);
// eslint-disable-next-line no-control-regex -- the Latin-1 range is what is skipped
const PAST_LATIN1 = /[^\x00-\xff]/g;

/**
 * How many non-ASCII characters are checked one by one before the rest is left to the
 * engines (a regex for what cannot be a byte, the UTF-8 decoder for the structure): real text
 * fails within its first one or two, a double-encoded page passes them all.
 */
const CHECKED_ONE_BY_ONE = 64;

/**
 * The UTF-8 bytes `pieces` (a decoded text, whole or in consecutive pieces) were once, when the
 * text is double-encoded UTF-8; null otherwise. Real text fails at its first non-ASCII
 * character or the next, so most pages cost a regex scan to their first non-ASCII character.
 */
export function onceEncodedBytes(pieces: readonly string[]): Uint8Array | null {
  if (!startsLikeUtf8(pieces)) return null;
  let total = 0;
  for (const s of pieces) {
    if (UNMAPPED.test(s)) return null;
    total += s.length;
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const s of pieces) {
    bytes.set(Buffer.from(s, 'latin1'), at);
    PAST_LATIN1.lastIndex = 0;
    while (PAST_LATIN1.test(s)) {
      const i = PAST_LATIN1.lastIndex - 1;
      bytes[at + i] = byteOf(s.charCodeAt(i));
    }
    at += s.length;
  }
  // Every byte now, overlong forms and surrogates included, without building the text the caller decodes.
  return isUtf8(bytes) ? bytes : null;
}

/**
 * Whether the text's first CHECKED_ONE_BY_ONE non-ASCII characters (all of them, if fewer) read
 * as bytes form UTF-8 sequences, one at least: false too for a text with no non-ASCII character.
 */
function startsLikeUtf8(pieces: readonly string[]): boolean {
  let pending = 0;
  let checked = 0;
  for (const s of pieces) {
    let i = 0;
    for (;;) {
      if (pending === 0) {
        if (checked >= CHECKED_ONE_BY_ONE) return true;
        // Runs of ASCII are skipped by the regex engine, not character by character.
        NON_ASCII.lastIndex = i;
        if (!NON_ASCII.test(s)) break;
        i = NON_ASCII.lastIndex - 1;
      } else if (i >= s.length) break;
      const b = byteOf(s.charCodeAt(i++));
      if (b < 0) return false;
      if (pending > 0) {
        if (b < 0x80 || b > 0xbf) return false;
        pending--;
      } else {
        pending = continuations(b);
        if (pending < 0) return false;
      }
      checked++;
    }
  }
  return checked > 0 && pending === 0;
}
