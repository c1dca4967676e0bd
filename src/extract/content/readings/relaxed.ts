// The relaxed readings (readability's relaxation flags, one at a time): when the strict reading
// found little, the page is scored again keeping the unlikely containers, then without class
// weights, then without conditional pruning. Each replaces what was found only when it finds
// clearly more; one that reads enough ends the relaxation.
import type { ContentContext } from '../context.js';
import { ElementStats } from '../select/element-stats.js';
import { ATTEMPTS, type AttemptFlags } from '../select/attempt-flags.js';
import { onlyFooters } from '../select/supplement-boxes.js';
import { ENOUGH_CHARS, RELAXED_MARGIN } from '../thresholds/readings.js';
import { planFromScores, samePlan } from './attempt.js';
import { convert } from './convert.js';
import { reading, type AnyReading } from './reading.js';

/** The names of the relaxed readings, in order. */
export const RELAXED = ['relaxed: unlikely kept', 'relaxed: no class weights', 'relaxed: no conditional pruning'];

/** A relaxed reading read ENOUGH_CHARS: the relaxation ends. */
function relaxationDone(ctx: ContentContext): boolean {
  return ctx.outcomes.some(
    (o) => RELAXED.includes(o.reading) && o.attempt !== undefined && o.attempt.chars >= ENOUGH_CHARS,
  );
}

function relaxedReading(name: string, flags: AttemptFlags): AnyReading {
  return reading({
    name,
    kind: 'container',
    when: 'what was found is under ENOUGH_CHARS and no declared body stands, until a relaxed reading reads enough',
    reads: 'the best-scored container with this flag relaxed too (the same plan as the one before is not read again)',
    accepts: 'RELAXED_MARGIN times what was found, or more',
    applies: (ctx, found) => !found.stands && found.chars < ENOUGH_CHARS && !relaxationDone(ctx),
    read(ctx) {
      // Every relaxed reading keeps the unlikely containers, so they measure the same elements
      // and share one measuring walk; only their scores differ.
      const r = ctx.relaxed;
      if (r.stats) r.stats.resetScores();
      else r.stats = new ElementStats(ctx.frame, ctx.ex.always, ctx.texts);
      const relaxed = planFromScores(ctx, r.stats, flags);
      // Relaxing often changes nothing; the same plan gives the same blocks, which were
      // already weighed (and did not end the relaxation).
      if (r.previous && samePlan(relaxed, r.previous)) return null;
      r.previous = relaxed;
      // A relaxed reading that lands on the page's footer alone found no content (supplement-boxes.ts).
      if (onlyFooters(relaxed.roots)) return null;
      return convert(ctx, relaxed, 'relaxed', ctx.captionsOut, ctx.rails);
    },
    accept: (_ctx, found, attempt) => attempt.chars > RELAXED_MARGIN * found.chars,
  });
}

export const relaxedReadings: AnyReading[] = ATTEMPTS.slice(1).map((flags, i) => relaxedReading(RELAXED[i]!, flags));
