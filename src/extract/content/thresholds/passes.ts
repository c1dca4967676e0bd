// Thresholds of the block passes (passes/), one section per pass module. Each says why;
// `Depends on` names the thresholds it is weighed against.

// content/passes/card-controls
/** Longer lines are text, not a button's label. */
export const CONTROL_MAX_CHARS = 40;
/** Raw text is read this much past CONTROL_MAX_CHARS: whitespace collapses after. */
export const CONTROL_RAW_SLACK = 8;
/** A control printed on this many cards at least is the cards' furniture. */
export const CONTROL_MIN_REPEATS = 3;

// content/passes/offer-lines
/** An offer line is short: the figure, a former price, a discount; the stock. */
export const OFFER_LINE_MAX_CHARS = 40;
/** ...with few letters beside the figures ("From:", "was", "% Off", "USD"); more is a sentence
 *  about the price ("Free shipping over $75"). */
export const PRICE_LINE_MAX_LETTERS = 20;

// content/passes/card-text
/** A page shows at least this many such cards (a grid of them, not one linked box). */
export const CARD_TEXT_MIN_CARDS = 4;
/** A description reads as words (four or more), not a price, a rating or a label. */
export const CARD_TEXT_MIN_WORDS = 4;

// content/passes/doubled-lines
/** Each half holds at least this many characters, a letter or digit among them. */
export const MIN_HALF = 4;
/** A paragraph this long printed again is the same text shown twice (a description in its tab
 *  and again in the summary, a quote repeated by a carousel), not two paragraphs. */
export const REPEAT_MIN_CHARS = 80;
/** ...unless it is verse: lines broken by the author (<br>), none longer than this, are a
 *  stanza, and a stanza printed again is a chorus or a refrain, sung again. */
export const VERSE_LINE_MAX_CHARS = 70;
/** A card's line repeated this close after itself is the same line shown twice. */
export const NEAR = 3;
/** ...and at least this long: a short label (a price, "Read more") recurs among cards by design. */
export const NEAR_MIN_CHARS = 20;

// content/passes/furniture-lines
/** Longer than this, a line is a sentence or a real heading, not a box label. */
export const LEAD_IN_MAX_CHARS = 60;
/** A post-metadata line: a date (and time) alone or under a "published / updated" label. */
export const DATE_LINE_MAX_CHARS = 60;
/** A reading-time line: the time alone or with the date and the byline it is set beside
 *  ("by Jacob Trussell—10 min read", "December 15, 2025 // 8 min read"); longer, it is a sentence
 *  that gives a reading time. Depends on: DATE_LINE_MAX_CHARS (the date line it may hold). */
export const READING_TIME_MAX_CHARS = 80;
/**
 * A byline standing as a line: "Von Claudia Lindner", "By Nada Tawfik, BBC News", "Por Agencia EFE",
 * "Autorin: Sylvia Grossgasteiger". Without a colon the words after "by" must read as names (two
 * or more capitalised words), so "Von Rechts wegen" or "By the numbers" stay.
 */
export const BYLINE_MAX_CHARS = 80;
/** A post-meta line: short fields split by "|", "·" or "•", one of them a date
 *  ("Freitag | 14. Juni 2019 | 15:49 von X in Fashion | 0 comments"). */
export const META_LINE_MAX_CHARS = 150;
/** Each field is a label, a date or a name; a longer field is a sentence, and the line is prose.
 *  Depends on: META_LINE_MAX_CHARS (a field is a part of the line). */
export const META_FIELD_MAX_CHARS = 60;
/** A post-meta line (date, author, category, comment count) is a few fields; longer text that
 *  carries its words is prose. */
export const POST_META_LINE_MAX_CHARS = 300;
/** ...unless it reads as a feed entry's footer (POST_META_FEED), whose category and tag lists
 *  run longer. Depends on: POST_META_LINE_MAX_CHARS (the longer bound of the same rule). */
export const POST_META_FEED_MAX_CHARS = 600;
/** Credits and captions are short; a longer paragraph that mentions a photo is prose. */
export const CREDIT_MAX_CHARS = 200;
/** A page-tools line (print, text size, share, "report an error") is a row of short labels;
 *  its raw text is read up to twice this, before whitespace collapses. */
