// Thresholds of the metadata rules (metadata/) and of the cleaners' headline (page/headline-*):
// when a text is read as a name, a byline, a date or a headline, and how far from the headline a
// byline or a dateline still belongs to it. Each says why; `Depends on` names the thresholds it is
// weighed against. The bounds at the end only cap the work a hostile page can cause.

// --- Names and bylines ---------------------------------------------------------------------

/** A byline names at most this many people; past it the list is a staff box or a tag cloud. */
export const MAX_NAMES = 8;
/** A name has at most this many words ("Maria de la Cruz Fernández"); more is a phrase. */
export const MAX_NAME_WORDS = 5;
/** More words than six names of five words with their connectors: a sentence, not a byline.
 *  Depends on: MAX_NAMES, MAX_NAME_WORDS. */
export const MAX_BYLINE_WORDS = 30;
/** "Jane Doe Jane Doe" is read once only when the repeated part has this many characters ("Al Al" is not). */
export const MIN_REPEATED_NAME_CHARS = 3;
/** One letter ("I" of "Yellow Vests and I") is no name. */
export const MIN_NAME_CHARS = 2;
/** A byline text node past this many words is prose, not a list of names. */
export const MAX_SEGMENT_WORDS = 20;
/** A byline candidate longer than this is a paragraph, not a byline. */
export const MAX_CANDIDATE_CHARS = 200;
/** A byline label ("Autor:", "Written by") is at most this long once collapsed. */
export const MAX_LABEL_CHARS = 20;
/** A text node leading with a byline word ("By Jane Doe") is at most this long: longer is prose. */
export const MAX_LEAD_CHARS = 80;
/** "Von <a>A</a> und <a>B</a>": at most this many linked names joined. Depends on: MAX_NAMES. */
export const MAX_JOINED_NAMES = MAX_NAMES;
/** How many elements apart two declared author names still belong to one byline: further, they
 *  are other articles' (teasers, related links). */
export const SAME_BYLINE_ELEMENTS = 8;
/** Names after "By" in a page's text, this many different ones, credit a list's items (products,
 *  papers, games), not the page: the page's own byline names at most three in the sets. */
export const MIN_LIST_CREDITS = 4;
/** A product's date box ("<div class=release_date><div>Release Date:</div><div class=date>...")
 *  is at most this many levels above the date element. */
export const PRODUCT_DATE_CLIMB = 2;
/** Levels climbed from a forum member's login to the numbered post that holds it (vBulletin's table rows: 7). */
export const POST_CLIMB = 10;
/** A listing repeats its cards: this many sibling elements of one kind (tag and first class),
 *  each titled and each holding a byline (or a date), make their bylines (dates) the listed
 *  items', not the page's. Two is a pair (a byline and a bio box); three repeat. */
export const LISTING_MIN_CARDS = 3;
/** A card is at most this many levels above its byline or date element (a card's footer, its
 *  meta line, its details box: six levels on the deepest grids seen). */
export const CARD_CLIMB = 8;
/** A link names a card's item (its title) with at least this many words; an author's name has
 *  fewer, a "Read more" too. Depends on: MAX_NAME_WORDS (a name is under it with a particle). */
export const CARD_TITLE_WORDS = 3;
/** A listing's card is a teaser: at most this many characters of text. A thread's post, with
 *  its text, is longer (most of them). */
export const MAX_CARD_CHARS = 600;
/** A signature line closing the text ("— Jane Doe") is this short at least and at most. */
export const MIN_SIGNATURE_CHARS = 3;
export const MAX_SIGNATURE_CHARS = 40;
/** The site's name written another way ("Interscenario" for "INTERSCENAR.IO") is compared only from
 *  this length: shorter squashed forms match ordinary names. */
export const MIN_COMPACT_NAME_CHARS = 5;
/** A desk signs with the initials of a name of this many capitalised words ("LN", "JF"). */
export const MIN_INITIALS_WORDS = 2;
export const MAX_INITIALS_WORDS = 4;
/** twitter:label1..N read for "Written by" (Yoast writes two; four leaves room for others). */
export const TWITTER_LABELS = 4;

// --- Where the headline is, and what belongs to it ----------------------------------------

/** The headline is found in the visible text by its first characters: long enough to be its own,
 *  short enough to survive a line break the page puts later in it. */
