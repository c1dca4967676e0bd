// A forum reply's subject line is the thread's subject again behind "Re:" (phpBB, FluxBB and
// their kin print it over every post): it names the thread, not what the reply says. Such a line
// is known by its prefix and by coming again: the same "Re: ..." over two posts or more. A reply
// whose subject its writer changed, or a single "Re:" line, is left as it is.
import type { Block } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { foldText } from '../../dom/measures.js';
import { editLines } from './edit-blocks.js';
import { REPLY_SUBJECT_MIN_REPEATS } from '../thresholds/passes.js';

/** "Re:" and a subject (no other reply prefix: "AW:", "SV:" open ordinary lines too). */
const REPLY_SUBJECT = /^re ?: ?\S/;

/** The folded text of a paragraph or heading that reads as a reply's subject, else null. */
function subjectOf(b: Block): string | null {
  if (b.type !== 'paragraph' && b.type !== 'heading') return null;
  const text = foldText(inlineText(b.children));
  return REPLY_SUBJECT.test(text) ? text : null;
}

/** `blocks` without the lines that are a reply's subject printed over REPLY_SUBJECT_MIN_REPEATS
 *  posts or more; `blocks` itself when there are none. */
export function dropReplySubjects(blocks: Block[]): Block[] {
  // One reading of each line's text: the subjects found, by block, and how often each comes
  // (top level and list items, as the edit below sees them).
  const subjects = new Map<Block, string>();
  const counts = new Map<string, number>();
  editLines(blocks, (b) => {
    const s = subjectOf(b);
    if (s !== null) {
      subjects.set(b, s);
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    return b;
  });
  if (subjects.size === 0) return blocks;
  return editLines(blocks, (b) => {
    const s = subjects.get(b);
    return s !== undefined && counts.get(s)! >= REPLY_SUBJECT_MIN_REPEATS ? null : b;
  });
}
