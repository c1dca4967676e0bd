// One pass over the document collecting what the metadata rules read: <meta> values by key,
// <link> elements, JSON-LD script bodies, <html lang>, <title>, the <h1>s, <time>s, byline and
// date candidates, the lead paragraph and images.
import type { Document, Element } from 'domhandler';
import { findAll, textContent } from 'domutils';
import { keepShapes } from '../../parse/kept-shapes.js';
import { attribute } from '../../parse/nodes.js';
import { SHAPES_DOCUMENT } from '../../parse/parse-html.js';
import { textContent as textUpTo } from '../dom/walk.js';
import { attributeDate, readCandidates } from './candidates.js';
import { ListingMarks } from './listing-cards.js';
import {
  dateAside,
  insideArticle,
  insideComment,
  insideFurniture,
  insideHeader,
  insideQuote,
  markedLogo,
} from './page-regions.js';
import { emptyTitleFacts, readTitleTag } from '../page/title-facts.js';
import { signature } from './signature-line.js';
import { storyCardTexts } from './story-cards.js';
import type { PageTags } from './tag-types.js';
import { updateDate } from './update-time.js';
import { collapse } from './text.js';
import { leadText, leadWidth } from './lead-text.js';
import { LEAD_MIN_CHARS, MAX_CANDIDATES, MAX_CANDIDATE_CHARS, MAX_FIELD_CHARS, MAX_LOGOS } from './thresholds.js';

export type { BylineTag, ImageTag, LinkTag, PageTags, TimeTag } from './tag-types.js';
export { firstMeta } from '../page/title-facts.js';

/** A lazy loader's stand-in image file ("lazy.gif", "placeholder.png", "blank.gif", "1x1.png"). */
const LAZY_PLACEHOLDER = /(?:lazy|placeholder|blank|spacer|transparent|pixel|1x1|loading)[^/]*$/i;

/** A paragraph that opens with a quotation mark (made once: a literal in the loop is a new
 *  RegExp object per paragraph). */
