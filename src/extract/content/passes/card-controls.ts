// The buttons, badges and flags a shop or catalogue sets on every card ("Quick Shop", "Add to
// Wishlist", "Compare", "Rate this book", "Sold out", "New", a quick-buy form's "Size"): printed once per card,
// they come out of a grid as the same short line again and again. A careful reader skips them;
// the card's title, price and blurb stay. A control line goes only when the reading repeats it
// (three times or more): a lone "Add to cart" on a product page, or "Compare" as a heading
// once, stands. Block-level, on the converted output only (paragraphs and headings, at the top
// level and inside lists).
import type { Block } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { CARD_CONTROL } from '../../vocabulary/phrases/widgets.js';
import { CONTROL_MAX_CHARS, CONTROL_MIN_REPEATS, CONTROL_RAW_SLACK } from '../thresholds/passes.js';
import { itemWith } from '../../block-walk.js';

/** The control text of a paragraph or heading, or null. */
function controlText(b: Block): string | null {
  if (b.type !== 'paragraph' && b.type !== 'heading') return null;
  const raw = inlineText(b.children, CONTROL_MAX_CHARS + CONTROL_RAW_SLACK);
  if (raw.length > CONTROL_MAX_CHARS + CONTROL_RAW_SLACK) return null;
  const text = raw.replace(/\s+/g, ' ').trim().toLowerCase();
  return text.length > 0 && text.length <= CONTROL_MAX_CHARS && CARD_CONTROL.test(text) ? text : null;
}

function count(blocks: Block[], into: Map<string, number>): void {
  for (const b of blocks) {
    if (b.type === 'list') for (const item of b.items) count(item.children, into);
    else {
      const t = controlText(b);
      if (t !== null) into.set(t, (into.get(t) ?? 0) + 1);
    }
  }
}

function drop(blocks: Block[], repeated: Set<string>): Block[] {
  let out: Block[] | null = null;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    let next: Block | null = b;
    if (b.type === 'list') {
      let changed = false;
      const items = b.items.map((item) => {
        const children = drop(item.children, repeated);
        if (children !== item.children) changed = true;
        return children === item.children ? item : itemWith(item, children);
      });
      if (changed) next = { ...b, items: items.filter((item) => item.children.length > 0) };
      if (next.type === 'list' && next.items.length === 0) next = null;
    } else {
      const t = controlText(b);
      if (t !== null && repeated.has(t)) next = null;
    }
    if (next !== b && !out) out = blocks.slice(0, i);
    if (out && next) out.push(next);
  }
  return out ?? blocks;
}

/** Card controls repeated through the reading (see above) are left out. */
export function dropCardControls(blocks: Block[]): Block[] {
  const counts = new Map<string, number>();
  count(blocks, counts);
  let repeated: Set<string> | null = null;
  for (const [t, n] of counts) if (n >= CONTROL_MIN_REPEATS) (repeated ??= new Set()).add(t);
  return repeated ? drop(blocks, repeated) : blocks;
}
