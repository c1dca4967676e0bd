// Last pass over the chosen article's blocks: "read more" lines, link lists of related
// articles and the headings left standing over them are navigation, not article text.
import type { Block, Inline } from '../../blocks.js';
import { isStyled, isWrapper } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { introduces } from '../prune/introduced-lists.js';
import { SENTENCE_END } from '../../vocabulary/text-patterns.js';
import {
  ANNOUNCING_MIN_CHARS,
  DESCRIPTION_MIN_WORDS,
  LINK_LINE_SHARE,
  LINK_LIST_SHARE,
  PROSE_LEAD_WORDS,
  SENTENCE_MIN_CHARS,
  SENTENCE_MIN_WORDS,
  TEASER_MIN_LINK_SHARE,
} from '../thresholds/passes.js';

/** `listsInText`: the lists read set in the run of the text (ToBlocksOptions.listsInText), which stay. */
export function pruneBlocks(input: Block[], listsInText: WeakSet<Block>): Block[] {
  const blocks = dropTeaserSections(input);
  const kept: Array<{ block: Block; droppedAfter: boolean }> = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (
      isLinkBoilerplate(block) &&
      !listsInText.has(block) &&
      !isAnnouncedAddress(block, kept[kept.length - 1]?.block) &&
      !isIntroducedLinks(block, blocks[i - 1], kept[kept.length - 1]?.block) &&
      !isDescribedTerm(block, blocks[i + 1])
    ) {
      const last = kept[kept.length - 1];
      if (last) last.droppedAfter = true;
      continue;
    }
    kept.push({ block, droppedAfter: false });
  }
  // A heading whose section was all dropped links ("Related articles", "Read also") goes too.
  const out: Block[] = [];
  for (let i = 0; i < kept.length; i++) {
    const k = kept[i]!;
    if (k.block.type === 'heading' && !isSentence(k.block.children)) {
      // A heading with no section under it (last block, or straight before a heading of a
      // higher rank) titles something that was left out. Same-rank runs stay: they are often
      // an outline of short sections (or headings that carry the text themselves).
      const next = kept[i + 1];
      if (!next) continue;
      if (next.block.type === 'heading' && (k.droppedAfter || next.block.level < k.block.level)) continue;
    }
    out.push(k.block);
  }
  return out;
}

function isSentence(inlines: Inline[]): boolean {
  const text = inlineText(inlines).trim();
  return text.length >= SENTENCE_MIN_CHARS && SENTENCE_END.test(text) && measure(inlines).linkChars === 0;
}

function isLinkBoilerplate(block: Block): boolean {
  if (block.type === 'paragraph') {
    const m = measure(block.children);
    return m.chars > 0 && m.linkChars / m.chars >= LINK_LINE_SHARE && !isProseWithLink(block.children);
  }
  if (block.type === 'list') {
    let chars = 0;
    let linkChars = 0;
    for (const item of block.items) {
      for (const b of item.children) {
        if (b.type === 'paragraph' || b.type === 'heading') {
          const m = measure(b.children);
          chars += m.chars;
          linkChars += m.linkChars;
        }
      }
    }
    return chars > 0 && linkChars / chars > LINK_LIST_SHARE;
  }
  return false;
}
/** A list straight under a kept paragraph or heading of the text that introduces it
 *  (prune/introduced-lists.ts). */
function isIntroducedLinks(block: Block, previous: Block | undefined, lastKept: Block | undefined): boolean {
  if (block.type !== 'list' || previous !== lastKept) return false;
  if (previous?.type !== 'paragraph' && previous?.type !== 'heading') return false;
  return introduces(inlineText(previous.children).trim());
}

