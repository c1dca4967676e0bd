// A reading: one way of gathering a page's content, tried in its place in the table
// (readings.ts) against what the readings before it found. `applies` says whether it is tried
// (and hands `read` and `accept` what it found out deciding: a gate, a grid); `read` converts
// what it proposes (null: it found nothing to propose); `accept` says whether that replaces what
// was found. Each outcome is kept (ContentContext.outcomes), for the readings after it and for
// explain.
import type { ContentContext } from '../context.js';
import type { BlockKind } from '../passes/passes.js';
import type { Attempt } from './attempt.js';

export interface Reading<T = true> {
  name: string;
  /** The kind of blocks it reads (which block passes run on them). */
  kind: BlockKind;
  /** For the docs and explain: when it is tried, what it reads, when it wins. */
  when: string;
  reads: string;
  accepts: string;
  /** What `read` and `accept` need, or false when it is not tried. */
  applies(ctx: ContentContext, found: Attempt): T | false;
  read(ctx: ContentContext, found: Attempt, given: T): Attempt | null;
  accept(ctx: ContentContext, found: Attempt, attempt: Attempt, given: T): boolean;
}

/** A table row: a reading of any `T` (its functions only ever see their own). */
export type AnyReading = Reading<unknown>;

export function reading<T>(r: Reading<T>): AnyReading {
  return r;
}

/** Always: the reading is accepted whenever it read something (its conditions are in `read`). */
export const ALWAYS = (): boolean => true;

/** Tries `r` against `found`; returns what is found after it, and records its outcome. */
export function runReading(ctx: ContentContext, r: AnyReading, found: Attempt): Attempt {
  const given = r.applies(ctx, found);
  if (given === false) {
    ctx.outcomes.push({ reading: r.name, tried: false });
    return found;
  }
  const attempt = r.read(ctx, found, given);
  if (attempt === null) {
    ctx.outcomes.push({ reading: r.name, tried: true });
    return found;
  }
  const accepted = r.accept(ctx, found, attempt, given);
  ctx.outcomes.push({ reading: r.name, tried: true, attempt, accepted });
  return accepted ? attempt : found;
}