export const PAGE_TOOL_MAX_CHARS = 400;
/** A list's notice (a pingback, "no comments yet", "showing 1-20 of 80") is a sentence at most. */
export const LIST_NOTICE_MAX_CHARS = 300;
/** A paywall's offer ("Subscribe for 1 EUR the first month") is one short sentence. */
export const PAYWALL_OFFER_MAX_CHARS = 160;
/** Calls to action are one or two sentences; a longer paragraph that mentions them is prose. */
export const CALL_MAX_CHARS = 200;
/** A support appeal is often a whole paragraph of pitch (SUPPORT_APPEAL), so it is judged up to
 *  a long paragraph's length. */
export const APPEAL_MAX_CHARS = 600;
/** A licence notice ("This work is licensed under CC BY-SA 4.0 ...") is a sentence or two; an
 *  article about licences is longer. */
export const LICENCE_MAX_CHARS = 250;
/** A line naming a newsletter this short is its box's label ("Our newsletter"); a longer one
 *  must ask the reader to act (NEWSLETTER_CALL) to be the call. */
export const NEWSLETTER_LABEL_MAX_CHARS = 40;
/** A follow call may carry contact details after it (SOCIAL_FOLLOW); longer text naming the
 *  networks is prose about them. */
export const SOCIAL_FOLLOW_MAX_CHARS = 300;
/** A disclosure (rights reserved, affiliate links, advertising) is a short paragraph at most. */
export const DISCLOSURE_MAX_CHARS = 400;
/** Labels of comment, share, print and rating widgets are short; a line opening such a widget
 *  may carry a short note ("Keine Kommentare (Kommentare erscheinen nach Freigabe)"). */
export const WIDGET_MAX_CHARS = 40;
/** Depends on: WIDGET_MAX_CHARS (a lead line is such a label with a short note). */
export const WIDGET_LEAD_MAX_CHARS = 80;
/** A script's waiting or failure message is a line: "There was a problem calculating your
 *  shipping. Please try again." is one of the longer. */
export const STATE_NOTICE_MAX_CHARS = 100;
/** A listing's count or sort label is a few words ("Sort by: Price, low to high" is one of the
 *  longer); a longer line naming results is a sentence. */
export const LISTING_TOOLBAR_MAX_CHARS = 40;
/** A credit set as author/agency ("dpa/lni", "Judy Eddy/WENN.com") is a few words. */
export const SLASH_CREDIT_MAX_CHARS = 40;
/** A picture viewer's link label ("Enlarge", "Bild vergrößern") is read this far. */
export const VIEWER_LABEL_MAX_CHARS = 40;
/** A caption is a line or two. */
export const VIEWER_CAPTION_MAX_CHARS = 300;
/** No rule judges a line longer than this. */
export const LONGEST_LINE = APPEAL_MAX_CHARS;
/** Whitespace collapses, so raw text may be longer than the line; beyond this it is prose. */
export const RAW_TEXT_LIMIT = 4 * LONGEST_LINE;
/** No rule of the union judges a line longer than this. */
export const ANYWHERE_MAX_CHARS = Math.max(
  CALL_MAX_CHARS,
  LICENCE_MAX_CHARS,
  SOCIAL_FOLLOW_MAX_CHARS,
  DISCLOSURE_MAX_CHARS,
  CREDIT_MAX_CHARS,
);
/** A sentence of prose that tags one of its links "(affiliate link)" is prose, not the notice:
 *  the tag in brackets, in a line of some length. */
export const TAGGED_PROSE_MIN_CHARS = 120;

// content/passes/id-runs
/** An identifier run: an unbroken ASCII token (/[A-Za-z0-9_-]{40,}/) this long, with a digit
 *  (no word is). */
export const ID_RUN_MIN = 40;
/** A paragraph this long whose text is at least this share of id runs is one. */
export const ID_RUN_BLOCK_MIN_CHARS = 120;
export const ID_SHARE = 0.8;

