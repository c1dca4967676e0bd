// A forum prints its member's record beside every post: "Posts: 73,365", "Registered:
// 2012-09-03", "Joined: 5. Sep 2014, 16:05", "Join Date: Mar 2016", "Reaction score: 12", "48
// posts". The figures describe the writer's account, not the thread; they come once per post. A
// line that is one such field with a count or a date is dropped, as a block of its own or a line
// of one (broken with <br>). A free-text field ("Location: Seattle", "From: Miod Vallat") stays:
// articles list people and places so, and a count or a date is what tells the member's record
// apart. A post's own count of likes printed under it ("7 Likes", Discourse) is such a figure too.
import type { Block, Inline } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { editLines } from './edit-blocks.js';

/** A count field ("Posts: 1,234", "Reaction score: 12", "Messages: 1.2k", "48 posts") or a date
 *  field ("Registered: 2012-09-03", "Joined: Sep 2014", "Join Date: Mar 2016", "Member since:
 *  2019"): its value is short. */
const MEMBER_FIELD = new RegExp(
  '^(?:(?:posts|total posts|messages|reaction score|likes received|karma|points) ?: ?\\d[\\d.,]*k?|' +
    '(?:registered|joined|join date|member since) ?: ?(?:\\d[^\\n]{0,30}|\\p{L}{3,10}\\.? \\d[^\\n]{0,25})|' +
    // The writer's count of posts as a line of its own (phpBB, Tapatalk: "48 posts").
    '\\d[\\d.,]*k? posts?|' +
    // A post's own count of likes under it (Discourse: "1 Like", "7 Likes").
    '\\d[\\d.,]*k? likes?)$',
  'iu',
);

const isField = (text: string): boolean => MEMBER_FIELD.test(text.trim());

/** The paragraph's lines (its runs between breaks), each with its inlines. */
function lines(children: Inline[]): Inline[][] {
  const out: Inline[][] = [[]];
  for (const c of children) {
    if (c.type === 'break') out.push([]);
    else out[out.length - 1]!.push(c);
  }
  return out;
}

/** A paragraph without its member-field lines; null when nothing else is left; `b` itself when
 *  it holds none. */
function withoutFields(b: Extract<Block, { type: 'paragraph' }>): Block | null {
  const parts = lines(b.children);
  const kept = parts.filter((l) => !isField(inlineText(l)));
  if (kept.length === parts.length) return b;
  const left = kept.filter((l) => inlineText(l).trim() !== '');
  if (left.length === 0) return null;
  const children: Inline[] = [];
  left.forEach((l, i) => {
    if (i > 0) children.push({ type: 'break' });
    children.push(...l);
  });
  return { ...b, children };
}

/** `blocks` without member-field lines (top level and in list items); `blocks` itself when
 *  there are none. */
export function dropMemberFields(blocks: Block[]): Block[] {
  return editLines(blocks, (b) => (b.type === 'paragraph' ? withoutFields(b) : b));
}
