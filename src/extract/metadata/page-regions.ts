// Where an element stands on the page: in navigation, a footer, a sidebar, the comments, a box
// of other stories, a quote, the article.
import type { Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { pageWide } from './page-wide.js';

// Matched where a class or id word starts (main-nav, navbar, siteFooter, comments), not inside
// another word ("canvas" is not "nav", "off-canvas" wraps whole pages).
const FURNITURE =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?:^|[\s_-])(?:comment|footer|nav|menu|sidebar|related|teaser|widget|breadcrumb)|(?:sub|top|main|mega|site|mobile)(?:nav|menu)/i;

const LAYOUT_MODIFIER = /(?:^|__|--)(?:has|with|without|no|show|hide|is|under|below|above|beside)[-_]|^layout/i;

const FURNITURE_CAMEL = /[a-z](?:Comment|Footer|Nav|Menu|Sidebar|Related|Teaser|Widget|Breadcrumb)/;

/**
 * A page builder's name for every block of a page ("elementor-widget-text-editor",
 * "elementor-widget-container"): not a sidebar's widget. What follows it still counts
 * ("elementor-widget-nav-menu" is a menu).
 */
const BUILDER_BLOCK = /^elementor-widget(?=$|[-_])/;

const FEED_MARK = /(?:^|\s)h-?feed(?:$|\s)/;

/**
 * A utility class styles the element, it does not name its region: a responsive or state
 * prefix ("lg:mr-[--sidebar-width]", "hover:underline") or a value in brackets
 * ("[--sidebar-width:18rem]"), as Tailwind and its kind write them.
 */
const UTILITY_CLASS = /[:[]/;

/**
 * A word and a generated hash ("variant-fec0145965a14a90b21b826309688711"): a page builder's
 * name for one instance of a block (an A/B test's variant), not a region of the page.
 */
const GENERATED_CLASS = /^[a-z]+-[\da-f]{16,}$/;

/** The element's class and id words that can name a region (utility classes left out). */
function regionMarks(p: Element): string {
  return `${attribute(p, 'class') ?? ''} ${attribute(p, 'id') ?? ''}`
    .split(/\s+/)
    .filter((t) => t && !UTILITY_CLASS.test(t) && !GENERATED_CLASS.test(t))
    .join(' ');
}

/**
 * In navigation, a footer, a sidebar or the comments: names there are not the article's byline.
 * With `wideIsPage`, a wrapper named like furniture that holds the headline and most of the text
 * (page-wide.ts) is the page: dates read so; bylines do not (in the regions that reading opens,
 * the byline rules took category words for names).
 */
export function insideFurniture(el: Element, wideIsPage = false): boolean {
  // <body> and <html> classes name the page's layout ("one-sidebar sidebar-second"), not a region of it.
  for (
    let p: Element | null = el;
    p && p.name && p.name !== 'body' && p.name !== 'html';
    p = p.parent as Element | null
  ) {
    // An <article>'s own <footer> says who wrote it and when (HTML's footer element): not the site's footer.
    if (p.name === 'footer' && articleFooter(p)) continue;
    if (p.name === 'nav' || p.name === 'footer' || p.name === 'aside') return true;
    // <main> holds the page's own content: no furniture around it. Its classes and an
    // <article>'s place it beside the furniture ("offset-nav", "[grid-area:sidebar]").
    if (p.name === 'main') return false;
    if (p.name === 'article') continue;
    // A feed of entries marked with microformats (hAtom's "hfeed", "h-feed") is the page's own
    // posts, even in a box its theme calls a widget (a blog platform's main column).
    if (FEED_MARK.test(attribute(p, 'class') ?? '')) return false;
    // A layout modifier on the content's own container ("main-content has-double-sidebar",
    // "with-sidebar", "no-comments") describes its neighbours, not the element itself.
    const marks = regionMarks(p)
      .split(' ')
      .filter((t) => t && !LAYOUT_MODIFIER.test(t))
      .map((t) => t.replace(BUILDER_BLOCK, ''))
      .join(' ');
    // A wrapper around the whole page named for one of its parts ("navigation-container",
    // "blog-sidebar-position-right") holds the headline and most of the text: it is the page.
    if ((FURNITURE.test(marks) || FURNITURE_CAMEL.test(marks)) && !(wideIsPage && pageWide(p))) return true;
  }
  return false;
}

/** Marks of a box listing other stories: their bylines are theirs. */
const TEASER_MARK =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?:^|[\s_-])(?:teaser|teasers|most-?read|most-?popular|popular-?(?:posts|stories|articles)|related|recommend(?:ed|ations)?|trending|more-?stories|also-?read|read-?next|up-?next)(?:$|[\s_-])|[a-z](?:Teaser|Related|MostRead|Recommend)/;

/** Inside a teaser / related / most-read box (class or id), below <body>, but not an <article> or <main> itself. */
export function insideTeaser(el: Element): boolean {
  for (
    let p: Element | null = el;
    p && p.name && p.name !== 'body' && p.name !== 'html';
    p = p.parent as Element | null
  ) {
    if (p.name === 'main') return false;
    // A BEM element of a teaser block ("teaser-small__metadata") is a reused component: the
    // article's own header is often built from it.
    const marks = regionMarks(p)
      .split(' ')
      .filter((t) => t && !LAYOUT_MODIFIER.test(t) && !t.includes('__'))
      .join(' ');
    if (TEASER_MARK.test(marks)) return true;
  }
  return false;
}