// content/passes/link-lines
/** A paragraph opening with a link that covers at least this share of it is a teaser (a linked
 *  title and its summary); a run of them under a heading, or at the very end, lists other
 *  articles. */
export const TEASER_MIN_LINK_SHARE = 0.2;
/** A line at least half of whose text is links is a link line ("Read more", a related link),
 *  unless it reads as prose with a link. */
export const LINK_LINE_SHARE = 0.5;
/** A list whose items are over this share links is a link list (related articles, a menu). */
export const LINK_LIST_SHARE = 0.4;
/** A "heading" that reads as a sentence (a pull quote, a line of text set large) is text,
 *  not the title of a section; one with a link is a call to action ("Log in to comment."). */
export const SENTENCE_MIN_CHARS = 40;
/** A web or mail address printed as its own line, after a sentence that announces it with a
 *  colon ("... sign this petition:", "... has set up a mailbox:"), is that sentence's object,
 *  not a link line. A short label before it ("Link:", "Mehr Infos:") is no such sentence. */
export const ANNOUNCING_MIN_CHARS = 60;
/** A definition list's term that is one link (a reference's member list: a method's name
 *  linking to its page) is the heading of the description under it, when that description is
 *  prose: words of its own, not another link line. A term of several links (an entry's
 *  download links) or over a link (a menu written as a definition list) stays a link line. */
export const DESCRIPTION_MIN_WORDS = 4;
/** ... or fewer, closed as a sentence ("Closes the connection."). */
export const SENTENCE_MIN_WORDS = 2;
/** A sentence that runs on into its link ("X replaced Y, [who had for eight months ...].") is
 *  prose, however much of it is linked: it opens with words of its own, not a lead-in that
 *  ends with a colon ("Read also:"), and closes as a sentence does. */
export const PROSE_LEAD_WORDS = 3;

// content/passes/menu-lists
/** Lists of this many items or more, each nothing but one short link, are menus. */
export const MENU_MIN_ITEMS = 4;
/** ...each item's link a label this short at most: a menu entry, not a headline. */
export const MENU_MAX_ITEM_CHARS = 40;

// content/passes/picture-lines
/** This much of a picture's label (spaces left out) found in the grid's text names it there. */
export const LABEL_PREFIX = 24;

// content/passes/repeated-runs
/** A run of this many blocks printed again as it stands is a copy (a sticky buy bar repeating
 *  the title and price, a desktop and a mobile copy of one section). */
export const REPEAT_MIN_BLOCKS = 3;

// content/passes/teaser-titles
/** A listing shows at least this many entries in a row (not one "Read also" line). */
export const MIN_ENTRIES = 4;
/** A summary reads as a sentence: this many words at least. */
export const MIN_SUMMARY_WORDS = 6;

// content/passes/title-and-byline
/** A heading repeating the title is looked for among the first this many blocks: a later heading
 *  equal to the title is content. */
export const TITLE_REPEAT_BLOCKS = 3;
/** A heading that is part of the title repeats it when it holds over this share of it (the
 *  title less the site's name). */
export const TITLE_REPEAT_SHARE = 0.6;

// content/passes/closing-bios
/** A writer's note is a paragraph or two ("Jane Doe is a freelance writer ... Her work has
 *  appeared in ..."); a longer paragraph opening with the writer's name is the article's. */
export const BIO_MAX_CHARS = 800;
/** The closing paragraphs read: a note on each of two or three writers of an op-ed. */
export const BIO_MAX_PARAGRAPHS = 3;
/** A closing author card's role line under the name ("Author", "Senior Staff Writer", "Tim Green
 *  UK-based Systems Theorist & Independent Technology Writer"). */
export const CARD_ROLE_MAX_WORDS = 10;
/** A closing author card's own heading, before the portrait ("About the author"). */
export const CARD_HEADING_MAX_WORDS = 4;

// content/passes/reply-subjects
/** A reply's subject line ("Re: " and the thread's subject) is the forum's when it comes over
 *  this many posts or more; one such line may be a subject its writer chose. */
export const REPLY_SUBJECT_MIN_REPEATS = 2;
