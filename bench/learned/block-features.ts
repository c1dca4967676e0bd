// The features of a learned block filter (docs/learned-extraction.md): one block of the answer,
// by its own shape (kind, size, links, lines, punctuation), its place (position, neighbours) and
// the page's (the declared type, the reading that chose the answer, the answer's size against the
// page's). Every feature is a measure of text the readings gathered; none names a site, a class
// or a phrase. bench/block-candidates.ts writes them, scripts/learned/train-block-filter.py trains
// and scores a filter on them (BLOCK_FEATURES goes into a model file).
import type { Block } from '../../src/extract/blocks.js';
import type { ContentContext } from '../../src/extract/content/context.js';
import { DECLARED_TYPES, READING_INDEX, type AttemptProfile } from './candidate-features.js';
import { BLOCK_KINDS, log1p, ownMeasures, profileBlocks, share } from './block-measures.js';

export const BLOCK_FEATURES = [
  'kind',
  'heading_level',
  'log_chars',
  'link_share',
  'lines',
  'list_items',
  'mean_line',
  'short_line_share',
  'digit_share',
  'stop_share',
  'comma_share',
  'upper_share',
  'sentence_end_share',
  'position',
  'chars_before',
  'chars_after',
  'share_of_answer',
  'repeats',
  'prev_kind',
  'prev_log_chars',
  'prev_link_share',
  'next_kind',
  'next_log_chars',
  'next_link_share',
  'window_link_share',
  'declared_type',
  'reading',
  'log_answer_chars',
  'answer_blocks',
  'answer_page_share',
  'log_page_chars',
  'answer_link_share',
] as const;

/** The page-level measures every block of one answer shares. */
export interface AnswerBasis {
  declaredType: number;
  reading: number;
  pageChars: number;
}

export function answerBasis(ctx: ContentContext, reading: string): AnswerBasis {
  return {
    declaredType: DECLARED_TYPES.indexOf(ctx.declaredType),
    reading: READING_INDEX.get(reading) ?? -1,
    pageChars: ctx.facts.textLength,
  };
}

interface Measured {
  kind: number;
  profile: AttemptProfile;
  text: string;
}

/** The feature vectors of the answer's blocks, in order. */
export function blockFeatures(blocks: readonly Block[], basis: AnswerBasis): number[][] {
  const measured: Measured[] = blocks.map((b) => {
    const profile = profileBlocks([b]);
    return { kind: BLOCK_KINDS.indexOf(b.type), profile, text: profile.lines.join('\n') };
  });
  let total = 0;
  let totalLinks = 0;
  const counts = new Map<string, number>();
  for (const m of measured) {
    total += m.profile.chars;
    totalLinks += m.profile.linkChars;
    if (m.text !== '') counts.set(m.text, (counts.get(m.text) ?? 0) + 1);
  }
  const out: number[][] = [];
  let before = 0;
  for (let i = 0; i < measured.length; i++) {
    const m = measured[i]!;
    const p = m.profile;
    const prev = measured[i - 1];
    const next = measured[i + 1];
    let windowChars = p.chars;
    let windowLinks = p.linkChars;
    for (const n of [measured[i - 2], prev, next, measured[i + 2]]) {
      if (!n) continue;
      windowChars += n.profile.chars;
      windowLinks += n.profile.linkChars;
    }
    out.push([
      ...ownMeasures(blocks[i]!, p),
      share(i, measured.length),
      share(before, total),
      share(total - before - p.chars, total),
      share(p.chars, total),
      m.text === '' ? 0 : (counts.get(m.text) ?? 1) - 1,
      prev ? prev.kind : -1,
      prev ? log1p(prev.profile.chars) : -1,
      prev ? share(prev.profile.linkChars, prev.profile.chars) : -1,
      next ? next.kind : -1,
      next ? log1p(next.profile.chars) : -1,
      next ? share(next.profile.linkChars, next.profile.chars) : -1,
      share(windowLinks, windowChars),
      basis.declaredType,
      basis.reading,
      log1p(total),
      measured.length,
      share(total, basis.pageChars),
      log1p(basis.pageChars),
      share(totalLinks, total),
    ]);
    before += p.chars;
  }
  return out;
}
