// A forum reply's subject line is the thread's subject again behind "Re:" (phpBB, FluxBB and
// their kin print it over every post): it names the thread, not what the reply says. Such a line
// is known by its prefix and by coming again: the same "Re: ..." over two posts or more. A reply
// whose subject its writer changed, or a single "Re:" line, is left as it is.
import type { Block } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { foldText } from '../../dom/measures.js';
import { REPLY_SUBJECT_MIN_REPEATS } from '../thresholds/passes.js';

/** "Re:" and a subject (no other reply prefix: "AW:", "SV:" open ordinary lines too). */
const REPLY_SUBJECT = /^re ?: ?\S/;

/** The folded text of a paragraph or heading that reads as a reply's subject, else null. */
function subjectOf(b: Block): string | null {
  if (b.type !== 'paragraph' && b.type !== 'heading') return null;
  const text = foldText(inlineText(b.children));
  return REPLY_SUBJECT.test(text) ? text : null;
}

/** Calls `visit` on every paragraph and heading at the top level and in list items (where a
 *  thread set as a list keeps its posts). */
function eachLine(blocks: Block[], visit: (b: Block) => void): void {
  for (const b of blocks) {
    if (b.type === 'list') for (const it of b.items) eachLine(it.children, visit);
    else visit(b);
  }
}

/** `blocks` without the lines that are a reply's subject printed over REPLY_SUBJECT_MIN_REPEATS
 *  posts or more; `blocks` itself when there are none. */
export function dropReplySubjects(blocks: Block[]): Block[] {
  const counts = new Map<string, number>();
  eachLine(blocks, (b) => {
    const s = subjectOf(b);
    if (s !== null) counts.set(s, (counts.get(s) ?? 0) + 1);
  });
  if (counts.size === 0) return blocks;
  const repeated = (b: Block): boolean => {
    const s = subjectOf(b);
    return s !== null && counts.get(s)! >= REPLY_SUBJECT_MIN_REPEATS;
  };
  const walk = (run: Block[]): Block[] => {
    let out: Block[] | null = null;
    for (let i = 0; i < run.length; i++) {
      const b = run[i]!;
      let next: Block | null = b;
      if (repeated(b)) next = null;
      else if (b.type === 'list') {
        let changed = false;
        const items = b.items.map((it) => {
          const children = walk(it.children);
          if (children !== it.children) changed = true;
          return children === it.children ? it : { children };
        });
        if (changed) next = { ...b, items };
      }
      if (next !== b && !out) out = run.slice(0, i);
      if (out && next) out.push(next);
    }
    return out ?? run;
  };
  return walk(blocks);
}
