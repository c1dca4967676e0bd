// The title block: a chapter page's content is the block under its title heading (the heading,
// a table of contents of its sections, an intro paragraph), which scoring passes over (most of
// its text is links). See select/title-block.ts.
import { ATTEMPTS } from '../select/attempt-flags.js';
import { titleBlock } from '../select/title-block.js';
import { ENOUGH_CHARS } from '../thresholds/readings.js';
import { convertTitleBlock } from './convert.js';
import { reading } from './reading.js';

export const titleBlockReading = reading({
  name: 'title block',
  kind: 'title block',
  when: 'what was found is under ENOUGH_CHARS',
  reads: "the title heading's block, when what was found lies outside it and it reads as a chapter's opening",
  accepts: 'more than what was found',
  applies: (_ctx, found) => found.chars < ENOUGH_CHARS,
  read(ctx, found) {
    let host: string | null;
    try {
      host = new URL(ctx.finalUrl).hostname;
    } catch {
      host = null;
    }
    const block = titleBlock(ctx.stats, ctx.title, ctx.heading, found.plan?.roots ?? [], host);
    return block ? convertTitleBlock(ctx, block, ctx.stats, ATTEMPTS[0]!) : null;
  },
  accept: (_ctx, found, attempt) => attempt.chars > found.chars,
});