export const HEADLINE_PREFIX_CHARS = 40;
/** A declared title (no <h1>) is looked for in the text only when this long: a shorter one is found
 *  in menus. */
export const MIN_HEADLINE_PREFIX_CHARS = 12;
/** How far after the headline a numeric date still belongs to it (characters of visible text). */
export const NEAR_HEADLINE = 1500;
/** How far above the headline a dateline still belongs to it (characters of visible text). */
export const ABOVE_HEADLINE = 150;
/** How far before and after the headline's start a "date | name" dateline is read. Depends on:
 *  NEAR_HEADLINE (the same reach after it). */
export const DATELINE_BEFORE = 600;
export const DATELINE_AFTER = NEAR_HEADLINE;
/** A byline printed as plain lines by the headline is within this many non-empty lines under it
 *  (headline, kicker, teaser, name, date, reading time): further down, a name and a date are the
 *  text's. */
export const BYLINE_LINES = 8;
/** A dateline line is short: the date with a time, a zone or a label ("Published: 3 March 2020, 10:00 CET"). */
export const MAX_DATELINE_CHARS = 48;
/** A line that is only a byline's name ("By Jane Doe and John Roe"): longer is prose. */
export const MAX_NAME_LINE_CHARS = 60;

// --- Dates ---------------------------------------------------------------------------------

/** Years a page's date can have: before the web's 1990s, a number is another thing; 2100 rejects
 *  typos and counters. */
export const MIN_YEAR = 1990;
export const MAX_YEAR = 2100;
/** A date after "Published"/"Veröffentlicht" is read within this many characters of the word. */
export const ANNOUNCED_DATE_CHARS = 120;
/** How many publication words in the text are tried for a date after them: past these, the word
 *  is in other stories' teasers. */
export const MAX_ANNOUNCEMENTS = 5;
/** A data- or title attribute holding an ISO instant is this short; longer is a JSON blob. */
export const MAX_ATTRIBUTE_DATE_CHARS = 40;
/** How far (hours) from UTC a shown day may move a declared instant. */
export const SHOWN_DAY_HOURS = 3;
/** The first <time>s and date-marked elements read for the day the page shows: the page's own come
 *  first; later ones date comments and teasers. */
export const SHOWN_DAY_DATES = 3;
/** ...and for the wall time it shows. Depends on: SHOWN_DAY_DATES (a wider look for a surer match). */
export const SHOWN_CLOCK_DATES = 10;
/** A date by the headline written inside a paragraph is not its dateline: its line is at least
 *  this long (a dateline line is short, MAX_DATELINE_CHARS)... */
export const PROSE_LINE_CHARS = 200;
/** ...and has at least this many characters before the date on it (a sentence's worth: "The code
 *  went into effect January 1, 2020."), so a long line that opens with its date stays a dateline. */
export const PROSE_LEAD_CHARS = 40;

// --- Site name, description, image -----------------------------------------------------------

/** A title part naming the site by its host is at most this many words. */
export const MAX_HOST_BRAND_WORDS = 5;
/** Host labels and title parts under this length match too much ("ab", "tv"). */
export const MIN_HOST_LABEL_CHARS = 3;
/** A title part that is a prefix of a host label counts from this length ("Kicker" of kicker.de). */
export const MIN_HOST_PREFIX_CHARS = 4;
/** The brand part of a title ("Story - Brand") is at most this many words and characters. */
export const MAX_TITLE_BRAND_WORDS = 4;
export const MAX_TITLE_BRAND_CHARS = 40;
/** A description of at most this many words naming the site's domain is the site's tagline. */
export const MAX_TAGLINE_WORDS = 8;
/** The lead paragraph (the description of last resort) is at least this long: shorter is a caption
 *  or a teaser line. */
export const LEAD_MIN_CHARS = 80;
/** An article's first image narrower than this is an icon, an avatar or a badge. */
export const MIN_LEAD_IMAGE_WIDTH = 200;

// --- The cleaners' headline (page/headline-rules.ts, headline-cuts.ts) -----------------------

/** Share of the smaller word set an <h1> and a declared title have in common above which they tell
 *  one story. */
export const SAME_STORY = 0.2;
/** One longer word in common tells one story only when it is this share of the shorter text.
 *  Depends on: SAME_STORY (a stricter bar for a weaker sign). */
export const SAME_STORY_ONE_WORD = 0.5;
/** Words are compared by their first letters: inflected forms ("elektronisches",
 *  "elektronische") are one word. */
