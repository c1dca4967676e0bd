// A page that sells one product prints its offer as lines of their own, often more than once (by
// the title, in a sticky bar, in a bundle's box): the price ("$19.99", "From: £2.98", "$273.99 was
// $500.00 45% Off") and the stock ("In stock", "Sold out", "Low in stock, only 6 left"). Across
// the development sets' shops the truths leave those lines out and keep the description and
// specifications; on a listing the prices are the cards' and stay (the pass runs on the readings
// of a page that sells one product, never on a grid's). A sentence naming a price stays.
import type { Block } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { STOCK } from '../../vocabulary/phrases/widgets.js';
import { PRICE } from '../../vocabulary/text-patterns.js';
import { CONTROL_RAW_SLACK, OFFER_LINE_MAX_CHARS, PRICE_LINE_MAX_LETTERS } from '../thresholds/passes.js';
import { editLines } from './edit-blocks.js';

const LETTER = /\p{L}/gu;

/** A paragraph or heading that is the price and a few words about it (a currency code, "was",
 *  "Sale", "% Off"), or a short line naming the stock. */
function isOfferLine(b: Block): boolean {
  if (b.type !== 'paragraph' && b.type !== 'heading') return false;
  const raw = inlineText(b.children, OFFER_LINE_MAX_CHARS + CONTROL_RAW_SLACK);
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text.length > OFFER_LINE_MAX_CHARS) return false;
  if (STOCK.test(text)) return true;
  return PRICE.test(text) && (text.match(LETTER)?.length ?? 0) <= PRICE_LINE_MAX_LETTERS;
}

/** `blocks` without offer lines (top level and in list items); `blocks` itself when there are none. */
export function dropOfferLines(blocks: Block[]): Block[] {
  return editLines(blocks, (b) => (isOfferLine(b) ? null : b));
}
