// published_at: the dates the page declares (Open Graph, JSON-LD, date metas, <time
// itemprop|pubdate>), then what it shows as its own date (its URL, a marked date, a <time>
// outside sidebars and reviews, a date announced as published or printed by the headline).
// Precision first: a date elsewhere in the text, in script data or in an image's path is
// another story's, an event's or a product's, and null beats a guess.
import { types, type JsonLdNode } from '../../page/json-ld.js';
import { ldDate, metaDate, timeDate, type Rule, type RuleContext } from '../context.js';
import { firstFrom, textOf } from '../json-ld-values.js';
import { dateAnnouncedSpan, dateInUrl, findDateInText, findDateSpan, markedDate, toIsoDate } from '../dates.js';
import { collapse } from '../text.js';
import { headlineAt } from '../headline-position.js';
import { homeIndex } from '../home-index.js';
import { withoutUpdates } from './modified-at.js';
import {
  ABOVE_HEADLINE,
  ANNOUNCED_DATE_CHARS,
  MAX_CANDIDATES,
  MAX_DATE_TEXT,
  NEAR_HEADLINE,
  PROSE_LEAD_CHARS,
  PROSE_LINE_CHARS,
} from '../thresholds.js';

/**
 * article:published_time, JSON-LD datePublished, common date metas, <time itemprop|pubdate>, JSON-LD dateCreated,
 * first <time>.
 */
