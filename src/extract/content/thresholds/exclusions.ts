// Thresholds of the DOM exclusions (exclude/): what no reading reads. Each says why;
// `Depends on` names the thresholds it is weighed against.

// content/exclude/exclusions
/** An element with a post-meta class (date, byline, "posted in") is a line or two; a longer one
 *  is a wrapper that happens to carry the word. */
export const POST_META_BOX_MAX_CHARS = 200;
/** An author box, disclosure or call to action is short; wrappers that merely carry such a
 *  class token hold far more text. */
export const FURNITURE_BOX_MAX_CHARS = 1500;

// content/exclude/post-signatures
/** A forum signature is a few lines (a motto, a list of gear, a link); a box of more text that
 *  carries the word is a section of the page. */
export const SIGNATURE_MAX_CHARS = 800;

// content/exclude/author-boxes
/** A writer's bio is a sentence or more; a byline ("By Jane Doe, staff writer") or a list of
 *  names is shorter. */
export const AUTHOR_BIO_MIN_WORDS = 12;
/** A box about the writer is a small part of the page; one holding half of it is the page. */
export const AUTHOR_BOX_MAX_PAGE_SHARE = 0.5;
/** A consent banner is short; longer consent-named text is left out only when it speaks consent
 *  throughout (a preference centre). Depends on: CONSENT_WORDS_PER_CHAR. */
export const CONSENT_MAX_CHARS = 5000;
/** A dialog holding at least half the text of its outermost container is the page set in a
 *  modal shell, not an overlay over it. */
export const MODAL_PAGE_SHARE = 0.5;
/** A preference centre names cookies, consent or vendors about once a sentence. */
export const CONSENT_WORDS_PER_CHAR = 1 / 400;
/** A <noscript> that is all the text of its container, and a body's worth of it, is the page's
 *  copy of its article for readers without scripts (the script renders the same text from a
 *  template): read it. Other <noscript>s hold tracking pixels and "enable JavaScript" notes.
 *  "All" allows a loading notice or a sign-in link beside it: a forum app that renders its
 *  thread from script keeps the whole thread in a <noscript> next to its (empty) app shell. */
export const NOSCRIPT_COPY_MIN_CHARS = 200;
/** "All": the rest of its container holds at most this much text, or this share of the copy's. */
export const NOSCRIPT_COPY_MAX_OTHER_CHARS = 25;
export const NOSCRIPT_COPY_MAX_OTHER_SHARE = 0.05;
/** Comment and contact forms (a text area plus little text) are never the article, in any
 *  pass; a page-wide form (ASP.NET wraps whole pages in one) holds far more text. */
export const WRITING_FORM_MAX_CHARS = 1500;

// content/exclude/heading-wrappers
/** A section heading is a line; a box of more text named "header" is something else. */
export const HEADING_WRAPPER_MAX_CHARS = 200;
/** Prose in the page's own header: a sentence, not a kicker or a date line. */
export const HEADER_PROSE_CHARS = 80;
/** ...with under this share of it in links. Depends on: HEADER_PROSE_CHARS. */
export const HEADER_PROSE_LINK_SHARE = 0.2;

// content/exclude/keyboard-copies
/** How far up a card a copy of its link is looked for. */
export const COPY_LEVELS = 3;
/** Share of the copy's words the card's link already says. */
export const COPY_SHARE = 0.4;

// content/exclude/layout-wrappers
/** Share of the page's text that makes the element the page's main column. */
export const MAIN_SHARE = 0.6;
/** Shorter than this, an element is no page's main column. */
export const MIN_COLUMN_CHARS = 500;

// content/exclude/post-headers
/** A header line is short: a name, a date, a post number. */
export const POST_HEADER_MAX_CHARS = 100;

// content/exclude/product-rails
/** A rail's heading is a label ("Related products", "Customers also bought"), not a sentence. */
export const RAIL_HEADING_MAX_CHARS = 80;
/** The section a rail heading opens is its first ancestor holding more than the heading: over
 *  this many times its text plus RAIL_SECTION_MIN_EXTRA (a wrapper adding an icon or a
 *  "see all" link is still the heading). */
export const RAIL_SECTION_OVER = 2;
export const RAIL_SECTION_MIN_EXTRA = 40;
/** A rail is a part of the page: a container holding more than this share of it is the page. */
export const RAIL_MAX_SHARE = 0.5;
/** A headed rail is a small part of the page. */
export const RAIL_HEADED_SHARE = 0.25;
/** Most cards of another product carry its price. */
export const PRICED_SHARE = 0.5;

// content/exclude/prose-widgets
/** Paragraphs of prose that make the box text. */
export const PROSE_PARAGRAPHS = 3;
/** A paragraph of prose is at least this long. Depends on: PROSE_PARAGRAPHS. */
export const PARAGRAPH_CHARS = 100;
/** Linked text above this share makes a paragraph a teaser or a link list. */
export const PARAGRAPH_LINK_SHARE = 0.2;
/** Paragraphs of prose that make the box text when it stands among the article's own
 *  paragraphs (a buying guide's pick: two paragraphs beside its specs). Depends on:
 *  PROSE_PARAGRAPHS (fewer). */
export const AMONG_PROSE_PARAGRAPHS = 2;

// content/exclude/run-in-dateline
/** A dateline is a place and maybe a date: a few words. */
export const MAX_DATELINE_CHARS = 80;
/** The paragraph's own words after it: a sentence, not "by Jane Doe". */
export const MIN_REST_CHARS = 40;

// content/exclude/flow-captions
/** A caption a reader reads is a sentence: at least this many words besides its credit (a
 *  counter, a name or a credit alone has fewer). */
export const FLOW_CAPTION_MIN_WORDS = 6;
/** ...and a line or two: a longer "caption" is a card's or a slide's text block. */
export const FLOW_CAPTION_MAX_CHARS = 300;

// content/exclude/choice-panels
/** A filter panel offers at least this many choices (checkboxes or radio buttons). */
export const CHOICE_MIN_OPTIONS = 4;
/** A choice's label is a word or two ("Today", "Free", "Under $50"); longer labels on average
 *  are a form's questions or a checklist's items. */
export const CHOICE_OPTION_MAX_CHARS = 40;
/** Beside its choices a panel holds its group headings and buttons ("Date", "Price", "Clear
 *  all"): at most this share of its text. Depends on: CHOICE_OPTION_MAX_CHARS. */
export const CHOICE_OTHER_SHARE = 0.3;
/** How far up from its input a choice's label is looked for (a styled box around the input). */
export const CHOICE_LABEL_LEVELS = 4;

// content/exclude/option-groups
/** A variant picker offers a choice: two options or more ("Wallet only", "Full kit"). */
export const OPTION_GROUP_MIN_OPTIONS = 2;
/** Beside its options a picker holds its legend and the choice made ("Select a size",
 *  "Colour: Royal Black"): this many characters. Depends on: CHOICE_OPTION_MAX_CHARS. */
export const OPTION_GROUP_LEGEND_CHARS = 40;
/** A fieldset with more elements than this under it is a form's section, not walked. */
export const OPTION_GROUP_VISIT_LIMIT = 400;
