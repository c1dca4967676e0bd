// What one pass over the document collects for the metadata rules (page-tags.ts).
import type { TitleFacts } from '../page/title-facts.js';

export type { LinkTag } from '../page/title-facts.js';

export interface TimeTag {
  datetime: string;
  /** The text the element shows ("November 8, 2023 at 6:09 p.m."). */
  text: string;
  itemprop: string;
  pubdate: boolean;
  /** Inside a quoted or embedded post (<blockquote>: a tweet, an Instagram post). */
  quoted: boolean;
  /** Inside a reader's comment or the comments section. */
  comment: boolean;
  /** Beside the article: navigation, a footer, a sidebar, a box of other stories, a testimonial or review. */
  aside: boolean;
  /** In a card of a listing (listing-cards.ts): it dates a listed item. */
  listed?: boolean;
  /** Marked or announced as the page's last update (update-time.ts): a modification date. */
  updated?: boolean;
}

/** Text of an element the page marks as naming its author (rel/itemprop author, byline/author classes). */
export interface BylineTag {
  text: string;
  /**
   * 0: rel=author or itemprop=author (a declared name), 1: a byline/author class or id,
   * 2: a link to an author's page (/author/jane-doe), 3: a name after "By" / "Von" / "Autor:".
   */
  strength: number;
  /** Position of the element in document order (to tell one byline's names from a list of teasers). */
  at?: number;
  /** Inside a box of other stories (teaser, related, most read, recommended): another article's byline. */
  teaser?: boolean;
  /** In a card of a listing (listing-cards.ts): it names a listed item's author. */
  listed?: boolean;
  /** Labelled as the member who started a thread ("Thread starter", "Started by"). */
  starter?: boolean;
  /** The address of an author-page link (strength 2), as written. */
  href?: string;
}

export interface ImageTag {
  src: string;
  width: number;
  inArticle: boolean;
}

/** The title facts (title-facts.ts) and what the other fields read. */
export interface PageTags extends TitleFacts {
  htmlLang: string | null;
  times: TimeTag[];
  /** Author-marked elements in page order (at most MAX_CANDIDATES). */
  bylines: BylineTag[];
  /** Short texts of elements whose class/id/itemprop says date, time, published, dateline or byline. */
  dateTexts: string[];
  /**
   * The texts of elements marked as the publication date itself (post-date, published, created): a subset of
   * dateTexts.
   */
  pubDateTexts: string[];
  /** Texts of date-marked elements marked or announced as the last update (update-time.ts): modification dates. */
  updateTexts: string[];
  /** The page marks or labels a product's own date (its release, its first availability): it is a product's page. */
  productDated: boolean;
  /** The first paragraph of at least LEAD_MIN_CHARS inside <article>/<main> (else anywhere). */
  lead: string | null;
  /** <img> elements in page order (at most MAX_CANDIDATES). */
  images: ImageTag[];
  /**
   * Short lines that may sign the text above them, after its first long paragraph: a paragraph
   * that is only emphasised or right-aligned text ("<p><b><i>Jane Doe</i></b></p>") or starts
   * with a dash ("— Jane Doe"); `at` is the element's position.
   */
  signatures: { text: string; at: number }[];
  /** Position of the last paragraph of LEAD_MIN_CHARS or more (-1 when none). */
  lastLongAt: number;
  /** The last long paragraph opens with a quotation mark: a quotation, not the page's own text. */
  lastLongQuoted: boolean;
  /** Addresses of the <img> and <link> elements marked itemprop=logo, in page order. */
  logos: string[];
  /** Addresses of the <img>s in the page's header marked or named as its logo, in page order. */
  headerLogos: string[];
  /** Texts of links to a category or tag page (rel=category/tag, /category/, /tag/...): topics, never names. */
  topicLinks: Set<string>;
  /** Texts of the cards of other stories the page shows (story-cards.ts), read on first use: their dates are theirs. */
  storyCards: () => string[];
  /** The login a forum engine prints on the first numbered post of a thread (candidates.ts), if any. */
  poster?: string;
  /** The first link to a member's profile page that prints the member's handle (author-member.ts), if any. */
  member?: string;
}