export const STEM_CHARS = 7;
/** A one-word declared title and an <h1> on the same subject share a stem of this many letters
 *  (headline-rules.ts reads the title's words of at least this many letters). */
export const LABEL_STEM_CHARS = 6;
/** ...and that <h1> is a sentence of at least this many words. */
export const MIN_LABEL_H1_WORDS = 3;
/** The <h1>s compared with the declared title: the page's own come first, later ones are
 *  sections and teasers. */
export const H1S_COMPARED = 3;
/** An <h1> (or a declared title's form) shorter than this is a label, never the story. */
export const MIN_STORY_H1_CHARS = 8;
/** A declared title is cut to an <h1> it contains only when that <h1> is this long: a shorter one is
 *  a section or a brand. Depends on: MIN_HEADLINE_PREFIX_CHARS (the same length finds a title in text). */
export const MIN_CONTAINED_H1_CHARS = MIN_HEADLINE_PREFIX_CHARS;
/** ...and a shorter <h1> (a product or section name: "Bike Locks" in "Bike Locks & Security") only
 *  from this many characters, written as the title writes it (a shorter one is a word of the story). */
export const MIN_SHORT_H1_CHARS = 8;
/** The first <h1>s looked for inside a declared title. */
export const H1S_CONTAINED = 5;
/** A title part of at most this many words next to the brand is a section ("Blog Archiv"). */
export const MAX_SECTION_WORDS = 2;
/** A Chinese or Japanese story before a glued section and brand is a whole line from this many characters. */
export const MIN_CJK_STORY_CHARS = 6;
/** A kicker over the headline is at most this many words, the headline under it at least this many. */
export const MAX_KICKER_WORDS = 3;
/** A title part of at most this many words standing at an end is a brand or a section. */
export const MAX_BRAND_PART_WORDS = 6;

// --- Bounds (work a hostile page can cause) --------------------------------------------------

/** Any field's value is cut to this many characters. */
export const MAX_FIELD_CHARS = 2000;
/** A description's cap: longer than a field, as some pages declare a paragraph. */
export const MAX_DESCRIPTION_CHARS = 5000;
/** Raw text read from one element before it is judged (a name, a date, a label). */
export const MAX_RAW_CHARS = 1000;
/** A byline's raw text read before its names are picked out. */
export const MAX_RAW_BYLINE_CHARS = 400;
/** A label element's raw text: past this it is prose. Depends on: MAX_LABEL_CHARS. */
export const MAX_RAW_LABEL_CHARS = 200;
/** Elements looked at when telling whether a card is titled (a bound on hostile cards). */
export const MAX_CARD_SCAN = 200;
/** Story cards read on one page (story-cards.ts): a bound on the work of a hostile page. */
export const MAX_STORY_CARDS = 500;
/** Titles compared per list (pairwise) when telling a listing from a thread's replies. */
export const MAX_LISTED_TITLES = 50;
/** A home page showing this many different days lists stories (home-index.ts): two are a post
 *  and its update, or a notice and its event. */
export const HOME_INDEX_DAYS = 3;
/** Byline and date candidates kept per page. */
export const MAX_CANDIDATES = 40;
/** Text nodes of one byline element read. */
export const MAX_SEGMENTS = 30;
/** How much of the visible text is searched for a date at all. */
export const MAX_DATE_TEXT = 20_000;
/** Header logos and itemprop=logo images kept. */
export const MAX_LOGOS = 5;
/** Feeds listed. */
export const MAX_FEEDS = 20;
/** og:* and twitter:* keys kept, and values kept per key. */
export const MAX_TAG_KEYS = 100;
export const MAX_VALUES_PER_KEY = 20;
/** Keywords listed. */
export const MAX_KEYWORDS = 100;
/** Visible text read for bylines and datelines. */
export const MAX_TEXT_CHARS = 100_000;
/** JSON-LD nodes read, and how deep; and how deep a value is followed into nested objects. */
export const MAX_LD_NODES = 500;
export const MAX_LD_DEPTH = 8;
export const MAX_LD_VALUE_DEPTH = 4;
/**
 * The share of a page's text a wrapper holding an <h1> must hold to be the page itself rather than
 * the part its class names (page-wide.ts): a menu, sidebar or comment section holds far less.
 */
export const PAGE_WIDE_TEXT_SHARE = 0.5;
