// Thresholds of container selection (select/): scoring, widening and the page's parts that
// readings add. Each says why; `Depends on` names the thresholds it is weighed against.

// content/select/candidates: Readability's scoring (grabArticle), its numbers kept where no
// development-set page asked otherwise.
/** Readability: a paragraph shorter than this gives its ancestors no score. */
export const MIN_PARAGRAPH_CHARS = 25;
/** Readability: a paragraph scores one point, one per comma, and one per this many characters
 *  up to MAX_LENGTH_POINTS (length counts, but commas say prose more surely). */
export const CHARS_PER_POINT = 100;
export const MAX_LENGTH_POINTS = 3;
/** Readability: a paragraph's score goes to this many levels of ancestors: all of it to its
 *  parent, half to its grandparent, and 1/(level * ANCESTOR_DIVIDER) above. */
export const ANCESTOR_LEVELS = 5;
export const ANCESTOR_DIVIDER = 3;
/** Readability's nbTopCandidates: the best candidates compared for a common ancestor. */
export const TOP_CANDIDATES = 5;
/** Readability: candidates scoring at least this share of the top one are its alternatives;
 *  MIN_ALTERNATIVES of them under one ancestor make that ancestor the article. Depends on:
 *  TOP_CANDIDATES (at most that many less one can be alternatives). */
export const ALTERNATIVE_SCORE_SHARE = 0.75;
export const MIN_ALTERNATIVES = 3;
/** Readability: climbing from the top candidate stops at a parent scoring under this fraction
 *  of the last score (1/3). */
export const CLIMB_SCORE_DIVIDER = 3;
/** A collapsed panel's set (an accordion, tabs) is found within this many levels above it:
 *  the first ancestor whose children repeat the panel's item, or the first holding
 *  PANEL_SET_OVER times the panel's text. */
export const PANEL_LEVELS = 4;
export const PANEL_SET_OVER = 2;
/** A top holding under this share of its parent's text is one part of an article split across
 *  siblings, when the rest of the parent has at most EXTRA_MAX_LINK_DENSITY of links; widened
 *  at most WIDEN_LEVELS times. */
export const NARROW_SHARE = 0.5;
export const EXTRA_MAX_LINK_DENSITY = 0.2;
export const WIDEN_LEVELS = 2;
/** Readability: a sibling of the top joins it when it scores at least this share of the top's
 *  score (and at least SIBLING_MIN_SCORE); a sibling with the top's class gets the same share
 *  as a bonus. */
export const SIBLING_SCORE_SHARE = 0.2;
export const SIBLING_MIN_SCORE = 10;
/** Readability: a sibling paragraph longer than this joins with under this share of links;
 *  a shorter one only without links and when it ends a sentence. */
export const SIBLING_PARAGRAPH_CHARS = 80;
export const SIBLING_PARAGRAPH_MAX_LINK_DENSITY = 0.25;

// content/select/card-grid
/** A grid has at least this many cards of one shape. */
export const GRID_MIN_CARDS = 4;
/** Cards of one shape hold at least this share of their parent's text. */
export const GRID_MIN_SHARE = 0.6;
/** This share of the cards link somewhere (a card leads to its item). */
export const MIN_LINKED = 0.7;
/** A card carries more than a menu entry, and less than an article section. */
export const MIN_CARD_CHARS = 20;
/** Cards are teasers: a mean over this is a column of articles or posts, not a grid. Depends
 *  on: MIN_CARD_CHARS. */
export const MAX_CARD_CHARS = 1500;
/** A run of look-alike cards elsewhere has at least this many. */
export const MIN_MORE_CARDS = 2;
/** The runs together hold at most this share of the grid's card text. */
export const MORE_SHARE = 1;
/** A grid found on the wide measure replaces the strict one when it holds this many times its text. */
export const WIDE_OVER = 1.5;

// content/select/declared-replies
/** The opening post plus at least this many declared replies. */
export const MIN_REPLIES = 2;

// content/select/lead
/** A lead (standfirst) is its own sentences, not a row of links set in a "lead" class. */
export const LEAD_MAX_LINK_DENSITY = 0.3;
/** A lead is looked for this many levels above the article's first block: the standfirst sits
 *  in the article's header, close to its body. */
export const LEAD_MAX_CLIMB = 4;
/** A lead is a sentence: shorter text in a lead class is a label or a kicker. */
export const LEAD_MIN_CHARS = 30;

// content/select/recipe-parts
/** An ingredient list, with its group headings and notes, is short; more is a section that
 *  holds the list among other things. */
export const MAX_LIST_CHARS = 3000;
/** A box around the list holding this much more text holds the list's title. */
export const TITLE_CHARS = 60;

