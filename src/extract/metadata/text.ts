// String hygiene shared by every metadata rule: one space between words, nothing at the ends,
// and a cap so a hostile page cannot make one field megabytes long.
import { decodeHTML } from 'entities';

/** Longest value kept for any single string field (characters). */
export const MAX_FIELD_CHARS = 2000;

export function collapse(value: string | null | undefined, max = MAX_FIELD_CHARS): string {
  if (!value) return '';
  // \s covers NBSP and the other Unicode spaces; zero-width characters are invisible noise.
  const s = value
    .replace(/[\u200b-\u200d\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > max ? s.slice(0, max).trimEnd() : s;
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
