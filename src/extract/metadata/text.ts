// String hygiene shared by every metadata rule: one space between words, nothing at the ends,
// and a cap so a hostile page cannot make one field megabytes long.
import { decodeHTML } from 'entities';
import { MAX_FIELD_CHARS } from './thresholds.js';

/** What collapse() changes inside a trimmed text: a zero-width character, a white space other
 *  than a single space. */
const TO_COLLAPSE = /[\u200b-\u200d\ufeff]|[^\S ]| {2}/;

// The rules read one paragraph's text several times over (a label before a byline, a signature
// line, the lead's length, its text nodes), most often as the same string: the last text
// collapsed is kept with its result, so a page's text is tested once however many rules read it.
// A text longer than MAX_KEPT_CHARS is not kept, so a whole page's text is not held between calls.
const MAX_KEPT_CHARS = 16_384;
let keptValue = '';
let keptCollapsed = '';

export function collapse(value: string | null | undefined, max = MAX_FIELD_CHARS): string {
  if (!value) return '';
  let s: string;
  if (value === keptValue) s = keptCollapsed;
  else {
    s = collapseWhole(value);
    if (value.length <= MAX_KEPT_CHARS) {
      keptValue = value;
      keptCollapsed = s;
    }
  }
  return s.length > max ? s.slice(0, max).trimEnd() : s;
}

/** `value` with one space between words and nothing at its ends. */
function collapseWhole(value: string): string {
  // Most texts have nothing to collapse but their ends: they are their own trimmed text.
  const trimmed = value.trim();
  // \s covers NBSP and the other Unicode spaces; zero-width characters are invisible noise.
  return TO_COLLAPSE.test(trimmed)
    ? value
        .replace(/[\u200b-\u200d\ufeff]/g, '')
        .replace(/\s+/g, ' ')
        .trim()
    : trimmed;
}

/** collapse(), but null for an empty result so rule chains can fall through. */
export function clean(value: string | null | undefined, max = MAX_FIELD_CHARS): string | null {
  const s = collapse(value, max);
  return s === '' ? null : s;
}

/**
 * Script contents (JSON-LD) are raw text for the HTML parser, so entities written inside
 * them (`&amp;`, `&#39;`) are still encoded; decode them the way an attribute would be.
 */
export function decodeEntities(value: string): string {
  return value.includes('&') ? decodeHTML(value) : value;
}

/** A text folded for comparison: NFKC, straight quotes, one space, lower case. */
export const fold = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201c\u201d]/g, "'")
    .replace(/"/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

const isSpace = (c: string): boolean => c.trim() === '';

/**
 * `s` without the characters of `start` at its start and of `end` at its end (white space too,
 * unless `spaces` is false): the end is trimmed no further than where the start stopped.
 */
export function trimEnds(s: string, start: string, end: string, spaces = true): string {
  let a = 0;
  while (a < s.length && (start.includes(s[a]!) || (spaces && isSpace(s[a]!)))) a++;
  let b = s.length;
  while (b > a && (end.includes(s[b - 1]!) || (spaces && isSpace(s[b - 1]!)))) b--;
  return s.slice(a, b);
}

/** Every "(...)" replaced by a space, from each "(" to the first ")" after it. */
export function dropParenthesised(s: string): string {
  let out = '';
  let i = 0;
  for (;;) {
    const open = s.indexOf('(', i);
    const close = open < 0 ? -1 : s.indexOf(')', open + 1);
    if (close < 0) return out + s.slice(i);
    out += `${s.slice(i, open)} `;
    i = close + 1;
  }
}