const ADDRESS = /^(?:(?:https?:\/\/|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)$/i;

function isAnnouncedAddress(block: Block, previous: Block | undefined): boolean {
  if (block.type !== 'paragraph' || previous?.type !== 'paragraph') return false;
  const before = inlineText(previous.children).trim();
  if (before.length < ANNOUNCING_MIN_CHARS || !/[:：]$/.test(before)) return false;
  return ADDRESS.test(inlineText(block.children).trim());
}

function isDescribedTerm(block: Block, next: Block | undefined): boolean {
  if (block.type !== 'paragraph' || !block.term || linkCount(block.children) !== 1) return false;
  if (next?.type !== 'paragraph' || next.term || isLinkBoilerplate(next)) return false;
  const words = ownWords(next.children);
  return (
    words >= DESCRIPTION_MIN_WORDS ||
    (words >= SENTENCE_MIN_WORDS && SENTENCE_END.test(inlineText(next.children).trim()))
  );
}

function linkCount(inlines: Inline[]): number {
  let n = 0;
  for (const c of inlines) {
    if (c.type === 'link') n += c.href !== null ? 1 : 0;
    else if (isStyled(c)) n += linkCount(c.children);
  }
  return n;
}

/** Words with a letter, outside links. */
function ownWords(inlines: Inline[]): number {
  let n = 0;
  for (const c of inlines) {
    if (c.type === 'text' || c.type === 'code') n += c.text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
    else if (isStyled(c)) n += ownWords(c.children);
  }
  return n;
}

function isProseWithLink(inlines: Inline[]): boolean {
  const text = inlineText(inlines).trim();
  if (!SENTENCE_END.test(text)) return false;
  let lead = '';
  for (const n of inlines) {
    if (n.type === 'link') break;
    if (n.type !== 'text') return false;
    lead += n.text;
  }
  lead = lead.trim();
  if (/[:：]$/.test(lead)) return false;
  return lead.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length >= PROSE_LEAD_WORDS;
}

function measure(inlines: Inline[]): { chars: number; linkChars: number } {
  let chars = 0;
  let linkChars = 0;
  // The line's own texts are counted as they come; only its wrappers are stacked (most lines
  // have none, and this runs on every line).
  const stack: Array<{ n: Inline; inLink: boolean }> = [];
  for (const n of inlines) {
    if (n.type === 'text' || n.type === 'code') chars += n.text.trim().length;
    else if (n.type === 'math') chars += n.tex.length;
    else if (isWrapper(n)) stack.push({ n, inLink: false });
  }
  while (stack.length > 0) {
    const { n, inLink } = stack.pop()!;
    if (n.type === 'text' || n.type === 'code') {
      const len = n.text.trim().length;
      chars += len;
      if (inLink) linkChars += len;
    } else if (n.type === 'math') {
      chars += n.tex.length;
      if (inLink) linkChars += n.tex.length;
    } else if (isWrapper(n)) {
      for (const c of n.children) stack.push({ n: c, inLink: inLink || (n.type === 'link' && n.href !== null) });
    }
  }
  return { chars, linkChars };
}

/**
 * A heading followed by blocks that each open with a link ("[Headline](url) teaser text...")
 * introduces a list of other articles, whatever it says; so is such a run at the very end.
 */
function dropTeaserSections(blocks: Block[]): Block[] {
  const drop = new Set<number>();
  for (let i = 0; i < blocks.length; i++) {
    const h = blocks[i]!;
    if (h.type !== 'heading') continue;
    let j = i + 1;
    while (j < blocks.length && isTeaser(blocks[j]!)) j++;
    if (j - i - 1 >= 2) for (let k = i; k < j; k++) drop.add(k);
  }
  let tail = blocks.length;
  while (tail > 0 && isTeaser(blocks[tail - 1]!)) tail--;
  if (blocks.length - tail >= 2) for (let k = tail; k < blocks.length; k++) drop.add(k);
  return drop.size === 0 ? blocks : blocks.filter((_, i) => !drop.has(i));
}

function isTeaser(block: Block): boolean {
  if (block.type !== 'paragraph') return false;
  const first = block.children.find((c) => c.type !== 'text' || c.text.trim() !== '');
  if (!first || first.type !== 'link' || first.href === null) return false;
  const m = measure(block.children);
  return m.chars > 0 && m.linkChars / m.chars >= TEASER_MIN_LINK_SHARE;
}