// content/select/section-runs
/** A section opens with a heading through at most this many wrappers that open with it. */
export const OPENING_HEADING_LEVELS = 4;
/** How far above the chosen element the section may start. */
export const SECTION_LEVELS = 3;
/** A run has at least this many sections... */
export const MIN_SECTIONS = 3;
/** ...nearly all of them opening with a heading. */
export const SECTION_HEADED_SHARE = 0.8;
/** Sections of text, not a grid of teaser cards (whose headings are links). */
export const SECTION_MAX_LINK_DENSITY = 0.3;
/** A document's worth of text: a short run (an FAQ box, a few feature blurbs) is one part of
 *  a page, which other rules judge. */
export const MIN_RUN_CHARS = 1500;
/** The chosen element already holding this share of the run is the article as it is. */
export const ALREADY_SHARE = 0.8;

// content/select/standfirst
/** Levels the walk climbs from the title heading to meet the article (hero and grid wrappers
 *  nest deep, portal pages put the intro and the body in portlets a dozen levels apart; the
 *  guards below, not this limit, keep the walk inside the article's header). */
export const STANDFIRST_MAX_CLIMB = 14;
/** A standfirst is prose: a sentence, not a kicker, label or date line. */
export const STANDFIRST_BLOCK_MIN_CHARS = 80;
/** A standfirst is its own sentences, not a row of links. */
export const STANDFIRST_MAX_LINK_DENSITY = 0.2;
/** More than this between title and body is a section of its own, not a standfirst. */
export const MAX_BLOCKS = 3;
/** ...and at most this much text together: more is the article itself, not its standfirst.
 *  Depends on: MAX_BLOCKS. */
export const MAX_TOTAL_CHARS = 1500;
/** Past this much link text (teaser lists, "most read" boxes) the walk is crossing page
 *  furniture: what lies beyond is not the article's header. */
export const MAX_CROSSED_LINK_CHARS = 100;
/** A short line straight after a picture is its caption. */
export const MAX_CAPTION_CHARS = 200;

// content/select/thread-posts
/** The opening post plus at least two more. */
export const MIN_POSTS = 3;
/** Posts are prose; look-alikes that are mostly links are a list of other threads. */
export const THREAD_MAX_LINK_DENSITY = 0.5;
/** The posts together must say clearly more than the chosen one alone. */
export const MIN_GAIN = 1.5;

// content/select/title-block
/** The block holds at most this much text (a chapter's opening, not the page frame). */
export const MAX_BLOCK_CHARS = 4000;
/** An ancestor that adds fewer characters than this to the heading is still its wrapper. */
export const WRAPPER_SLACK = 20;
/** The intro paragraph: this much text outside links. */
export const MIN_PROSE_CHARS = 80;
/** ...with at most this share of it in links. Depends on: MIN_PROSE_CHARS. */
export const MAX_PROSE_LINK_SHARE = 0.3;
/** The table of contents: a list of this many in-site links, links being most of its text. */
export const MIN_TOC_LINKS = 3;
/** ...and links at this share of its text at least. Depends on: MIN_TOC_LINKS. */
export const MIN_TOC_LINK_SHARE = 0.8;
/** A heading that closes the title must be this long (not a one-word section name). */
export const MIN_CLOSING_CHARS = 10;
/** A heading holding at least this share of the page's title is the title's heading (the title
 *  less the site's name). */
export const TITLE_BLOCK_MIN_SHARE = 0.5;

// content/select/whole-page
/** A <main> under this share of the page's text is a fragment (a hero), not the page body. */
export const MAIN_MIN_SHARE = 0.3;
/** A container that scoring found (no page declaration, no declared container, no grid) and
 *  that holds under this share of what the strict measure sees is one section of many. */
export const SLIGHT_SHARE = 0.4;
/** A container of this many headings is a run of sections, not an article's unbroken text. */
export const SECTIONED_MIN_HEADINGS = 2;
/** The container is this share of the strict measure or more: that measure saw little else. */
export const COVERED = 0.75;
/** Raw text is chrome and all: this share of it is a floor of the page's own text. */
export const RAW_SHARE = 0.25;
/** The page has at least this many more headings than the chosen container... */
export const SECTIONS_MIN_MORE = 6;
/** ...and the container holds at most this share of the page's headings. */
export const SECTIONS_MAX_SHARE = 0.5;
/** The sections the whole reading adds must be sections of prose: a heading that is not a link
 *  followed by a paragraph of its own words (a news page's other headings are teasers, each a
 *  link to another article, or widget titles over lists of links). */
export const TITLED_MIN_MORE = 4;
/** A section's opening prose: the paragraph under its heading holds this many characters. */
export const SECTION_PROSE_CHARS = 60;
/** Headings that the measure counted inside the container and that its conversion did not keep. */
export const LOST_MIN_HEADINGS = 6;
/** Where sections were lost inside the container, the whole reading must give back some: at
 *  least this many more titled prose sections than what was found... */
export const LOST_MIN_TITLED = 2;
/** ...but not a run that outnumbers what was found this many times over: that is an article's
 *  few sections above a run of teaser cards (a picture, a title, a line each), not sections of
 *  the same page lost in conversion. */
export const LOST_MAX_RATIO = 2.5;
