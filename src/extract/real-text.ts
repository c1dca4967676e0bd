// What "main content" means for the fallback rule: at least one block of real text, i.e. a
// line with a few words in it. A "Loading…" placeholder, a lone button label or an empty
// app root is not real text.
import type { Block, Inline } from './blocks.js';
import { isStyled } from './blocks.js';
import { leafBlocks } from './block-walk.js';
import { DISCLOSURE } from './vocabulary/phrases/notices.js';
import { COPYRIGHT_LINE } from './vocabulary/phrases/credits.js';

const words = new Intl.Segmenter('und', { granularity: 'word' });
const MIN_WORDS = 3;
const MIN_CHARS = 12;

export function hasRealText(blocks: Block[]): boolean {
  for (const b of leafBlocks(blocks)) {
    switch (b.type) {
      case 'heading':
      case 'paragraph':
        if (isRealLine(plain(b.children))) return true;
        break;
      case 'table':
        for (const row of b.rows) if (isRealLine(row.cells.map((c) => plain(c.children)).join(' '))) return true;
        break;
      case 'image':
        if (b.caption && isRealLine(plain(b.caption))) return true;
        break;
      default:
        // Code alone is not prose a reader came for; rules carry nothing.
        break;
    }
  }
  return false;
}

/**
 * Prose of the page's own in its chrome (a site header or footer): a paragraph (or one quoted)
 * whose words outside its links make a real line, and which is not the site's copyright or
 * rights notice. A footer's link columns and its legal line are on every page of a site; a page
 * whose only text they are has no content of its own (a shop page whose product the browser
 * draws), while a page written into its header (a launch page's announcement) has.
 */
export function hasOwnProse(blocks: Block[]): boolean {
  const stack = [...blocks];
  while (stack.length) {
    const b = stack.pop()!;
    if (b.type === 'quote') stack.push(...b.children);
    else if (b.type === 'paragraph') {
      // Headings there title the footer's link columns.
      const line = plain(b.children, false).trim();
      if (isRealLine(line) && !COPYRIGHT_LINE.test(line) && !DISCLOSURE.test(line)) return true;
    }
  }
  return false;
}

/** Distinct link targets that make a page of links (a site map, a hub of section links). */
const MIN_LINKS = 3;

/**
 * The index profile's test: real text, or a list of links (at least three distinct targets
 * with text). For a hub, link lists are the content: "Alpha section", "Beta section", ... are
 * two words each, yet they are what the page is for.
 */
export function hasIndexText(blocks: Block[]): boolean {
  return hasRealText(blocks) || countLinks(blocks, MIN_LINKS) >= MIN_LINKS;
}

/** Distinct addressed links with text, counted up to `enough`. */
function countLinks(blocks: Block[], enough: number): number {
  const hrefs = new Set<string>();
  const inlines: Inline[] = [];
  for (const b of leafBlocks(blocks)) {
    if (hrefs.size >= enough) break;
    if (b.type === 'heading' || b.type === 'paragraph') inlines.push(...b.children);
    else if (b.type === 'table') for (const row of b.rows) for (const c of row.cells) inlines.push(...c.children);
    while (inlines.length) {
      const n = inlines.pop()!;
      if (n.type === 'link' && n.href !== null && plain(n.children).trim()) hrefs.add(n.href);
      else if (isStyled(n)) inlines.push(...n.children);
    }
  }
  return hrefs.size;
}

/** Text of inlines without addresses, or only what is outside links (shallow: the block model caps inline nesting). */
export function plain(nodes: Inline[], withLinks = true): string {
  let s = '';
  for (const n of nodes) {
    if (n.type === 'text' || n.type === 'code') s += n.text;
    else if (n.type === 'math') s += n.tex;
    else if (n.type === 'break') s += ' ';
    else if ((withLinks && n.type === 'link') || isStyled(n)) s += plain(n.children, withLinks);
  }
  return s;
}

function isRealLine(line: string): boolean {
  if (line.replace(/\s/g, '').length < MIN_CHARS) return false;
  let n = 0;
  // A prefix is enough to find three words, and V8's segmenter slows down on long strings.
  for (const s of words.segment(line.slice(0, 2000))) if (s.isWordLike && ++n >= MIN_WORDS) return true;
  return false;
}
