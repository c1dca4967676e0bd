// A picture's caption in the article's flow is text the reader reads with the article ("The
// bridge after the flood, seen from the east bank"); what a reader does not want of a caption is
// its credit alone ("Photo: X / Getty Images", "(c) Reuters"), a gallery's counter ("3 / 12"),
// and the label of a teaser card's picture, which links elsewhere.
import type { Element } from 'domhandler';
import { findElement, isPlainTag, textContent } from '../../dom/walk.js';
import { collapseWhitespace } from '../../dom/measures.js';
import {
  COPYRIGHT_LINE,
  CREDIT_LABEL,
  SLASH_CREDIT,
  TRAILING_COPYRIGHT_SITE,
  TRAILING_CREDIT,
} from '../../vocabulary/phrases/credits.js';
import { FLOW_CAPTION_MAX_CHARS, FLOW_CAPTION_MIN_WORDS } from '../thresholds/exclusions.js';

const WORD = /\p{L}[\p{L}\p{N}'’-]*/gu;
/** Written as a sentence: it closes as one (before its credit). */
const SENTENCE_END = /[.!?]['"”’)]?\s*$/u;

/** A figure's pictures: a caption beside one of them is the picture's, not a quotation's. */
const PICTURES = new Set(['img', 'picture', 'video', 'svg', 'iframe', 'canvas']);

/**
 * The <figcaption> of a figure that sets a quotation apart (`<figure><blockquote>` and no picture): the
 * quotation's attribution ("— Ada Lovelace, Notes"), which the reader reads with it, as a quotation's footer.
 */
export function isQuoteCaption(el: Element): boolean {
  const figure = el.parent;
  if (figure === null || !isPlainTag(figure) || figure.name !== 'figure') return false;
  const quote = figure.children.some((kid) => isPlainTag(kid) && kid.name === 'blockquote');
  return quote && findElement(figure, (d) => PICTURES.has(d.name)) === null;
}

/** A <figcaption> that is a sentence about a picture set in the text, not a credit, a counter
 *  or a linked teaser's label. */
export function isFlowCaption(el: Element): boolean {
  const figure = el.parent;
  if (figure === null || !isPlainTag(figure) || figure.name !== 'figure') return false;
  // A linked picture or caption, or a figure inside a link, is a teaser card's (or a gallery's
  // thumbnail) leading elsewhere.
  for (let p = figure.parent; p !== null && isPlainTag(p); p = p.parent) if (p.name === 'a') return false;
  if (findElement(figure, (d) => d.name === 'a') !== null) return false;
  const text = collapseWhitespace(textContent(el, FLOW_CAPTION_MAX_CHARS + 1)).trim();
  if (text.length > FLOW_CAPTION_MAX_CHARS) return false;
  if (CREDIT_LABEL.test(text) || COPYRIGHT_LINE.test(text) || SLASH_CREDIT.test(text)) return false;
  const own = text.replace(TRAILING_CREDIT, '').replace(TRAILING_COPYRIGHT_SITE, '');
  return SENTENCE_END.test(own) && (own.match(WORD)?.length ?? 0) >= FLOW_CAPTION_MIN_WORDS;
}
