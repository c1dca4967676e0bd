// Thresholds of the readings (readings/): when a reading is tried and when it replaces what was
// found. Each says why; `Depends on` names the thresholds it is weighed against.

/** Readability's charThreshold: a reading with this much text ends the relaxation, and what was
 *  found with less is small enough for the title block and the JSON-LD body to be tried. */
export const ENOUGH_CHARS = 500;
/** A relaxed reading replaces a stricter one only when it finds clearly more. */
export const RELAXED_MARGIN = 3;
/** A declared article container wins over the scored one when it holds at least this share of
 *  the scored text. */
export const SEMANTIC_SHARE = 0.3;
/** A declared container shorter than this declares nothing. */
export const SEMANTIC_MIN_CHARS = 25;
/** A declared body this short, on a page declared an article, may be a hero's excerpt (the
 *  relaxed readings then have their turn). Depends on: ENOUGH_CHARS (the same length). */
export const SHORT_DECLARED_BODY_CHARS = ENOUGH_CHARS;
/** A heading pruned as all link is a card's title, read in the chosen reading, when the element
 *  after it (its description) is at most this share links. */
export const CARD_DESCRIPTION_MAX_LINK_DENSITY = 0.5;
/** On a page declared an article, a linked heading is a list item's title when this much text of
 *  its own follows it before the next heading: a teaser of another article has a line or two.
 *  Depends on: CARD_DESCRIPTION_MAX_LINK_DENSITY (what counts as its own). */
export const ARTICLE_ITEM_MIN_CHARS = 200;
/** On a page declared an article, list items' titles are read when at least this many are: a
 *  list's items, not a "read more" teaser or two set in the text. */
export const ARTICLE_MIN_ITEMS = 3;
/** Replies gained (a thread's replies, a thread's declared replies) must add this share to what
 *  was found. */
export const REPLIES_GAIN = 0.2;

/** The chosen container under this share of the page's text is one part of many: the whole
 *  page (minus chrome) is read instead. Half: a service page's longest section (its FAQ, its
 *  feature list) often holds 30-50% of the page, and the other sections are content too. */
export const WHOLE_PAGE_SHARE = 0.5;
/** A page read whole (and a container read on a page declared a product) opens at its title
 *  heading when what stands before it in the reading is under this share of it: the shop's bar
 *  above a product's name (offers, menu labels, ratings, a rail of top products). More is the
 *  page's own text set above its title (a description or specifications printed first, the
 *  heading in a later column). */
export const BEFORE_TITLE_MAX_SHARE = 0.2;
/** A container with this much text is an article's body, however much else the page holds
 *  (service pages of many sections reach 3,000-6,000 characters in their longest one). */
export const WHOLE_PAGE_MAX_CHARS = 6000;
/** Under this share of the whole-page reading the chosen container is plainly one part of many,
 *  whatever the rest. Depends on: WHOLE_PAGE_SHARE (a narrower band inside it). */
export const WHOLE_PAGE_CLEAR_SHARE = 0.3;
/** ...and under this size. Depends on: WHOLE_PAGE_MAX_CHARS (a narrower band inside it). */
export const WHOLE_PAGE_CLEAR_CHARS = 3000;
/** Above the clear band, the whole page is read only when linked list items are under this share
 *  of what it adds. */
export const LINKED_LIST_SHARE = 0.5;
/** A page of many sections is read whole when the container is under this share of that
 *  reading. */
export const SECTIONS_GAIN = 0.9;

/** A card grid replaces the chosen container when it holds this many times its text. */
export const GRID_OVER = 3;
/** The grid's section (heading, result count, intro) holds at most this many times its text. */
export const GRID_WIDEN = 1.5;
/** On a page declared an article, what was found under this share of the page's text is a
 *  sliver of it: the page may be a list set in an article template. */
export const ARTICLE_LIST_SHARE = 0.1;
/** On an undeclared page a grid inside the chosen container is read in place from this many
 *  cards: an article's row of teasers under it has a few. */
export const UNDECLARED_GRID_CARDS = 8;
/** The grid's cards are most of the chosen container (a listing, not an article with a row of
 *  related teasers under it): it is read in place. */
export const GRID_IN_PLACE_SHARE = 0.5;
/** Cards printing little but their link (this share of their text) are a link list (teasers,
 *  downloads): a grid in place is not read from them. */
export const CARD_LINK_SHARE = 0.8;
/** Cards of items (products, stories, repositories) are this short at most; a thread's posts and
 *  a page's sections set in one shape are longer. */
export const SHORT_CARD_CHARS = 300;
/** Text this long beside the grid is the page's own text (a category's introduction, an event's
 *  description): it stays, with the grid after or before it as the page has them. Depends on:
 *  ENOUGH_CHARS (the same length). */
export const GRID_KEEPS_CHARS = 500;
/** A grid holding this share of an FAQ box's or SEO copy's text replaces it. */
export const SUPPLEMENT_GRID_SHARE = 0.25;

/** The JSON-LD articleBody replaces what was found when it holds this many times its text (and
 *  at least ENOUGH_CHARS). Depends on: ENOUGH_CHARS. */
export const JSON_LD_OVER = 2;
/** The JSON-LD walk reads at most this many values per script: a hostile page's nesting costs
 *  no more than a real graph's. */
export const JSON_LD_MAX_VALUES = 10_000;
/** The JSON-LD description opens its text as a standfirst from this length (a sentence or two). */
export const STANDFIRST_MIN_CHARS = 80;

/** A declared container beside the first of its group, with this share of its text in links,
 *  is a teaser list reusing the body class, not article text. */
export const DECLARED_MEMBER_LINK_DENSITY = 0.35;

/** Declared members away from the body, repeating one shape other than its own and each linking
 *  out, this many at least, are a run of cards (related posts' excerpts), not the body's parts. */
export const DECLARED_CARDS_MIN = 3;
/** Such a run is cards when together they hold under this share of the body's text (an FAQ or a
 *  second body part as long as half the body is the page's). Depends on: DECLARED_CARDS_MIN. */
export const DECLARED_CARDS_SHARE = 0.5;
/** Cards of the body's own shape, each in an <article> of its own, are other pages' items by the
 *  markup's word: they need only hold less than the body (a carousel of six excerpts may hold more
 *  than half of a short post's text). Depends on: DECLARED_CARDS_SHARE. */
export const DECLARED_ARTICLE_CARDS_SHARE = 1;

// content/readings/post-authors
/** A post's author's name is a short line: a longer "name" is not a member's handle. */
export const POST_AUTHOR_MAX_CHARS = 60;
/** A post's date is a short line ("Sat Feb 24, 2024 12:41 pm", "28/11/2025 at 7:07 pm"): a longer
 *  one is a sentence that holds a date. */
export const POST_DATE_MAX_CHARS = 40;