const COMMENT_MARK = /(?:^|[\s_-])comment|[a-z]Comment/;

/** Inside a reader's comment or the comments section (class or id), below <body>. */
/** A <footer> inside an <article> and outside the comments: the article's own footer. */
function articleFooter(footer: Element): boolean {
  return insideArticleElement(footer) && !insideComment(footer);
}

function insideArticleElement(el: Element): boolean {
  for (let p = el.parent as Element | null; p && p.name && p.name !== 'body'; p = p.parent as Element | null)
    if (p.name === 'article') return true;
  return false;
}

export function insideComment(el: Element): boolean {
  for (
    let p: Element | null = el;
    p && p.name && p.name !== 'body' && p.name !== 'html';
    p = p.parent as Element | null
  ) {
    if (COMMENT_MARK.test(`${attribute(p, 'class') ?? ''} ${attribute(p, 'id') ?? ''}`)) return true;
  }
  return false;
}

export function insideArticle(el: Element): boolean {
  for (let p = el.parent as Element | null; p && p.name; p = p.parent as Element | null) {
    if (p.name === 'article' || p.name === 'main' || (attribute(p, 'itemprop') ?? '') === 'articleBody') return true;
  }
  return false;
}

export function insideQuote(el: Element): boolean {
  for (let p = el.parent as Element | null; p && p.name; p = p.parent as Element | null)
    if (p.name === 'blockquote') return true;
  return false;
}

/** Marks of the page's header: its banner, masthead, navigation bar, branding block. */
const HEADER_MARK = /(?:^|[\s_-])(?:header|masthead|navbar|branding|site-?brand|top-?bar)(?:$|[\s_-])/i;

/**
 * In the page's own header: a <header> (not an article's), role=banner, or an element marked
 * as the header, masthead, navigation bar or branding, below <body>.
 */
export function insideHeader(el: Element): boolean {
  for (let p = el.parent as Element | null; p && p.name && p.name !== 'body'; p = p.parent as Element | null) {
    if (p.name === 'article' || p.name === 'main') return false;
    if (p.name === 'header' || (attribute(p, 'role') ?? '').toLowerCase() === 'banner') return true;
    if (HEADER_MARK.test(`${attribute(p, 'class') ?? ''} ${attribute(p, 'id') ?? ''}`)) return true;
  }
  return false;
}

/** "logo" in a class, id, alt text or file name ("logout" is not). */
const LOGO_WORD = /logo(?!ut)/i;

/** An image marked or named as the logo: itself (class, id, alt, file name) or the link or box around it. */
export function markedLogo(img: Element, src: string): boolean {
  const file = src.split(/[?#]/)[0]!.split('/').pop() ?? '';
  if (LOGO_WORD.test(`${attribute(img, 'class') ?? ''} ${attribute(img, 'id') ?? ''} ${attribute(img, 'alt') ?? ''}`))
    return true;
  if (LOGO_WORD.test(file)) return true;
  let p = img.parent as Element | null;
  for (let depth = 0; p && p.name && depth < 2; p = p.parent as Element | null, depth++)
    if (LOGO_WORD.test(`${attribute(p, 'class') ?? ''} ${attribute(p, 'id') ?? ''}`)) return true;
  return false;
}

/**
 * Marks of a testimonial, a review, a rating or a product's options: a name there is someone
 * quoted or a colour ("Scott B.", "Anchor – Yellow"), a date there is the review's.
 */
const TESTIMONIAL_MARK =
  // eslint-disable-next-line max-len -- a list of words or forms, one per alternative
  /(?:^|[\s_-])(?:testimonials?|reviews?|ratings?|(?:block)?quotes?|feedback|customers?|swatch(?:es)?|variants?|options?)(?:$|[\s_-])|[a-z](?:Testimonial|Review|Rating|Swatch|Variant)/;

const REVIEW_ITEMTYPE = /schema\.org\/Review\/?$/i;

/** Inside a testimonial, a quotation, a review, a rating or a product's options (class, id,
 *  itemprop=review or a Review itemtype, a <blockquote>), below <body>. */
export function insideTestimonial(el: Element): boolean {
  for (
    let p: Element | null = el;
    p && p.name && p.name !== 'body' && p.name !== 'html';
    p = p.parent as Element | null
  ) {
    if ((attribute(p, 'itemprop') ?? '').toLowerCase() === 'review') return true;
    // A quotation's attribution, a review marked up as a schema.org Review.
    if (p.name === 'blockquote' || REVIEW_ITEMTYPE.test(attribute(p, 'itemtype') ?? '')) return true;
    if (TESTIMONIAL_MARK.test(regionMarks(p))) return true;
  }
  return false;
}

/** Beside the article: navigation, a footer, a sidebar, a box of other stories, a testimonial or a review. */
export function aside(el: Element): boolean {
  return insideFurniture(el) || insideTestimonial(el);
}

/** Beside the article, for a date: as aside(), a page-wide wrapper named like furniture being the page. */
export function dateAside(el: Element): boolean {
  return insideFurniture(el, true) || insideTestimonial(el);
}