const OPENS_QUOTED = /^["\u201c\u201e\u00ab]/;

/** The tags of `doc`; `listing` records where its byline and date candidates sit. */
export function collectTags(doc: Document, listing = new ListingMarks()): PageTags {
  const tags: PageTags = {
    ...emptyTitleFacts(),
    htmlLang: null,
    times: [],
    bylines: [],
    dateTexts: [],
    pubDateTexts: [],
    updateTexts: [],
    productDated: false,
    lead: null,
    images: [],
    signatures: [],
    lastLongAt: -1,
    lastLongQuoted: false,
    logos: [],
    headerLogos: [],
    topicLinks: new Set(),
    storyCards: () => [],
  };
  let looseLead: string | null = null;
  const elements: Element[] = findAll(() => true, doc.children);
  for (let at = 0; at < elements.length; at++) {
    const el = elements[at]!;
    readCandidates(el, tags, at, listing);
    if (readTitleTag(el, tags, at)) continue;

    switch (el.name) {
      case 'p':
        if (tags.lastLongAt >= 0 || tags.lead !== null || looseLead !== null) {
          const sig = signature(el);
          if (sig && tags.signatures.length < MAX_CANDIDATES && !insideFurniture(el))
            tags.signatures.push({ text: sig, at });
        }
        {
          const long = collapse(textUpTo(el, LEAD_MIN_CHARS * 2));
          if (long.length >= LEAD_MIN_CHARS) {
            tags.lastLongAt = at;
            // A paragraph that opens with a quotation mark quotes someone (a testimonial).
            tags.lastLongQuoted = OPENS_QUOTED.test(long);
          }
        }
        if (tags.lead === null) {
          const t = collapse(leadText(el), MAX_FIELD_CHARS);
          if (leadWidth(t) >= LEAD_MIN_CHARS) {
            if (insideArticle(el)) tags.lead = t;
            else looseLead ??= t;
          }
        }
        break;
      case 'img':
        readLogo(el, tags);
        if (tags.images.length < MAX_CANDIDATES) {
          // A lazy-loaded image: its src a placeholder (a data: URI, or none), the real one in data-src.
          const given = attribute(el, 'src')?.trim() ?? '';
          const lazy = attribute(el, 'data-src') || attribute(el, 'data-lazy-src') || attribute(el, 'data-original');
          // No src at all: the first candidate of its srcset ("a-800.jpg 800w, a-400.jpg 400w").
          const set =
            given || lazy
              ? ''
              : ((attribute(el, 'srcset') || attribute(el, 'data-srcset') || '').trim().split(/\s+/)[0] ?? '');
          const src =
            given && !given.startsWith('data:') && !(lazy && LAZY_PLACEHOLDER.test(given))
              ? given
              : lazy || given || set.replace(/,$/, '');
          if (src && !src.startsWith('data:'))
            tags.images.push({
              src,
              width: Number.parseInt(attribute(el, 'width') ?? '', 10) || 0,
              inArticle: insideArticle(el),
            });
        }
        break;
      case 'a':
        if (tags.topicLinks.size < MAX_CANDIDATES && topicLink(el))
          tags.topicLinks.add(collapse(textContent(el), MAX_CANDIDATE_CHARS));
        break;
      case 'link':
        if ((attribute(el, 'itemprop') ?? '').toLowerCase() === 'logo' && tags.logos.length < MAX_LOGOS)
          tags.logos.push(attribute(el, 'href') ?? '');
        break;
      case 'html':
        if (tags.htmlLang === null) tags.htmlLang = attribute(el, 'lang') || attribute(el, 'xml:lang') || null;
        break;
      case 'time': {
        const datetime = attribute(el, 'datetime') || attributeDate(el) || '';
        const text = collapse(textContent(el), MAX_CANDIDATE_CHARS);
        const time = {
          datetime: datetime || text,
          text,
          itemprop: (attribute(el, 'itemprop') ?? '').toLowerCase(),
          pubdate: attribute(el, 'pubdate') !== undefined,
          quoted: insideQuote(el),
          comment: insideComment(el),
          aside: dateAside(el),
          updated: updateDate(el),
        };
        tags.times.push(time);
        listing.time(el, time);
        break;
      }
    }
  }
  tags.lead ??= looseLead;
  listing.apply(tags);
  let cards: string[] | null = null;
  tags.storyCards = () => (cards ??= storyCardTexts(elements));
  return tags;
}

/** A link's rel or path naming a topic page: a category, a tag, a section. */
const TOPIC_REL = /(?:^|\s)(?:category|tag)(?:$|\s)/i;
const TOPIC_PATH = /\/(?:category|categories|tag|tags|topics?|thema|themen|kategorie|rubrik|section)\//i;

function topicLink(el: Element): boolean {
  return TOPIC_REL.test(attribute(el, 'rel') ?? '') || TOPIC_PATH.test(attribute(el, 'href') ?? '');
}

/** An <img> the page declares as its logo (itemprop=logo), or one in its header marked or named as the logo. */
function readLogo(el: Element, tags: PageTags): void {
  const src = attribute(el, 'src')?.trim() || attribute(el, 'data-src')?.trim();
  if (!src || src.startsWith('data:')) return;
  if ((attribute(el, 'itemprop') ?? '').toLowerCase() === 'logo') {
    if (tags.logos.length < MAX_LOGOS) tags.logos.push(src);
  } else if (tags.headerLogos.length < MAX_LOGOS && markedLogo(el, src) && insideHeader(el)) tags.headerLogos.push(src);
}

// One page's tags and listing marks kept alive, so that a full collection between pages keeps the
// compiled code of this pass and of the listing's cards (src/parse/kept-shapes.ts says why).
const shapesListing = new ListingMarks();
keepShapes(shapesListing, collectTags(SHAPES_DOCUMENT, shapesListing));
