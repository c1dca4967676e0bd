// Thresholds of the prunes (prune/): what a reading's container sheds before conversion. Each
// says why; `Depends on` names the thresholds it is weighed against.

// content/prune/landing-rows
/** Text outside links, at least this much, and at most this share of links: prose, not a menu. */
export const ROW_MIN_OWN_CHARS = 150;
export const ROW_MAX_LINK_DENSITY = 0.5;
/** Prose per heading: cards that say something under their titles, not name and price. */
export const PROSE_PER_HEADING = 80;

// content/prune/prune: Readability's conditional cleaning (_cleanConditionally), its numbers
// kept where no development-set page asked otherwise.
/** A heading over half of whose text is links is a teaser's title ("Related: ..."), when it is
 *  short: a long linked heading is a section's title that happens to be a link. */
export const LINKED_HEADING_MIN_LINK_DENSITY = 0.5;
export const LINKED_HEADING_MAX_CHARS = 200;
/** A share box is a row of buttons; an element named "share" holding this much text is a
 *  section that reuses the word ("shareholders"). */
export const SHARE_BAR_MAX_CHARS = 500;
/** How far up Readability looks for a <pre>, <code> or <figure> around a container. */
export const ANCESTOR_TAG_LEVELS = 3;
/** Readability: a container with this many commas is prose, kept whatever else it holds. */
export const PROSE_MIN_COMMAS = 10;
/** Readability: list items beyond this many more than paragraphs make a container a list (a
 *  menu, a link farm), not text with a list in it. */
export const LIST_ITEM_ALLOWANCE = 100;
/** Several pictures with under this many paragraphs each are an image strip. */
export const IMAGE_STRIP_PARAGRAPHS_PER_IMAGE = 0.5;
/** Text that makes a container with pictures an illustrated text rather than an image strip:
 *  this much per picture, at most this share in links. Depends on:
 *  IMAGE_STRIP_PARAGRAPHS_PER_IMAGE (the strip it rescues). */
export const ILLUSTRATED_CHARS_PER_IMAGE = 100;
export const ILLUSTRATED_MAX_LINK_DENSITY = 0.25;
/** Readability: more than one form input per this many paragraphs is a form, not text. */
export const PARAGRAPHS_PER_INPUT = 3;
/** Readability: a container shorter than this, with no picture or more than a couple, no
 *  heading and no paragraph, is furniture (a label, an icon row). */
export const SHORT_BARE_MAX_CHARS = 25;
export const SHORT_BARE_MAX_IMAGES = 2;
/** Readability's class weight from which a container is promoted (its class names content):
 *  under it, a link density over MAX_LINK_DENSITY drops it; at or over it, only one over
 *  PROMOTED_MAX_LINK_DENSITY does. A class on the promoted-node list (PROMOTED_NODE) that
 *  weighs negative is counted at twice this weight. */
export const PROMOTED_WEIGHT = 25;
/** Readability: links over this share of an ordinary container's text make it a link box. */
export const MAX_LINK_DENSITY = 0.2;
/** ...and over this share of a promoted one's. Depends on: MAX_LINK_DENSITY (looser). */
export const PROMOTED_MAX_LINK_DENSITY = 0.5;
/** A list over half links and shorter than this is a link list (a menu, related links); a
 *  longer one is a reference list or an index, which the block passes judge line by line. */
export const LINK_LIST_MIN_LINK_DENSITY = 0.5;
export const LINK_LIST_MAX_CHARS = 1000;
/** A link list is the article naming what it uses when a paragraph or subheading of its text
 *  stands straight before it, ends in a colon and is at most this share links ("You will need:"); or when it
 *  stands between a paragraph ending a sentence and a paragraph or heading, the paragraphs each
 *  at most this share links. */
export const INTRODUCTION_MAX_LINK_DENSITY = 0.5;
/** Readability: one embed (a video, a map) with less text than this around it is the embed's
 *  box, not text that shows one. */
export const EMBED_MIN_CHARS = 75;
/** Links into the page at this share of a box's link text, and link text at this share of its
 *  text: the box is a table of contents. Links into the page otherwise do not count towards a
 *  box's link density (MAX_LINK_DENSITY then judges the links that leave the page). */
export const TOC_SHARE = 0.8;

// content/prune/teaser-boxes
/** A teaser is a card, not a section: longer boxes are parts of the page that reuse the word. */
export const TEASER_MAX_CHARS = 1000;
/** Teasers holding more than this share of the article's text are the page's substance. */
export const HUB_SHARE = 0.5;
