// Token counts of returned content, in the encodings OpenAI's models use, by gpt-tokenizer
// (a maintained pure-JavaScript port of tiktoken). Text that spells a special token
// ("<|endoftext|>") is counted as ordinary text, as tiktoken's encode_ordinary does: page text is
// never a control sequence.
//
// The library counts each piece of its split pattern on its own, so a text's count is the sum of
// the counts of any cut of it into stretches that no piece crosses (segments, see segmentAt). A
// text is cut into segments (a word with the space before it, mostly), and a per-thread table
// keeps the counts of short ones: words repeat within a page and across pages, and a table hit
// skips the library's split pattern and its lookup in a 200,000-entry vocabulary. Longer
// segments go to the library whole. A test holds the sum to the library's own count of the text.
//
// Byte-pair merging costs the square of a piece's length in the library: a segment that may hold
// a piece longer than LONG_PIECE goes piece by piece through the library's split pattern.
import { createRequire } from 'node:module';
import { loadEncodingApi, type EncodingApi } from './token-ranks.js';
import { sliceEnd } from '../util/surrogates.js';

export const TOKEN_ENCODINGS = ['o200k_base', 'cl100k_base'] as const;
export type TokenEncoding = (typeof TOKEN_ENCODINGS)[number];
export const DEFAULT_TOKEN_ENCODING: TokenEncoding = 'o200k_base';
/**
 * The most bytes one token of either encoding stands for (their longest, 128 in each: a test
 * reads them). Text of N tokens has at most N times this many bytes, so as many characters.
 */
export const LONGEST_TOKEN_BYTES = 128;

/** Special-token spellings are ordinary text, and the library does not scan for them. */
const ORDINARY = { disallowedSpecial: new Set<string>() };

interface Counter {
  split: RegExp;
  library: EncodingApi;
  /** Segment or piece -> token count, filled until it holds PIECE_TABLE_SIZE entries. */
  pieces: Map<string, number>;
  /**
   * The table before the last one filled up: a key found here is copied into `pieces`, so the
   * words a text keeps using survive each turn-over and the rarely used ones drop out.
   */
  older: Map<string, number>;
}

// Loaded synchronously, by loadEncoding when a worker starts (the default encoding) or on first
// use: an encoding costs about a second of CPU and 15 MiB of heap to load.
const require = createRequire(import.meta.url);
const counters = new Map<TokenEncoding, Counter>();

/**
 * Distinct segments per table, two tables per encoding: 64 to 100 bytes each, so at most 5 MiB of
 * worker heap.
 */
const PIECE_TABLE_SIZE = 25_000;
/**
 * The library keeps the tokens of up to 100,000 pieces it had to merge (about 27 MiB of worker heap
 * when full, measured over 900 corpus pages), which repeats the table here: a piece of a
 * segment missing from the table is as a rule new to the library as well.
 */
const LIBRARY_MERGE_CACHE = 2_000;
/** Longer segments (URLs, mostly) are not kept: they rarely repeat. */
const MAX_KEPT_PIECE = 32;
/**
 * From this length a substring shares the page's string in V8 (a sliced string), so a kept one
 * would keep the whole page alive: such keys are copied (ownString).
 */
const SHARED_SUBSTRING = 13;

function counter(encoding: TokenEncoding): Counter {
  let c = counters.get(encoding);
  if (!c) {
    const library = loadEncodingApi(encoding);
    const patterns = require('gpt-tokenizer/cjs/encodingParams/constants') as Record<string, RegExp>;
    const pattern = patterns[encoding === 'o200k_base' ? 'O200K_TOKEN_SPLIT_REGEX' : 'CL100K_TOKEN_SPLIT_REGEX'];
    if (!pattern) throw new Error(`gpt-tokenizer has no split pattern for ${encoding}`);
    library.setMergeCacheSize(LIBRARY_MERGE_CACHE);
    c = { split: new RegExp(pattern.source, pattern.flags), library, pieces: new Map(), older: new Map() };
    counters.set(encoding, c);
  }
  return c;
}

/**
 * Loads an encoding now. A worker thread loads the default one before it takes its first task,
 * so that the load is not spent inside a task's time budget (worker-entry.cts).
 */
export function loadEncoding(encoding: TokenEncoding = DEFAULT_TOKEN_ENCODING): void {
  counter(encoding);
}

/** Tokens of `text` in `encoding`: the library's count of it as ordinary text. */
export function countTokens(text: string, encoding: TokenEncoding = DEFAULT_TOKEN_ENCODING): number {
  if (text === '') return 0;
  const c = counter(encoding);
  let n = 0;
  let from = 0;
  for (let i = 1; i < text.length; i++) {
    if (!segmentAt(text, i)) continue;
    n += segmentTokens(c, text, from, i);
    from = i;
  }
  return n + segmentTokens(c, text, from, text.length);
}

/**
 * Whether no tokenizer piece crosses position `i` (0 < i < length), in both encodings: before a
 * space that follows a character other than whitespace, and after a line feed that is followed
 * by a character other than whitespace and "/". Of the split pattern's alternatives, only a
 * piece's first character may be a space that follows another character of it, and a piece
 * that holds a line feed goes on only with line breaks, whitespace or (o200k_base's
 * punctuation) slashes. The pattern looks back nowhere, and ahead only at whether whitespace
 * is followed by a non-space, so the pieces on either side are the same in the segment alone.
 */
function segmentAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c === 32) return !isSpace(text.charCodeAt(i - 1));
  return text.charCodeAt(i - 1) === 10 && c !== 47 && !isSpace(c);
}

