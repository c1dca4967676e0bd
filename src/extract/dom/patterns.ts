// Class/id vocabularies shared by both profiles (readability/trafilatura lineage). They are
// about page structure in general, never about particular sites.
import type { Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';

/** Boilerplate containers: dropped before scoring in the strict pass. A BEM modifier such as
 *  "Section--Ads" names a variant of a content block that hosts ad slots, not an ad.
 *  "login" is not read inside "blog" + "In...": camel-cased "blogInner", "blogIndex",
 *  "blogInfo" are the article's own wrappers. */
export const UNLIKELY =
  /-ad-|(?<!--)\bads?\b|adsense|advert|agegate|banner|breadcrumb|combx|comment|community|consent|cookie|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|modal|newsletter|outbrain|pager|pagination|popup|promo|related|remark|replies|rss|share|shoutbox|sidebar|skyscraper|social|sponsor|subscribe|taboola|tags?\b|toolbar|widget|yom-remote|signup|(?<!b)login|navbar|sharing|editsection|edit-link|reviews?\b|follow-us|recommend|trending|most-popular|byline|author-bio|print-only/i;

/** Words that rescue an UNLIKELY match: the element is probably the content wrapper. */
export const MAYBE_CANDIDATE = /and|article|body|column|content|main|shadow|entry|post|story|text/i;

/** Lists of other articles ("related_post", "related-articles") and rating widgets
 *  ("post-ratings") are furniture whatever content word rides along, so no rescue applies. */
const RELATED = /(?:^|[\s_-])(?:related|ratings?)(?:$|[\s_-])/i;

/** Where either matches (their union, made from them so that it follows their edits). */
const RELATED_OR_UNLIKELY = new RegExp(`(?:${RELATED.source})|(?:${UNLIKELY.source})`, 'i');

/** Signs of content. */
const POSITIVE =
  /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story|prose|rich-text|markdown/i;

/** Signs of boilerplate. Utility classes that clip or scroll a box ("overflow-hidden",
 *  "overflow-y-scroll") say nothing about what it holds. */
const NEGATIVE =
  /-ad-|(?<!overflow-(?:[xy]-)?)hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|(?<!no-)media|meta|outbrain|promo|related|(?<!overflow-(?:[xy]-)?)scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget|social|byline|author|dateline|newsletter|subscribe|cookie|consent|breadcrumb|caption-credit|credit|recommend|nav|menu/i;

/** Roles that mark boilerplate landmarks. */
export const BOILERPLATE_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
  'toolbar',
  'note',
]);

/** Is this element's class/id an unlikely-content container (and not rescued)? */
export function isUnlikelyCandidate(el: Element): boolean {
  return isUnlikelyName(attribute(el, 'class'), attribute(el, 'id'));
}

/** isUnlikelyCandidate of an element with this class and id (for a caller that has read them). */
export function isUnlikelyName(cls: string | undefined, id: string | undefined): boolean {
  // Class and id are tested one by one, which is the same as testing classAndId (them joined
  // by a space, lower-cased) without building it: no pattern can match across that space or
  // in an empty string, and all of them ignore case. As there, an empty class leaves the id
  // unread.
  if (cls === '') return false;
  const c = cls ?? '';
  const i = id ?? '';
  // One test of the union first: most classes and ids match neither RELATED nor UNLIKELY (and
  // none of the patterns matches an empty string).
  if (!(c !== '' && RELATED_OR_UNLIKELY.test(c)) && !(i !== '' && RELATED_OR_UNLIKELY.test(i))) return false;
  if (RELATED.test(c) || RELATED.test(i)) return true;
  return (UNLIKELY.test(c) || UNLIKELY.test(i)) && !(MAYBE_CANDIDATE.test(c) || MAYBE_CANDIDATE.test(i));
}

/** Readability-style class weight: +25 for content words, -25 for boilerplate words, in the
 *  class and in the id. */
export function classWeight(el: Element): number {
  return wordWeight(attribute(el, 'class')) + wordWeight(attribute(el, 'id'));
}

/** The class attribute's share of classWeight alone (an id is often an anchor made from the
 *  element's own words, which says nothing about its styling). */
export function classNameWeight(el: Element): number {
  return wordWeight(attribute(el, 'class'));
}

function wordWeight(s: string | undefined): number {
  if (!s) return 0;
  return (NEGATIVE.test(s) ? -25 : 0) + (POSITIVE.test(s) ? 25 : 0);
}

/**
 * Whether a token of a class or id value, split into its words ("gpuFaqGrid" -> gpu, faq,
 * grid; "supporting-rich-text_seo__x" -> ..., seo, x), passes `test`. Names join their words in
 * camelCase or with underscores, dashes and digits, so a word list reads them where a pattern
 * on the raw name cannot tell "seo" from "seoul". `maybe` is a cheap test of the value and of
 * each token before the split.
 */
export function someTokenWords(name: string | undefined, maybe: RegExp, test: (words: string[]) => boolean): boolean {
  if (name === undefined || !maybe.test(name)) return false;
  for (const token of name.split(/\s+/)) {
    if (!maybe.test(token)) continue;
    if (
      test(
        token
          .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
          .toLowerCase()
          .split(/[\s_\-0-9]+/),
      )
    )
      return true;
  }
  return false;
}

/** A pattern that matches where any of `patterns` does: each is /i alone (no /u, whose case
 *  folding and \b differ; not global or sticky, so that test() keeps no state), and the union
 *  is the same test of the same sources, made from them so that it follows their edits. Most
 *  names and lines match none of a family of patterns, and one test of the union tells so. */
export function unionOf(...patterns: RegExp[]): RegExp {
  for (const p of patterns) if (p.flags !== 'i') throw new Error(`unionOf: ${p} must be /i alone`);
  return new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'), 'i');
}