export const PUBLISHED_AT: readonly Rule<string>[] = [
  metaDate('article:published_time', 'og:published_time', 'og:article:published_time'),
  // JSON-LD datePublished of the article (or the thing the page is about), never of a bare
  // WebPage node: a CMS stamps one on every page (a service, a shop, a category), with the day
  // the page was first saved; an article's own date is declared on its Article node or shown.
  (ctx) => firstFrom(ctx.ld.nodes, (n) => (!pageOrSite(n) ? toIsoDate(textOf(n.datePublished)) : null)),
  metaDate(
    'datepublished',
    'date',
    'pubdate',
    'publishdate',
    'publish_date',
    'publish-date',
    'publication_date',
    'dc.date',
    'dc.date.issued',
    'dcterms.issued',
    'dcterms.created',
    'dcterms.date',
    'sailthru.date',
    'parsely-pub-date',
    'citation_publication_date',
    'citation_date',
    'dc:date',
    'dc:created',
    'dcterms:created',
    'dcterms:issued',
    'dcterms:date',
    'schema:datepublished',
  ),
  timeDate((t) => (t.itemprop === 'datepublished' || t.pubdate) && !t.comment && !t.listed),
  ldDate('dateCreated'),
  // What the page shows: a full date in its URL path, a <time>, an element marked as a date or byline.
  // A URL gives the day only: when the page shows that same day with its time (a <time>, an
  // element marked as the date), that fuller instant is the date.
  ...shownUnlessHomeIndex([
    (ctx) => withShownTime(ctx, dateInUrl(ctx.finalUrl)),
    // An element marked as the publication date itself ("post-date", "published", "created"),
    // outside teasers and sidebars: the page's own, before any <time> or date-marked element.
    // Its text may announce the date as an update ("Latest updated October 3rd, 2025"): modified_at.
    (ctx) => firstFrom(ctx.tags.pubDateTexts, (t) => markedDate(withoutUpdates(t))),
    // A <time> in a quoted or embedded post (a tweet, an Instagram post) dates that post; one in
    // a sidebar, a box of other stories, a listing's card or a review dates them.
    // One marked or announced as the last update dates the update (modified_at).
    timeDate((t) => !t.quoted && !t.comment && !t.aside && !t.listed && !t.updated),
    // An element marked as a date shows its date as the page writes it, a two-digit year included ("Party, 30.10.23").
    // Its text may announce the date as an update ("page was last updated Feb 26, 2026"): modified_at.
    (ctx) => firstFrom(ctx.tags.dateTexts, (t) => markedDate(withoutUpdates(t))),
    // Last, the visible text: a date announced as a publication date, else the first date written
    // just after the headline (where news and blog pages print it, 23.01.2022 included). A date
    // elsewhere in the text is another story's, an event's or a product's: not read. On a page
    // that lists dated cards (listing-cards.ts) or dates a product, the dates in its text are the
    // items' or the product's: not read, except a date announced as published that no listed card
    // shows (a guide's "Published 15 November 2018" above a list of its dated parts). A date the
    // page prints only in the cards of other stories (story-cards.ts) is theirs: not read.
    (ctx) => {
      if (ctx.tags.productDated) return null;
      const text = ctx.bodyText().slice(0, MAX_DATE_TEXT);
      const span = dateAnnouncedSpan(text, PUBLISHED_WORDS);
      if (!span || printedInCards(ctx, text.slice(span.index, span.end))) return null;
      return textDatesAreOthers(ctx) && listedDay(ctx, span.date) ? null : span.date;
    },
    (ctx) => {
      if (textDatesAreOthers(ctx)) return null;
      const text = ctx.bodyText();
      const h1 = headlineAt(ctx, text);
      if (h1 < 0) return null;
      // A dateline printed just above the <h1> ("In the media 02.12.19"), from a word's start.
      const before = Math.max(0, h1 - ABOVE_HEADLINE);
      const from = before === 0 ? before : before + text.slice(before, h1).search(/\s|$/);
      // "Last updated March 2, 2026" by the headline dates an update (modified_at), not the
      // publication; "Sale ends 03/31/2026" an offer.
      const dated = (a: number, b: number) => {
        const span = findDateSpan(withoutTerms(withoutUpdates(text.slice(a, b))), { shortYear: true });
        if (!span || inProse(text, a + span.index, a + span.end)) return null;
        return !printedInCards(ctx, text.slice(a + span.index, a + span.end)) ? span.date : null;
      };
      if (ctx.tags.firstH1) return dated(from, h1 + NEAR_HEADLINE);
      // Without an <h1>, the title is found where the page prints it, maybe under a bar of
      // navigation that shows today's date: the date after it first, then a dateline above it.
      return dated(h1, h1 + NEAR_HEADLINE) ?? dated(from, h1);
    },
    // A byline line that dates the text, wherever the page prints it (under the text, at the foot
    // of the article): "Von Christian am 03.05.2013", "Written by Jane Doe" / "April 8, 2024".
    (ctx) => (textDatesAreOthers(ctx) ? null : bylineDate(ctx.bodyText())),
  ]),
  // Nothing shown: a date meta in a vendor's namespace ("five_hundred_pixels:uploaded").
  (ctx) => {
    for (const [key, values] of ctx.tags.meta)
      if (VENDOR_DATE_KEY.test(key) && !/modif|updat/.test(key)) {
        for (const v of values) {
          const d = toIsoDate(v);
          if (d) return d;
        }
      }
    return null;
  },
  // Microdata <meta itemprop=dateCreated / uploadDate> (a recipe's or video's): only when nothing is shown,
  // as such keys often date the thing described ("01/01/2004" on a recipe page), not the page.
  // A bare "published" or "published-date" meta, written for readers and search engines: after
  // everything shown, as the vendor's. Not a template's snake_case variable ("published_at",
  // "published_date"), which some CMSs stamp on every page, a service's or a form's too.
  metaDate('published', 'published-date'),
  metaDate('datecreated', 'uploaddate'),
];

/** A site's home page that prints several days lists other stories: what it shows dates them. */
function shownUnlessHomeIndex(rules: Rule<string>[]): Rule<string>[] {
  return rules.map((rule) => (ctx) => (homeIndex(ctx) ? null : rule(ctx)));
}

/** The page's own shown date (a <time> beside the text, a date-marked element) on `day`, with its time. */
function withShownTime(ctx: RuleContext, day: string | null): string | null {
  if (!day) return null;
  const own = ctx.tags.times.filter((t) => !t.quoted && !t.comment && !t.aside && !t.listed);
  const shown = [
    timeDate((t) => own.includes(t))(ctx),
    firstFrom(ctx.tags.pubDateTexts, (t) => markedDate(withoutUpdates(t))),
  ];
  return shown.find((d) => d?.startsWith(`${day}T`)) ?? day;
}

/** The date at [at, end) is written inside a paragraph: a long line, with a sentence's worth of
 *  text before it on that line ("The code went into effect January 1, 2020. It ..."). */
