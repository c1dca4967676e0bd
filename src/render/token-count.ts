// Token counts of returned content, in the encodings OpenAI's models use, by gpt-tokenizer
// (a maintained pure-JavaScript port of tiktoken). Text that spells a special token
// ("<|endoftext|>") is counted as ordinary text, as tiktoken's encode_ordinary does: page text is
// never a control sequence.
//
// A whole text goes to the library's own count (its merge cache makes prose cheap), unless it
// holds a run long enough to make one tokenizer piece longer than LONG_PIECE: the library's
// byte-pair merge costs the square of a piece's length. Such a text, and the running counts that
// cutting a part needs (tokenRuns), go piece by piece through the library's split pattern, with
// a per-thread table of short pieces' counts. A test holds the result to the library's own count.
import { createRequire } from 'node:module';

export const TOKEN_ENCODINGS = ['o200k_base', 'cl100k_base'] as const;
export type TokenEncoding = (typeof TOKEN_ENCODINGS)[number];
export const DEFAULT_TOKEN_ENCODING: TokenEncoding = 'o200k_base';

interface EncodingModule {
  countTokens(text: string, options?: { disallowedSpecial: Set<string> }): number;
}

/** Special-token spellings are ordinary text, and the library does not scan for them. */
const ORDINARY = { disallowedSpecial: new Set<string>() };

interface Counter {
  split: RegExp;
  library: EncodingModule;
  /** Piece -> token count; replaced by a fresh one when full (see PIECE_TABLE_SIZE). */
  pieces: Map<string, number>;
}

// Loaded on first use, synchronously (the render runs synchronously in a worker): an encoding
// costs about a second and 40 MB of heap to load, which only threads that count pay.
const require = createRequire(import.meta.url);
const counters = new Map<TokenEncoding, Counter>();

/** Distinct pieces kept per encoding (about 100 bytes each); a prose corpus of 1,000 pages has ~140,000. */
const PIECE_TABLE_SIZE = 200_000;
/**
 * Longer pieces are not kept: a substring of 13 characters or more shares the page's string in
 * V8, so keeping it would keep the page, and such pieces (URL runs, long words) rarely repeat.
 */
const MAX_KEPT_PIECE = 12;

function counter(encoding: TokenEncoding): Counter {
  let c = counters.get(encoding);
  if (!c) {
    const library = require(`gpt-tokenizer/cjs/encoding/${encoding}`) as EncodingModule;
    const patterns = require('gpt-tokenizer/cjs/encodingParams/constants') as Record<string, RegExp>;
    const pattern = patterns[encoding === 'o200k_base' ? 'O200K_TOKEN_SPLIT_REGEX' : 'CL100K_TOKEN_SPLIT_REGEX'];
    if (!pattern) throw new Error(`gpt-tokenizer has no split pattern for ${encoding}`);
    c = { split: new RegExp(pattern.source, pattern.flags), library, pieces: new Map() };
    counters.set(encoding, c);
  }
  return c;
}

/** Tokens of `text` in `encoding`: the library's count of it as ordinary text. */
export function countTokens(text: string, encoding: TokenEncoding = DEFAULT_TOKEN_ENCODING): number {
  if (text === '') return 0;
  const c = counter(encoding);
  if (!mayHoldLongPiece(text)) return c.library.countTokens(text, ORDINARY);
  const split = c.split;
  split.lastIndex = 0;
  let n = 0;
  let m: RegExpExecArray | null;
  while ((m = split.exec(text)) !== null) n += pieceTokens(c, m[0]);
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
    for (let at = 0; at < piece.length; at = sliceEnd(piece, at))
      n += c.library.countTokens(piece.slice(at, sliceEnd(piece, at)), ORDINARY);
    return n;
  }
  let k = c.pieces.get(piece);
  if (k === undefined) {
    // A piece never holds a whole special token (the pattern splits "<|" from the word), so
    // the library's default, which refuses special tokens, counts it as text.
    k = c.library.countTokens(piece, ORDINARY);
    if (piece.length <= MAX_KEPT_PIECE) {
      if (c.pieces.size >= PIECE_TABLE_SIZE) c.pieces = new Map();
      c.pieces.set(piece, k);
    }
  }
  return k;
}

export interface TokenRuns {
  /** End offset (in the text) of each tokenizer piece, in order. */
  ends: number[];
  /** Tokens up to and including each piece. */
  totals: number[];
  /** False when counting stopped early (past `stopAfter`): the text goes on after the last end. */
  whole: boolean;
}

/**
 * The text's tokenizer pieces with their running count, stopping at the first piece that takes
 * the count past `stopAfter`. A prefix of the text that ends a few characters after a piece's
 * end has the count up to that piece plus the count of the rest (see render/part.ts).
 */
export function tokenRuns(text: string, encoding: TokenEncoding, stopAfter: number): TokenRuns {
  const runs: TokenRuns = { ends: [], totals: [], whole: true };
  if (text === '') return runs;
  const c = counter(encoding);
  const split = c.split;
  split.lastIndex = 0;
  let n = 0;
  let m: RegExpExecArray | null;
  while ((m = split.exec(text)) !== null) {
    n += pieceTokens(c, m[0]);
    runs.ends.push(split.lastIndex);
    runs.totals.push(n);
    if (n > stopAfter) {
      runs.whole = split.lastIndex >= text.length;
      break;
    }
  }
  return runs;
}

/** End of the slice of a long piece that begins at `at`, never between the halves of a surrogate pair. */
function sliceEnd(piece: string, at: number): number {
  let end = Math.min(piece.length, at + LONG_PIECE);
  const last = piece.charCodeAt(end - 1);
  if (end < piece.length && last >= 0xd800 && last <= 0xdbff) end--;
  return end;
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
