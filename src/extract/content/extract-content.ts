// The content profile: the main article of a single page, or null when there is none.
//
//   page facts, declarations, measures          context.ts (all of one page's state)
//      |
//   readings, in order                          readings/readings.ts: strict, relaxed, title block,
//      |  each tried against what was found     threads, grids, whole page, many sections, JSON-LD
//      |  (applies -> read -> accept)           body; every outcome kept (context.outcomes)
//   block passes of the reading's kind          passes/passes.ts, run by each reading's conversion
//      |
//   the answer's passes                         passes/passes.ts ('answer')
//      |
//   trace (explain: readings tried, what was    trace.ts
//          left out and by which rule)
//
// The DOM is never modified: a reading is a set of roots and of elements to leave out, so the
// same document can go to the index profile afterwards.
import type { Document } from 'domhandler';
import type { Extraction } from '../blocks.js';
import { keepShapes, SHAPES_PAGE_URL } from '../../parse/kept-shapes.js';
import { SHAPES_DOCUMENT } from '../../parse/parse-html.js';
import { ContentContext } from './context.js';
import { READINGS } from './readings/readings.js';
import { NOTHING } from './readings/attempt.js';
import { runReading } from './readings/reading.js';
import { runPasses } from './passes/passes.js';
import { withCardTitles } from './readings/card-titles.js';
import { withPostAuthors } from './readings/post-authors.js';
import { traceChoice, type ContentTrace } from './trace.js';

export type { ContentTrace } from './trace.js';

export function extractContent(doc: Document, finalUrl: string, trace?: ContentTrace): Extraction | null {
  return extractWith(new ContentContext(doc, finalUrl, trace?.explain === true), trace);
}

function extractWith(ctx: ContentContext, trace?: ContentTrace): Extraction | null {
  let found = NOTHING;
  for (const reading of READINGS) found = runReading(ctx, reading, found);
  found = withPostAuthors(ctx, withCardTitles(ctx, found));
  const blocks = found.chars === 0 ? null : runPasses('answer', found.blocks, ctx, found.log ?? null).blocks;
  if (trace) traceChoice(trace, ctx, READINGS, found);
  return blocks === null ? null : { title: ctx.title, blocks };
}

// One page's extraction kept alive (its context holds its measures and readings), so that a full
// collection between pages keeps the compiled code of the readings (src/parse/kept-shapes.ts).
const shapes = new ContentContext(SHAPES_DOCUMENT, SHAPES_PAGE_URL);
keepShapes(shapes, extractWith(shapes) ?? shapes);
