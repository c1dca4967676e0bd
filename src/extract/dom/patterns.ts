// Class/id vocabularies shared by both profiles (readability/trafilatura lineage). They are
// about page structure in general, never about particular sites.
import type { Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { MAYBE_CANDIDATE, NEGATIVE, POSITIVE, RELATED, UNLIKELY } from '../vocabulary/class-words.js';

/** Where either matches (their union, made from them so that it follows their edits). */
const RELATED_OR_UNLIKELY = new RegExp(`(?:${RELATED.source})|(?:${UNLIKELY.source})`, 'i');

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
