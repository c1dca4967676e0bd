// A page that sells one product prints its price as a line of its own, often more than once (by
// the title, in a sticky bar, in a bundle's box: "$19.99", "From: £2.98", "$273.99 was $500.00
// 45% Off"). Across the development sets' shops the truths leave those lines out and keep the
// description and specifications; on a listing the prices are the cards' and stay (the pass
// runs on the readings of a page that sells one product, never on a grid's). A line naming a
// price inside words ("Free shipping over $75", "Each jar holds 30 gummies for $25") stays.
import type { Block } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { PRICE } from '../../vocabulary/text-patterns.js';
import { CONTROL_RAW_SLACK, PRICE_LINE_MAX_CHARS, PRICE_LINE_MAX_LETTERS } from '../thresholds/passes.js';
import { editLines } from './edit-blocks.js';

const LETTER = /\p{L}/gu;

/** A paragraph or heading that is a price and a few words about it (a currency code, "was",
 *  "Sale", "% Off"). */
function isPriceLine(b: Block): boolean {
  if (b.type !== 'paragraph' && b.type !== 'heading') return false;
  const raw = inlineText(b.children, PRICE_LINE_MAX_CHARS + CONTROL_RAW_SLACK);
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text.length > PRICE_LINE_MAX_CHARS || !PRICE.test(text)) return false;
  return (text.match(LETTER)?.length ?? 0) <= PRICE_LINE_MAX_LETTERS;
}

/** `blocks` without price lines (top level and in list items); `blocks` itself when there are none. */
export function dropPriceLines(blocks: Block[]): Block[] {
  return editLines(blocks, (b) => (isPriceLine(b) ? null : b));
}
