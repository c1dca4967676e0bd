// A blog's or a news desk's index sets each entry as a line that is only the post's title, as
// its link, and a paragraph of summary under it ("[Allocating on the Stack](/blog/...)" / "A
// description of some of the recent changes ..."); its date and author, in their own boxes,
// are left out as a byline. The title line is then all link, and the link-line pruning drops
// it as navigation: the listing reads as summaries without their titles. A careful reader
// reads such a run of entries as titled sections: the title is the entry's heading (headings
// are not link-pruned), with its link. Block-level, on the converted output only.
import type { Block, HeadingLevel, Inline } from '../../blocks.js';
import { isStyled } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { SENTENCE_END } from '../../vocabulary/text-patterns.js';
import { MIN_ENTRIES, MIN_SUMMARY_WORDS } from '../thresholds/passes.js';

// Made once, not per line (a literal in the function is a new RegExp object each call).
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;

/** The href of a paragraph that is one link, with at most punctuation around it, or null. */
function titleLink(block: Block): string | null {
  if (block.type !== 'paragraph') return null;
  let href: string | null = null;
  for (const c of block.children) {
    if (c.type === 'break') continue;
    if (c.type === 'text' && !LETTER_OR_DIGIT.test(c.text)) continue;
    if (c.type !== 'link' || c.href === null || href !== null) return null;
    if (!LETTER.test(inlineText(c.children))) return null;
    href = c.href;
  }
  return href;
}

/** A paragraph of words with no link in it. */
function isSummary(block: Block): boolean {
  if (block.type !== 'paragraph') return false;
  if (!block.children.every(unlinked)) return false;
  let words = 0;
  for (const w of inlineText(block.children).split(/\s+/))
    if (/\p{L}{2}/u.test(w) && ++words >= MIN_SUMMARY_WORDS) return true;
  return false;
}

function unlinked(n: Inline): boolean {
  if (n.type === 'link') return false;
  if (isStyled(n)) return n.children.every(unlinked);
  return true;
}

/** Runs of (title link line, summary) pairs, four or more with distinct links and most summaries
 *  ending as sentences (a link grid's captions are lists of words: "Replace keys, replace
 *  locks, key duplication"), read with the
 *  title as a heading one rank under the heading before the run. */
export function titleTeaserEntries(blocks: Block[]): Block[] {
  let out: Block[] | null = null;
  let level: HeadingLevel = 1;
  for (let i = 0; i < blocks.length;) {
    const b = blocks[i]!;
    if (b.type === 'heading') level = b.level;
    // Most blocks open no run: told so before the run's set is made.
    if (titleLink(b) === null) {
      i++;
      continue;
    }
    const hrefs = new Set<string>();
    let sentences = 0;
    let j = i;
    for (;;) {
      const href = titleLink(blocks[j] ?? { type: 'rule' });
      const summary = blocks[j + 1] ?? { type: 'rule' };
      if (href === null || hrefs.has(href) || !isSummary(summary)) break;
      if (summary.type === 'paragraph' && SENTENCE_END.test(inlineText(summary.children).trim())) sentences++;
      hrefs.add(href);
      j += 2;
    }
    if (hrefs.size < MIN_ENTRIES || sentences * 2 < hrefs.size) {
      i++;
      continue;
    }
    out ??= blocks.slice();
    const sub = Math.min(6, level + 1) as HeadingLevel;
    for (let k = i; k < j; k += 2) {
      const t = blocks[k]!;
      if (t.type === 'paragraph')
        out[k] = { type: 'heading', level: sub, children: t.children.filter((c) => c.type === 'link') };
    }
    i = j;
  }
  return out ?? blocks;
}
