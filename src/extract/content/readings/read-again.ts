// The reading chosen, converted once more with a changed plan (cards' titles kept, posts' authors
// opened: card-titles.ts, post-authors.ts). The readings were compared without the change, so the
// new conversion must only add what was opened: with more (or no) text than that, something else
// moved (a block pass judged a list of cards as link lines and dropped it all, a title fell
// elsewhere), and the first conversion stands.
import { blocksTextLength } from '../../to-blocks/block-text.js';
import type { Attempt, Plan } from './attempt.js';

/** `found` converted with `plan` when that adds text, at most `maxAdded` characters; else `found`. */
export function readAgain(found: Attempt, plan: Plan, maxAdded: number): Attempt {
  if (!found.again) return found;
  const again = found.again(plan);
  const before = blocksTextLength(found.blocks);
  const after = blocksTextLength(again.blocks);
  if (after <= before || after > before + maxAdded) return found;
  return { ...found, blocks: again.blocks, chars: again.chars, log: again.log };
}