/** Tokens of text[from, to), a segment. */
function segmentTokens(c: Counter, text: string, from: number, to: number): number {
  if (to - from <= MAX_KEPT_PIECE) return pieceTokens(c, text.slice(from, to));
  const segment = text.slice(from, to);
  if (!mayHoldLongPiece(segment)) return c.library.countTokens(segment, ORDINARY);
  const split = c.split;
  split.lastIndex = 0;
  let n = 0;
  let m: RegExpExecArray | null;
  while ((m = split.exec(segment)) !== null) n += pieceTokens(c, m[0]);
  return n;
}

/**
 * Byte-pair merging costs the square of a piece's length in the library (a run of 50,000 letters
 * takes seconds), and a page can hold any run. A longer piece is counted in slices of this many
 * characters: its count may then differ a little from the library's (merges never cross a slice
 * end, so it is as a rule a little higher). Prose never has such pieces; hostile pages do.
 */
export const LONG_PIECE = 500;

function pieceTokens(c: Counter, piece: string): number {
  if (piece.length > LONG_PIECE) {
    let n = 0;
    for (let at = 0; at < piece.length;) {
      const end = sliceEnd(piece, at, LONG_PIECE);
      n += c.library.countTokens(piece.slice(at, end), ORDINARY);
      at = end;
    }
    return n;
  }
  let k = c.pieces.get(piece);
  if (k !== undefined) return k;
  if (piece.length > MAX_KEPT_PIECE) return c.library.countTokens(piece, ORDINARY);
  k = c.older.get(piece) ?? c.library.countTokens(piece, ORDINARY);
  if (c.pieces.size >= PIECE_TABLE_SIZE) {
    c.older = c.pieces;
    c.pieces = new Map();
  }
  c.pieces.set(piece.length < SHARED_SUBSTRING ? piece : ownString(piece), k);
  return k;
}

/**
 * The same characters in a string of their own. Slicing a joined string copies it, and V8 then
 * slices the copy, not the page (measured: 1,000 such keys of 20 characters kept 0.1 MiB of heap
 * where the plain substrings kept the whole 3.9 MiB page).
 */
function ownString(s: string): string {
  return (' ' + s).slice(1);
}

/** Tokens of `text`, counted only until they pass `limit`: at most limit + 1 is exact. */
export function tokensUpTo(text: string, encoding: TokenEncoding, limit: number): number {
  if (text === '') return 0;
  const c = counter(encoding);
  let n = 0;
  let from = 0;
  for (let i = 1; i <= text.length && n <= limit; i++) {
    if (i < text.length && !segmentAt(text, i)) continue;
    n += segmentTokens(c, text, from, i);
    from = i;
  }
  return n;
}

export interface TokenRuns {
  /** Offsets (in the text) where a run of tokens ends, in order: segment ends, then piece ends. */
  ends: number[];
  /** Tokens up to each end. */
  totals: number[];
  /** False when counting stopped early (past `stopAfter`): the text goes on after the last end. */
  whole: boolean;
}

/**
 * Running token counts of the text, stopping at the first end that takes the count past
 * `stopAfter`: at segment ends, and inside the segment that goes past it at each tokenizer piece's
 * end. A prefix of the text that ends a few characters after an end has the count up to that end
 * plus the count of the rest (see render/part.ts).
 */
export function tokenRuns(text: string, encoding: TokenEncoding, stopAfter: number): TokenRuns {
  const runs: TokenRuns = { ends: [], totals: [], whole: true };
  if (text === '') return runs;
  const c = counter(encoding);
  let n = 0;
  let from = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i < text.length && !segmentAt(text, i)) continue;
    const k = segmentTokens(c, text, from, i);
    if (n + k > stopAfter) return piecesPast(c, text, from, i, n, stopAfter, runs);
    n += k;
    runs.ends.push(i);
    runs.totals.push(n);
    from = i;
  }
  return runs;
}

/** The runs inside the segment text[from, to) that takes the count past stopAfter, piece by piece. */
function piecesPast(
  c: Counter,
  text: string,
  from: number,
  to: number,
  before: number,
  stopAfter: number,
  runs: TokenRuns,
): TokenRuns {
  const segment = text.slice(from, to);
  const split = c.split;
  split.lastIndex = 0;
  let n = before;
  let m: RegExpExecArray | null;
  while ((m = split.exec(segment)) !== null) {
    n += pieceTokens(c, m[0]);
    runs.ends.push(from + split.lastIndex);
    runs.totals.push(n);
    if (n > stopAfter) break;
  }
  runs.whole = runs.ends[runs.ends.length - 1]! >= text.length;
  return runs;
}

/**
 * Whether a tokenizer piece of `text` may be longer than LONG_PIECE. A piece is either a run of
 * whitespace, or one character and then characters that are not horizontal space (letters,
 * marks, digits, punctuation, and the line breaks and slashes that may follow punctuation). So
 * when no run of whitespace and no run without horizontal space is as long as LONG_PIECE, no
 * piece is. Only characters the pattern's \s matches count as space here; any other is taken
 * as a piece character, which can only make this answer yes more often.
 */
export function mayHoldLongPiece(text: string): boolean {
  if (text.length <= LONG_PIECE) return false;
  let white = 0;
  let solid = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      white++;
      solid++;
    } else if (isHorizontalSpace(c)) {
      white++;
      solid = 0;
    } else {
      solid++;
      white = 0;
    }
    if (white >= LONG_PIECE || solid >= LONG_PIECE) return true;
  }
  return false;
}

/** JavaScript's \s (the split pattern's). */
function isSpace(c: number): boolean {
  return c === 10 || c === 13 || isHorizontalSpace(c);
}

/** JavaScript's \s other than line feed and carriage return. */
function isHorizontalSpace(c: number): boolean {
  if (c <= 32) return c === 32 || c === 9 || c === 11 || c === 12;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
