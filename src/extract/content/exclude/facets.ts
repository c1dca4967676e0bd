// A listing's filter panel (facets): its options repeat one shape like a grid's cards, but they
// are the search form, not the results. Left out of a grid's reading, and never a grid itself.
import type { Element } from 'domhandler';
import { attribute } from '../../../parse/nodes.js';
import { isElement } from '../../dom/walk.js';
import { someTokenWords } from '../../dom/patterns.js';
import { classOrIdMatches } from './exclusions.js';

/** A listing's filter panel: its options (categories, sizes, colours, each a link or a
 *  checkbox with a count) repeat one shape, but they are the search form, not the results. */
const FACET_NAME =
  /(?:^|[\s_-])(?:facets?|facet-?(?:filters?|list|group|container|panel|nav)s?|refinements?|search-?filters?|product-?filters?|filter-?(?:panel|sidebar|options|list|group|container)s?)(?:$|[\s_-])/i;

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

/** A class token naming the results ("t-collection__grid", "product-grid", "search-results"). */
const RESULTS_NAME = /(?:^|[_-])(?:grid|results?|products?|collection)(?:$|[_-])/i;
const FILTER_WORD = /facet|filter|refine/i;

/** The class names the results too, in a token of its own: the layout around the filters and
 *  the grid ("t-collection__grid facets-vertical", the facets word a layout modifier), not the
 *  panel. */
function namesResults(cls: string | undefined): boolean {
  if (cls === undefined) return false;
  for (const token of cls.split(/\s+/)) if (RESULTS_NAME.test(token) && !FILTER_WORD.test(token)) return true;
  return false;
}

/** Words that, beside "filter" or "facet" in one camelCase or underscored name, make it the
 *  panel, its parts or its place ("leftFilterCol", "filterAccordion", "FilterBar-styled__x",
 *  "HorizontalFilters_y", "FacetFiltersForm", "filtersPanel-filterOption-L"). */
const FACET_PART_WORDS = new Set([
  'panel',
  'panels',
  'bar',
  'container',
  'accordion',
  'col',
  'column',
  'section',
  'sidebar',
  'wrapper',
  'form',
  'group',
  'groups',
  'list',
  'option',
  'options',
  'item',
  'items',
  'pill',
  'pills',
  'menu',
  'box',
  'block',
  'horizontal',
  'vertical',
  'left',
  'side',
  'refine',
  'selected',
  'applied',
]);
const FACET_WORDS = new Set(['filter', 'filters', 'facet', 'facets']);
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
