// The UTF-8 length of a string value as it reads in an answer (escaped as JSON.stringify escapes
// it, once, or twice for a page's text inside an MCP result's text content), counted without
// making the escaped text. An answer's length is counted before it is sent (its Content-Length,
// and what its caller holds unread) and each slice is escaped again as it is sent: counted by
// escaping, every long text was escaped twice over, and for an MCP answer four times (a CPU
// profile of bench:hostile row held-mcp: half the main thread's escaping was the count). This
// count must equal the escaped text's length exactly, or the Content-Length is wrong: the rules
// below are JSON.stringify's (ECMA-262 QuoteJSONString), and a test compares the two on every
// kind of character.
import { isLowSurrogate } from '../util/surrogates.js';

/** Bytes added by escaping `"` or `\` (`\"`, `\\`): once, twice (`\\\"`, `\\\\`). */
const QUOTED = [1, 3] as const;
/** Bytes added to a control character with a short escape (`\n`: 1 byte to 2; twice `\\n`, 3). */
const SHORT = [1, 2] as const;
/** Bytes added to another control character (`\u001f`: 1 byte to 6; twice `\\u001f`, 7). */
const CONTROL = [5, 6] as const;
/** Bytes added to a lone surrogate past the 3 of its range's characters: `\ud800` is 6 (twice 7). */
const LONE = [3, 4] as const;

/**
 * The UTF-8 length of `chars[from, to)` escaped as a JSON string's characters (`twice`: escaped,
 * then the result escaped again). A surrogate pair split by `to` or `from` counts as two lone
 * halves, as its slice would escape: callers cut where sliceOf does, never inside a pair.
 */
export function escapedLength(chars: string, from: number, to: number, twice: boolean): number {
  const k = twice ? 1 : 0;
  let bytes = to - from;
  for (let i = from; i < to; i++) {
    const c = chars.charCodeAt(i);
    if (c < 0x80) {
      if (c === 0x22 || c === 0x5c) bytes += QUOTED[k];
      else if (c < 0x20)
        bytes += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? SHORT[k] : CONTROL[k];
    } else if (c < 0x800) bytes += 1;
    else if (c < 0xd800 || c > 0xdfff) bytes += 2;
    else if (c <= 0xdbff && i + 1 < to && isLowSurrogate(chars.charCodeAt(i + 1))) {
      // A pair: one code point, 4 bytes for its two characters.
      bytes += 2;
      i++;
    } else bytes += 2 + LONE[k];
  }
  return bytes;
}
