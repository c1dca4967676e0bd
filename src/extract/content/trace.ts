// What the content profile chose, filled in when asked: the page type, the strategy and the
// container (benchmark tail reports), and, when `explain` is set, the whole account the
// cleaners' `explain` field returns (explain.ts).
import type { ContentContext } from './context.js';
import type { Attempt } from './readings/attempt.js';
import type { AnyReading } from './readings/reading.js';
import { describe, elementPath, type ExplainRequest, type ReadingTried } from '../explain.js';

export interface ContentTrace extends ExplainRequest {
  pageType?: string;
  strategy?: string;
  /** The chosen roots as tag#id.class, joined with " + ". */
  container?: string;
}

/** Fills `trace` with the page type and what was chosen (`chosen`: NOTHING when no reading read
 *  text), and the explanation when asked. */
export function traceChoice(
  trace: ContentTrace,
  ctx: ContentContext,
  readings: readonly AnyReading[],
  chosen: Attempt,
): void {
  trace.pageType = ctx.declaredType;
  trace.strategy = chosen.strategy;
  trace.container = chosen.plan ? chosen.plan.roots.map(describe).join(' + ') : '(json-ld)';
  if (!trace.explain) return;
  const none = chosen.chars === 0;
  trace.explanation = {
    profile: 'content',
    page_type: ctx.declaredType,
    readings: ctx.outcomes.map((o, i) => readingTried(o, readings[i]!)),
    strategy: none ? null : chosen.strategy,
    container: none || !chosen.plan ? null : chosen.plan.roots.map(elementPath).join(' + '),
    dropped: chosen.log?.dropped ?? [],
    dropped_omitted: chosen.log?.omitted ?? 0,
    revealed: ctx.revealed.map(elementPath),
  };
}

function readingTried(o: ContentContext['outcomes'][number], r: AnyReading): ReadingTried {
  const chars = o.attempt?.chars ?? null;
  const accepted = o.accepted === true;
  let why: string;
  if (!o.tried) why = `not tried: it is tried when ${r.when}`;
  else if (!o.attempt) why = 'tried, and found nothing to read';
  else if (accepted) why = `accepted: ${r.accepts}`;
  else why = `not accepted: it is accepted when ${r.accepts}`;
  return { name: o.reading, tried: o.tried, chars, accepted, why };
}
