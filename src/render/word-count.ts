// Word count by Unicode word segmentation: Intl.Segmenter splits CJK text into dictionary
// words (no spaces needed) and leaves punctuation and symbols out (isWordLike false).
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Word-like segments in plain text (link addresses must already be removed). */
export function countWords(text: string): number {
  let n = 0;
  for (const s of segmenter.segment(text)) if (s.isWordLike) n++;
  return n;
}
