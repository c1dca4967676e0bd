// The index profile's tidy pass over its blocks: images out (a caption stays as a line), each
// link address listed once (later mentions keep their text; a trailing "Continue reading" to
// an address already listed goes), empty blocks out.
import type { Block, Inline } from '../blocks.js';
import { isStyled, isWrapper } from '../blocks.js';
import { mapLeafBlocks, type LeafBlock } from '../block-walk.js';
import { plain } from '../real-text.js';

/** What identifies a link target for "listed once": the address without its fragment. */
function linkKey(href: string): string {
  const i = href.indexOf('#');
  return i < 0 ? href : href.slice(0, i);
}

/** A drop this pass reports (to explain's log): the block, and the rule that left it out. */
export type TidyDrop = (block: Block, rule: string) => void;

/** The rules of the drops reported. */
const LINK_LISTED = 'link listed already';
const HEADING_OVER_LISTED = 'heading over links listed already';

/** `blocks` tidied; `onDrop` hears of each block left out as a repeated link, and each heading left out
 *  as a heading over nothing (images, and blocks with no text, go unreported: nothing was read of them). */
export function tidy(blocks: Block[], onDrop?: TidyDrop): Block[] {
  const seen = new Set<string>();
  // Leaves in reading order, so that an address's first mention is the one that keeps its link.
  const kept = blocks.map((b) => mapLeafBlocks([b], (leaf) => tidyLeaf(leaf, seen, onDrop), true));
  return withoutEmptiedHeadings(blocks, kept, onDrop).flat();
}

/**
 * `kept` (what is left of each of `blocks`) without the headings whose sections this pass
 * emptied: a "Most read" over a list of links already listed is a heading over nothing. A
 * heading that is a link (a teaser's headline over its "Read more") is an entry of the index
 * itself, and a section the page left empty stays as it was. From the last heading up, so
 * that a heading whose only subsection was emptied goes too. Each block is in at most six
 * sections (one per heading level), and a section's scan ends at its first block kept.
 */
function withoutEmptiedHeadings(blocks: readonly Block[], kept: Block[][], onDrop?: TidyDrop): Block[][] {
  for (let i = blocks.length - 1; i >= 0; i--) {
    const heading = blocks[i]!;
    const printed = kept[i]![0];
    if (heading.type !== 'heading' || printed?.type !== 'heading' || topLinks(printed.children).length > 0) continue;
    let emptied = false;
    for (let j = i + 1; j < blocks.length; j++) {
      const b = blocks[j]!;
      if (b.type === 'heading' && b.level <= heading.level) break;
      // A picture is no text of the section's (the pass drops every one), nor is a rule.
      if (b.type === 'image' || b.type === 'rule') continue;
      emptied = kept[j]!.length === 0;
      if (!emptied) break;
    }
    if (emptied) {
      onDrop?.(printed, HEADING_OVER_LISTED);
      kept[i] = [];
    }
  }
  return kept;
}

function tidyLeaf(b: LeafBlock, seen: Set<string>, onDrop: TidyDrop | undefined): Block | null {
  switch (b.type) {
    case 'heading':
    case 'paragraph': {
      const children = tidyInlines(b.children, seen);
      if (children === LISTED) onDrop?.(b, LINK_LISTED);
      return children && children !== LISTED ? { ...b, children } : null;
    }
    case 'table': {
      const rows = [];
      for (const row of b.rows) {
        const cells = row.cells.map((c) => ({ ...c, children: inlinesOrNone(tidyInlines(c.children, seen)) }));
        if (cells.some((c) => c.children.length)) rows.push({ cells });
      }
      return rows.length ? { type: 'table', rows } : null;
    }
    case 'image': {
      // Images are not readable text; a caption is.
      const caption = b.caption ? inlinesOrNone(tidyInlines(b.caption, seen)) : [];
      return caption.length > 0 ? { type: 'paragraph', children: caption } : null;
    }
    case 'code':
      return b.text.trim() ? b : null;
    case 'rule':
      return null;
  }
}

/** What tidyInlines answers for inlines that were nothing but a link already listed. */
const LISTED = 'listed';

/**
 * Inlines with images removed and repeated links reduced to their text. Returns null when
 * nothing readable is left, and LISTED when the block was nothing but a link already listed (a
 * "Read more" or image link to a teaser already shown).
 */
