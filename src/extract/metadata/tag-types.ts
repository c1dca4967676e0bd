// What one pass over the document collects for the metadata rules (page-tags.ts).

export interface LinkTag {
  rel: string[];
  href: string;
  type: string;
  sizes: string;
  title: string;
}

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
}

export interface ImageTag {
  src: string;
  width: number;
  inArticle: boolean;
}

export interface PageTags {
  /** Lower-cased key (property, name, itemprop or http-equiv) -> values in page order. */
  meta: Map<string, string[]>;
  links: LinkTag[];
  jsonLd: string[];
  htmlLang: string | null;
  title: string | null;
  firstH1: string | null;
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
  /**
   * Publication dates a page's JSON data scripts carry (the parser keeps no JavaScript text)
   * ("createdAt":"2022-01-31T15:58:43+01:00", "release_date":"1984-06-25"), in page order.
   */
  scriptDates: string[];
  /** The first paragraph of at least LEAD_MIN_CHARS inside <article>/<main> (else anywhere). */
  lead: string | null;
  /** Every non-empty <h1> text that is not the site's logo, in page order (at most MAX_CANDIDATES). */
  h1s: string[];
  /** Each <h1>'s text as the lines it shows: its text runs split where a child element starts or ends. */
  h1Lines: Map<string, string[]>;
  /** <h1>s that are the site's logo or name (a link to the home page, a site-title class). */
  brandH1s: string[];
  /** <img> elements in page order (at most MAX_CANDIDATES). */
  images: ImageTag[];
  /**
   * Short lines that may sign the text above them, after its first long paragraph: a paragraph
   * that is only emphasised or right-aligned text ("<p><b><i>Jane Doe</i></b></p>") or starts
   * with a dash ("— Jane Doe"); `at` is the element's position.
   */
  signatures: { text: string; at: number }[];
  /** Position of the first <h1> that is not the site's logo (-1 when none). */
  firstH1At: number;
  /** Position of the last paragraph of LEAD_MIN_CHARS or more (-1 when none). */
  lastLongAt: number;
}
