// A page read whole, and a container read on a page declared a product, open at the title: what
// a reader meets above a product's or a service's <h1> in the page's own column is the shop's bar
// (offers, "Back" menu labels, ratings, a rail of top products, the breadcrumb's remains, a
// gallery's "image 1 of 11"), not the page's content.
import type { Element } from 'domhandler';
import type { Block } from '../../blocks.js';
import { blocksTextLength, inlineText } from '../../to-blocks/block-text.js';
import { foldText } from '../../dom/measures.js';
import { textContent } from '../../dom/walk.js';
import { BEFORE_TITLE_MAX_SHARE } from '../thresholds/readings.js';

/** The blocks from the title heading's on, when the blocks before it hold a small share of the
 *  reading (BEFORE_TITLE_MAX_SHARE); else the blocks as they are. A page whose title heading
 *  comes after much of its text (set below its description or specifications) keeps all. */
export function fromTitleHeading(blocks: Block[], heading: Element | null): Block[] {
  if (!heading) return blocks;
  const want = foldText(textContent(heading));
  if (want === '') return blocks;
  const at = blocks.findIndex((b) => b.type === 'heading' && foldText(inlineText(b.children)) === want);
  if (at <= 0) return blocks;
  const before = blocksTextLength(blocks.slice(0, at));
  return before < BEFORE_TITLE_MAX_SHARE * blocksTextLength(blocks) ? blocks.slice(at) : blocks;
}
