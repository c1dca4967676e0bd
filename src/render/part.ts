// One part of the rendered content: from `start` (a character offset in the whole content) to
// the last piece boundary (see layout.ts) that keeps the part within max_chars and max_tokens.
// Parts are substrings of the whole content, so reading on from each part's next_start and
// concatenating the parts gives exactly the whole. Only when the piece at `start` alone is over
// the limits is it cut inside, before the last space or line break that fits (or at the limit
// itself in a run without one): a part always moves on by at least one character.
import type { Layout } from './layout.js';
import { countTokens, tokenRuns, type TokenEncoding } from './token-count.js';
import { countWords } from './word-count.js';
import { isHighSurrogate } from '../util/surrogates.js';

export interface PartLimits {
  start: number;
  maxChars: number;
  /** null: no token budget. */
  maxTokens: number | null;
  encoding: TokenEncoding;
}

export interface Part {
  content: string;
  wordCount: number;
  /** Tokens of `content` in the requested encoding. */
  tokens: number;
  /** Where the next part begins, or null when this part reaches the end of the content. */
  nextStart: number | null;
}

export function cutPart(layout: Layout, limits: PartLimits): Part {
  const { text, starts } = layout;
  const start = limits.start;
  if (start >= layout.end && layout.complete) return { content: '', wordCount: 0, tokens: 0, nextStart: null };
  // Piece i spans [starts[i], ends[i]).
  const ends = [...starts.slice(1), layout.end];
  let limit = Math.min(start + limits.maxChars, layout.end);
  if (limits.maxTokens !== null) limit = Math.min(limit, start + tokenLimit(text.slice(start, limit), limits));

  // The last piece end within the limit, then back while the part is over its token budget
  // (counting the part on its own can differ by a token from the running count at its edge).
  let k = lastAtMost(ends, limit);
  let end = k >= 0 && ends[k]! > start ? ends[k]! : -1;
  let tokens = end === -1 ? 0 : countTokens(text.slice(start, end), limits.encoding);
  while (end !== -1 && limits.maxTokens !== null && tokens > limits.maxTokens) {
    k--;
    end = k >= 0 && ends[k]! > start ? ends[k]! : -1;
    tokens = end === -1 ? 0 : countTokens(text.slice(start, end), limits.encoding);
  }
  if (end === -1) {
    // The piece at start alone is over the limits. When even its first tokenizer piece is over
    // the token budget (a run of letters without a break), find how far the budget reaches in it.
    let inside = limit;
    if (inside <= start && limits.maxTokens !== null) {
      const charLimit = Math.min(start + limits.maxChars, layout.end, start + limits.maxTokens * 32);
      inside = reach(text, start, charLimit, limits);
    }
    end = cutInside(text, start, Math.max(inside, start + 1));
    tokens = countTokens(text.slice(start, end), limits.encoding);
    for (let step = 0; limits.maxTokens !== null && tokens > limits.maxTokens; step++) {
      // Back to the space before; after a few steps (a run without spaces) by a tenth at a time.
      const shorter = cutInside(text, start, step < 3 ? end - 1 : start + Math.floor((end - start) * 0.9));
      if (shorter >= end) break;
      end = shorter;
      tokens = countTokens(text.slice(start, end), limits.encoding);
    }
  }
  const content = text.slice(start, end);
  const whole = end >= layout.end && layout.complete;
  return { content, wordCount: partWords(layout, ends, start, end), tokens, nextStart: whole ? null : end };
}

/** Characters of `text` (from its start) that hold at most maxTokens tokens, at a tokenizer piece end. */
function tokenLimit(text: string, limits: PartLimits): number {
  const runs = tokenRuns(text, limits.encoding, limits.maxTokens!);
  if (runs.whole && (runs.totals[runs.totals.length - 1] ?? 0) <= limits.maxTokens!) return text.length;
  let i = runs.totals.length - 1;
  while (i >= 0 && runs.totals[i]! > limits.maxTokens!) i--;
  return i >= 0 ? runs.ends[i]! : 0;
}

/** The furthest end in (start, hi] whose text holds at most maxTokens, by bisection. */
function reach(text: string, start: number, hi: number, limits: PartLimits): number {
  let lo = start;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (countTokens(text.slice(start, mid), limits.encoding) <= limits.maxTokens!) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Index of the last value <= x in ascending `xs`, or -1. */
function lastAtMost(xs: number[], x: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! <= x) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * An end inside a piece, after `start` and at most `limit`: before the last whitespace there
 * (the next part begins with it), else at the limit; never between the halves of a surrogate pair.
 */
function cutInside(text: string, start: number, limit: number): number {
  for (let i = limit; i > start + 1; i--) {
    const c = text.charCodeAt(i - 1);
    if (c === 32 || c === 10 || c === 9) return i - 1;
  }
  let end = Math.max(start + 1, Math.min(limit, text.length));
  const c = text.charCodeAt(end - 1);
  if (isHighSurrogate(c) && end < text.length) end = end > start + 1 ? end - 1 : end + 1;
  return end;
}

/** Words of the part: the pieces it holds whole as word_count counts them, a cut piece by its own text. */
function partWords(layout: Layout, ends: number[], start: number, end: number): number {
  let n = 0;
  for (let i = Math.max(0, lastAtMost(layout.starts, start)); i < ends.length && layout.starts[i]! < end; i++) {
    const s = layout.starts[i]!;
    const e = ends[i]!;
    if (s >= start && e <= end) n += layout.words(i);
    else n += countWords(layout.text.slice(Math.max(s, start), Math.min(e, end)));
  }
  return n;
}
