// The features of a learned reading chooser (docs/learned-extraction.md): one candidate, a
// reading's attempt, measured beside the attempt the rules chose. Every feature is something the
// readings computed already (their characters, their blocks, which reading read them and whether
// the rules accepted it, the declared page type); none names a site, a class or a phrase.
// bench/reading-candidates.ts writes them, scripts/learned/train-chooser.py trains and scores a
// chooser on them; the order below is the model's contract (FEATURE_NAMES goes into a model file).
import type { ContentContext } from '../../src/extract/content/context.js';
import type { Attempt } from '../../src/extract/content/readings/attempt.js';
import { READINGS } from '../../src/extract/content/readings/readings.js';
import { log1p, profileBlocks, share, type LineProfile } from './block-measures.js';

export { profileBlocks };

export const FEATURE_NAMES = [
  'reading',
  'final_reading',
  'accepted',
  'declared_type',
  'log_chars',
  'log_final_chars',
  'log_ratio',
  'page_share',
  'final_page_share',
  'log_page_chars',
  'blocks',
  'final_blocks',
  'headings',
  'final_headings',
  'list_items',
  'final_list_items',
  'link_share',
  'final_link_share',
  'mean_line',
  'final_mean_line',
  'short_line_share',
  'final_short_line_share',
  'roots',
  'final_roots',
  'declared_body',
  'final_declared_body',
  'covers_final',
  'covered_by_final',
  'readings_tried',
  'readings_read',
] as const;

export const DECLARED_TYPES = ['unknown', 'article', 'product', 'forum', 'listing'];
export const READING_INDEX = new Map(READINGS.map((r, i) => [r.name, i]));
/** An attempt's lines and their measures (each attempt is read once, however often compared). */
export type AttemptProfile = LineProfile;

export function profileAttempt(attempt: Attempt): AttemptProfile {
  return profileBlocks(attempt.blocks);
}

/** The share of `a`'s characters in lines that `b` has too. */
function sharedShare(a: AttemptProfile, bLines: ReadonlySet<string>): number {
  if (a.chars === 0) return 0;
  let shared = 0;
  for (const line of a.lines) if (bLines.has(line)) shared += line.length;
  return shared / a.chars;
}

/** The measures of the page and of the rules' choice, shared by every candidate. */
export interface ChoiceBasis {
  ctx: ContentContext;
  final: Attempt;
  finalProfile: AttemptProfile;
  finalLines: ReadonlySet<string>;
  finalReading: number;
  tried: number;
  read: number;
}

export function choiceBasis(ctx: ContentContext, final: Attempt, finalReading: string): ChoiceBasis {
  const finalProfile = profileAttempt(final);
  let tried = 0;
  let read = 0;
  for (const o of ctx.outcomes) {
    if (o.tried) tried++;
    if (o.attempt) read++;
  }
  return {
    ctx,
    final,
    finalProfile,
    finalLines: new Set(finalProfile.lines),
    finalReading: READING_INDEX.get(finalReading) ?? -1,
    tried,
    read,
  };
}

/** The feature vector of `attempt` (read by `reading`, accepted or not) beside the rules' choice. */
export function candidateFeatures(
  basis: ChoiceBasis,
  reading: string,
  accepted: boolean,
  attempt: Attempt,
  profile: AttemptProfile,
): number[] {
  const f = basis.finalProfile;
  const pageChars = basis.ctx.facts.textLength;
  const lines = new Set(profile.lines);
  return [
    READING_INDEX.get(reading) ?? -1,
    basis.finalReading,
    accepted ? 1 : 0,
    DECLARED_TYPES.indexOf(basis.ctx.declaredType),
    log1p(profile.chars),
    log1p(f.chars),
    log1p(profile.chars) - log1p(f.chars),
    share(profile.chars, pageChars),
    share(f.chars, pageChars),
    log1p(pageChars),
    profile.blocks,
    f.blocks,
    profile.headings,
    f.headings,
    profile.listItems,
    f.listItems,
    share(profile.linkChars, profile.chars),
    share(f.linkChars, f.chars),
    share(profile.chars, profile.lines.length),
    share(f.chars, f.lines.length),
    share(profile.shortLines, profile.lines.length),
    share(f.shortLines, f.lines.length),
    attempt.plan?.roots.length ?? 0,
    basis.final.plan?.roots.length ?? 0,
    attempt.plan?.declaredBody || attempt.stands ? 1 : 0,
    basis.final.plan?.declaredBody || basis.final.stands ? 1 : 0,
    sharedShare(f, lines),
    sharedShare(profile, basis.finalLines),
    basis.tried,
    basis.read,
  ];
}
