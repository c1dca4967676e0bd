// Word count by Unicode word segmentation (UAX #29), as Intl.Segmenter's isWordLike defines it.
// Intl.Segmenter is slow in V8 (about 7 µs a word, and slower still on long strings), so it is
// used only where it is needed: scripts written without spaces (CJK, Thai, Lao, Khmer,
// Myanmar), which need its dictionaries. Elsewhere a regular expression applies the same rules
// (letters, digits, marks and connectors form words; ' ’ . : · join letters; . , ; ' ’ join
// digits), and a test keeps the two in agreement.
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

const DICTIONARY_SCRIPTS = new RegExp(
  '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}' +
    '\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}]',
  'u',
);
/** A run of dictionary-script text (with the ideographic punctuation inside it), captured. */
const DICTIONARY_RUN = new RegExp(
  '((?:[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}' +
    '\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}\\u30fc' +
    '][\\u3000-\\u303f\\uff01-\\uff0f\\uff1a-\\uff20]*)+)',
  'u',
);
const WORD = new RegExp(
  "[\\p{L}\\p{N}\\p{M}\\p{Pc}]+(?:(?:(?<=[\\p{L}\\p{M}])['’.:·](?=[\\p{L}" +
    "\\p{M}])|(?<=\\p{N})[.,;'’](?=\\p{N}))[\\p{L}\\p{N}\\p{M}\\p{Pc}]+)*",
  'gu',
);

const CHUNK = 1024;
/** Characters after which a word never continues: whitespace and CJK/fullwidth punctuation. */
const BREAK_AFTER = /[\s\u3001-\u303f\uff01-\uff0f\uff1a-\uff20]/;

/** Word-like segments in plain text (link addresses must already be removed). */
export function countWords(text: string): number {
  let n = 0;
  for (const chunk of chunks(text)) {
    if (!DICTIONARY_SCRIPTS.test(chunk)) {
      n += countByPattern(chunk);
      continue;
    }
    // Only the runs of those scripts need the dictionaries; a word never spans a change
    // between them and other scripts, so the rest still takes the fast path.
    const parts = chunk.split(DICTIONARY_RUN);
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (i % 2 === 0) n += countByPattern(part);
      else for (const s of segmenter.segment(part)) if (s.isWordLike) n++;
    }
  }
  return n;
}

/**
 * The regular-expression path alone (exported so a test can hold it to Intl.Segmenter). `test`
 * moves on from each word as `exec` does (a word is never empty) without making a match array
 * per word: about 85 KiB less garbage on a 900-word article.
 */
export function countByPattern(text: string): number {
  WORD.lastIndex = 0;
  let n = 0;
  while (WORD.test(text)) n++;
  return n;
}

/** Consecutive pieces of text of at most about CHUNK characters, cut after a word break. */
export function* chunks(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > CHUNK) {
    let end = start + CHUNK;
    // Back off to just after a break; with none in reach (a run of unbroken script), cut anyway.
    let cut = end;
    while (cut > start + CHUNK / 2 && !BREAK_AFTER.test(text[cut - 1]!)) cut--;
    if (cut > start + CHUNK / 2) end = cut;
    yield text.slice(start, end);
    start = end;
  }
  if (start < text.length) yield text.slice(start);
}