function inProse(text: string, at: number, end: number): boolean {
  const start = text.lastIndexOf('\n', at) + 1;
  if (at - start < PROSE_LEAD_CHARS) return false;
  const stop = text.indexOf('\n', end);
  return (stop < 0 ? text.length : stop) - start >= PROSE_LINE_CHARS;
}

/** Every printing of this date on the page is in a card of another story (story-cards.ts). */
function printedInCards(ctx: RuleContext, printed: string): boolean {
  const p = collapse(printed);
  const count = (s: string) => s.split(p).length - 1;
  const inCards = ctx.tags.storyCards().reduce((n, c) => n + count(c), 0);
  return inCards > 0 && inCards >= count(collapse(ctx.bodyText(), Infinity));
}

/** A <time> of a listed card shows this calendar day (or no listed <time> can be read). */
function listedDay(ctx: RuleContext, d: string): boolean {
  return ctx.tags.times.some((t) => t.listed && (toIsoDate(t.datetime) ?? d).slice(0, 10) === d.slice(0, 10));
}

/** The page lists dated cards or dates a product: a date in its text is theirs. */
function textDatesAreOthers(ctx: RuleContext): boolean {
  return ctx.tags.productDated || ctx.tags.times.some((t) => t.listed);
}

/** Words announcing the publication date; also the German footer of a post, "Dieser Beitrag
 *  wurde am 3. Dezember 2011 veröffentlicht" (not "... wurde zuletzt am ... geändert"). */
const PUBLISHED_WORDS =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?<!\p{L})(?:(?:dieser|der)\s+(?:beitrag|artikel|eintrag)\s+wurde(?!\s+zuletzt)|published|posted|veröffentlicht|erschienen|erstellt|publiziert|publié|publicado|pubblicato|gepubliceerd|opublikowano|publicerad|udgivet)(?!\p{L})/giu;

/** A publication date key after a vendor's namespace ("five_hundred_pixels:uploaded", "w-published-date"). */
const VENDOR_DATE_KEY =
  /[-:._](?:uploaded|published|created|pubdate|publish[-_]?date|date[-_]?published)(?:[-_]?(?:at|date|time|on))?$/;

/** A line that opens with a byline word and a capitalised name ("By Jane", "Von Christian",
 *  "Author: Bo2man"), not a month ("By March 3, 2020, ..." is prose, "By Dec 31" a deadline). */
const BYLINE_LINE =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?<=^|\n)[^\S\n]*(?:(?:Written|Posted|Published) by|By|Von|Verfasst von|Geschrieben von|Autor(?:in)?:|Author:)[^\S\n]+(?=\p{Lu})(?!By\s|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mär|Mai|Okt|Dez)\p{L}*\.?\s+\d)/gu;

/** The date on the one byline line that carries one; two such lines sign a list's items. */
function bylineDate(text: string): string | null {
  let found: string | null = null;
  let seen = 0;
  for (const line of text.matchAll(BYLINE_LINE)) {
    const d = findDateInText(text.slice(line.index, line.index + ANNOUNCED_DATE_CHARS));
    if (d && found) return null;
    found ??= d;
    if (++seen >= MAX_CANDIDATES) break;
  }
  return found;
}

/** Nodes that are a page or a site, not the thing a page is about. */
const PAGE_OR_SITE =
  // eslint-disable-next-line max-len -- a list of words or forms, one per alternative
  /^(?:WebPage|CollectionPage|AboutPage|ContactPage|SearchResultsPage|ItemPage|MedicalWebPage|FAQPage|QAPage|ProfilePage|WebSite|Organization|Corporation|LocalBusiness|Person|Blog)$/;

function pageOrSite(n: JsonLdNode): boolean {
  const ts = types(n);
  return ts.length > 0 && ts.every((t) => PAGE_OR_SITE.test(t));
}

/** A deadline or validity announced before a date ("Sale ends 03/31/2026", "valid from", "Travel
 *  through"): an offer's or an event's date, blanked with the rest of its line (bounded). */
const TERM_LINE =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?<!\p{L})(?:ends?|ending|until|through|thru|valid|expires?|expiring|effective|deadline|starts?|starting|gültig|endet|bis\s+(?:zum|spätestens))(?!\p{L})[^\n]{0,60}/giu;

function withoutTerms(text: string): string {
  return text.replace(TERM_LINE, (m) => ' '.repeat(m.length));
}