function tidyInlines(nodes: Inline[], seen: Set<string>): Inline[] | typeof LISTED | null {
  const stripped = stripImages(nodes);
  if (!plain(stripped).trim()) return null;
  const links = topLinks(stripped);
  const onlyLink =
    links.length === 1 &&
    plainOutside(stripped)
      .trim()
      .replace(/[\s\p{P}\p{S}]/gu, '') === '';
  if (onlyLink && seen.has(linkKey(links[0]!.href!))) return LISTED;
  const marked = markSeen(stripped, seen, true);
  return plain(marked).trim() ? marked : null;
}

function inlinesOrNone(inlines: Inline[] | typeof LISTED | null): Inline[] {
  return inlines === null || inlines === LISTED ? [] : inlines;
}

function stripImages(nodes: Inline[]): Inline[] {
  if (!hasImage(nodes)) return nodes;
  const out: Inline[] = [];
  for (const n of nodes) {
    if (n.type === 'image') continue;
    if (isWrapper(n)) out.push({ ...n, children: stripImages(n.children) });
    else out.push(n);
  }
  return out;
}

function hasImage(nodes: Inline[]): boolean {
  for (const n of nodes) {
    if (n.type === 'image') return true;
    if (isWrapper(n) && hasImage(n.children)) return true;
  }
  return false;
}

/** Links with an address, outermost only. */
function topLinks(nodes: Inline[]): Array<Extract<Inline, { type: 'link' }>> {
  const out: Array<Extract<Inline, { type: 'link' }>> = [];
  for (const n of nodes) {
    if (n.type === 'link' && n.href !== null && plain(n.children).trim()) out.push(n);
    else if (isStyled(n)) out.push(...topLinks(n.children));
  }
  return out;
}

/** Text outside any addressed link. */
function plainOutside(nodes: Inline[]): string {
  let s = '';
  for (const n of nodes) {
    if (n.type === 'link' && n.href !== null) continue;
    if (n.type === 'text' || n.type === 'code') s += n.text;
    else if (n.type === 'math') s += n.tex;
    else if (isWrapper(n)) s += plainOutside(n.children);
  }
  return s;
}

/**
 * First occurrence of an address keeps its link; later ones keep only their text, except at
 * the end of a block, where a repeated link is a "Continue reading" and goes entirely.
 */
function markSeen(nodes: Inline[], seen: Set<string>, atEnd: boolean): Inline[] {
  const out: Inline[] = [];
  let last = nodes.length - 1;
  while (last >= 0 && isBlank(nodes[last]!)) last--;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    if (n.type === 'link' && n.href !== null && plain(n.children).trim()) {
      const key = linkKey(n.href);
      if (seen.has(key) && atEnd && i === last) {
        dropTrailingSeparator(out);
        continue;
      }
      if (seen.has(key)) out.push({ type: 'link', href: null, children: n.children });
      else {
        seen.add(key);
        out.push(n);
      }
    } else if (isStyled(n)) out.push({ ...n, children: markSeen(n.children, seen, atEnd && i === last) });
    else out.push(n);
  }
  return out;
}

/** A character of a separator between links ("|", "·", a dash, a comma, a space). */
const SEPARATOR_CHAR = /[\s|·•,;/–—-]/u;

/** `text` without its run of `char`s at the end: a loop from the end, where the pattern
 *  `char+$` would be tried from every start of such a run (quadratic on a long one). */
function withoutTrailing(text: string, char: RegExp): string {
  let end = text.length;
  while (end > 0 && char.test(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** "… | hide | <dropped link>": the separator before a dropped trailing link goes with it. */
function dropTrailingSeparator(out: Inline[]): void {
  const lastNode = out[out.length - 1];
  if (lastNode?.type !== 'text') return;
  const trimmed = withoutTrailing(lastNode.text, SEPARATOR_CHAR);
  if (trimmed === lastNode.text.trimEnd()) return;
  if (trimmed === '') out.pop();
  else out[out.length - 1] = { type: 'text', text: trimmed };
}

function isBlank(n: Inline): boolean {
  return (n.type === 'text' && n.text.trim() === '') || n.type === 'break';
}
