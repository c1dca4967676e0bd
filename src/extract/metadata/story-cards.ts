// The cards of other stories a page shows: a home page's, a section's or a tag's index, a box of
// related stories. A card is one of LISTING_MIN_CARDS or more sibling elements of one kind (tag and
// first class), short (a teaser: at most MAX_CARD_CHARS characters as a reader sees them), each
// with a link of CARD_TITLE_WORDS or more words to an address of its own (its story's title). A
// date printed in a card dates that story, not the page. Paragraphs are no cards: an article's
// paragraphs repeat, and many hold a link.
import type { AnyNode, Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { textContent as textUpTo } from '../dom/walk.js';
import { isPlainTag, isText } from './node-kinds.js';
import { insideFurniture } from './page-regions.js';
import { collapse } from './text.js';
import { CARD_TITLE_WORDS, LISTING_MIN_CARDS, MAX_CARD_CHARS, MAX_CARD_SCAN, MAX_STORY_CARDS } from './thresholds.js';

function kindOf(el: Element): string {
  const cls = (attribute(el, 'class') ?? '').trim().split(/\s+/)[0] ?? '';
  return `${el.name}.${cls}`;
}

/** The card's text as a reader sees it, or null past MAX_CARD_CHARS characters or MAX_CARD_SCAN elements. */
function shortText(card: Element): string | null {
  const parts: string[] = [];
  let chars = 0;
  let elements = 0;
  const stack: AnyNode[] = [card];
  while (stack.length) {
    const n = stack.pop()!;
    if (isText(n)) {
      const t = collapse(n.data.slice(0, 4 * MAX_CARD_CHARS), MAX_CARD_CHARS + 1);
      chars += t.length;
      if (chars > MAX_CARD_CHARS) return null;
      if (t) parts.push(t);
    } else if (isPlainTag(n)) {
      if (++elements > MAX_CARD_SCAN) return null;
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
    }
  }
  return parts.join(' ');
}

/** The address of the card's first link of CARD_TITLE_WORDS or more words (its title), or null. */
function titleLink(card: Element): string | null {
  const stack: Element[] = [card];
  for (let seen = 0; stack.length && seen < MAX_CARD_SCAN; seen++) {
    const el = stack.pop()!;
    const href = el.name === 'a' ? attribute(el, 'href') : undefined;
    if (href) {
      if (collapse(textUpTo(el, MAX_CARD_CHARS)).split(' ').length >= CARD_TITLE_WORDS) return href;
      continue;
    }
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i];
      if (isPlainTag(c)) stack.push(c);
    }
  }
  return null;
}

/** The texts of the story cards among the page's elements (in document order), at most MAX_STORY_CARDS. */
export function storyCardTexts(elements: readonly Element[]): string[] {
  const texts: string[] = [];
  for (const parent of elements) {
    if (texts.length >= MAX_STORY_CARDS) break;
    const byKind = new Map<string, Element[]>();
    for (const c of parent.children)
      if (isPlainTag(c) && c.name !== 'p') {
        const k = kindOf(c);
        const group = byKind.get(k);
        if (group) group.push(c);
        else byKind.set(k, [c]);
      }
    for (const group of byKind.values()) {
      if (group.length < LISTING_MIN_CARDS) continue;
      const cards = new Map<string, string>();
      for (const card of group) {
        if (cards.size + texts.length >= MAX_STORY_CARDS) break;
        const href = titleLink(card);
        if (href === null || cards.has(href)) continue;
        const text = shortText(card);
        if (text !== null) cards.set(href, text);
      }
      if (cards.size >= LISTING_MIN_CARDS && !insideFurniture(parent)) texts.push(...cards.values());
    }
  }
  return texts;
}
