// A listing's filter panel (facets): its options repeat one shape like a grid's cards, but they
// are the search form, not the results. Left out of a grid's reading, and never a grid itself.
import type { Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { isElement } from '../../dom/walk.js';
import { someTokenWords } from '../../dom/patterns.js';
import { classOrIdMatches } from './exclusions.js';
import { FACET_NAME, FACET_PART_WORDS, FACET_WORDS, FILTER_WORD, RESULTS_NAME } from '../../vocabulary/region-words.js';

/** The element is a filter panel or inside one. */
export function inFacets(el: Element): boolean {
  for (let p: Element | null = el; p && isElement(p); p = p.parent as Element | null) {
    if (p.name === 'body' || p.name === 'main') return false;
    if (isFacetPanel(p)) return true;
  }
  return false;
}

/** A filter panel beside the results, left out of a grid's reading. */
export function isFacetPanel(el: Element): boolean {
  return (
    (classOrIdMatches(el, FACET_NAME) || facetNamed(attribute(el, 'class')) || facetNamed(attribute(el, 'id'))) &&
    !namesResults(attribute(el, 'class'))
  );
}

/** The class names the results too, in a token of its own: the layout around the filters and
 *  the grid ("t-collection__grid facets-vertical", the facets word a layout modifier), not the
 *  panel. */
function namesResults(cls: string | undefined): boolean {
  if (cls === undefined) return false;
  for (const token of cls.split(/\s+/)) if (RESULTS_NAME.test(token) && !FILTER_WORD.test(token)) return true;
  return false;
}

/** A class or id that may name a filter panel in camelCase: it holds a capitalised word. */
const MAYBE_FACET = /[Ff]ilter|[Ff]acet/;

/** The class or id names a filter panel in camelCase (see FACET_PART_WORDS). */
function facetNamed(name: string | undefined): boolean {
  return someTokenWords(
    name,
    MAYBE_FACET,
    (words) => words.some((w) => FACET_WORDS.has(w)) && words.some((w) => FACET_PART_WORDS.has(w)),
  );
}
