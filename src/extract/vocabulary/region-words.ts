/** Chrome by its plain names: the menus, header, footer and sidebars, and the comments (a
 *  thread of replies repeats one shape too); not the looser words the strict pass leaves out,
 *  "widget", "banner", "promo", which shops put their grids in. */
export const CHROME_NAME = new RegExp(
  '(?:^|[\\s_-])(?:nav|navbar|navigation|menus?|megamenu|mega-menu|footer|' +
    'header|sidebar|breadcrumbs?|cookies?|consent|modal|popup|drawer|minicart|' +
    'mini-cart)(?:$|[\\s_-])|comment|replies',
  'i',
);
/** Beyond the strict measure's view, the page may be a post with its comments, reviews, sidebar
 *  widgets and links to other posts, which the strict pass leaves out by name: the whole-page
 *  reading of the 'wide' and 'unmeasured' bands leaves them out too. */
export const BEYOND_STRICT_EXTRAS = new RegExp(
  '(?:^|[\\s_-])(?:comments?|comment-?list|respond|replies|related|' +
    'more-?stories|read-?next|recommended|reviews?|ratings?|sidebar|' +
    'widget-?area)(?:$|[\\s_-])',
  'i',
);
/** An article's comments, and the other articles it links to, are not the article. */
export const ARTICLE_EXTRAS =
  /(?:^|[\s_-])(?:comments?|comment-?list|respond|replies|related|more-?stories|read-?next|recommended)(?:$|[\s_-])/i;
/** Sections named as reviews, ratings, questions and answers, or recommendations. */
export const RAIL_NAME = new RegExp(
  '(?:^|[\\s_-])(?:reviews?|ratings?|related|recommendations?|recommended|' +
    'upsells?|up-sells?|cross-?sells?|recently-?viewed|also-?(?:viewed|bought|' +
    'like)|you-?may-?(?:also-?)?like|similar(?:-products?)?)(?:$|[\\s_-])|' +
    'reviews?(?:list|section|widget|container)|crosssell|upsell',
  'i',
);
/** A listing's filter panel: its options (categories, sizes, colours, each a link or a
 *  checkbox with a count) repeat one shape, but they are the search form, not the results. */
export const FACET_NAME = new RegExp(
  '(?:^|[\\s_-])(?:facets?|facet-?(?:filters?|list|group|container|panel|' +
    'nav)s?|refinements?|search-?filters?|product-?filters?|filter-?(?:panel|' +
    'sidebar|options|list|group|container)s?)(?:$|[\\s_-])',
  'i',
);
/** A class token naming the results ("t-collection__grid", "product-grid", "search-results"). */
export const RESULTS_NAME = /(?:^|[_-])(?:grid|results?|products?|collection)(?:$|[_-])/i;
export const FILTER_WORD = /facet|filter|refine/i;
/** Words that, beside "filter" or "facet" in one camelCase or underscored name, make it the
 *  panel, its parts or its place ("leftFilterCol", "filterAccordion", "FilterBar-styled__x",
 *  "HorizontalFilters_y", "FacetFiltersForm", "filtersPanel-filterOption-L"). */
export const FACET_PART_WORDS = new Set([
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
export const FACET_WORDS = new Set(['filter', 'filters', 'facet', 'facets']);
export const SUPPLEMENT_WORDS = new Set(['faq', 'faqs', 'seo']);
export const FOOTER_WORDS = new Set(['footer']);
/** A reply's wrapper says so: "comment", "reply", "replies" in a class or id. A member's
 *  signature (and any aside) under a post is not a reply, wherever the post sits. */
export const REPLY_NAME = /comment|repl(?:y|ies)/i;
export const NOT_REPLY_NAME = /signature/i;
/** A class or id token that starts with a thread's name, at a word boundary: "ThreadView",
 *  "thread-body", "topic_main", "DiscussionBoard", "forum-post" (not "comment-thread"). */
export const THREAD_TOKEN =
  /^(?:thread|topic|discussion|forum)(?:$|[-_])|^(?:Thread|Topic|Discussion|Forum)(?:$|[-_A-Z])/;
/** A blog post marked as such by its content system ("type-post"; hAtom's "hentry" marks
 *  pages and listings too): the post itself, however short. */
export const BLOG_POST = /(?:^|\s)type-post(?:$|\s)/;
/** Overlays and ads: never a page's substance. Matched on class and id. */
export const INDEX_BANNER = new RegExp(
  'cookie|consent|gdpr|(?:^|[\\s_-])ads?(?:$|[\\s_-])|advert|sponsor|' +
    'newsletter|popup|modal|paywall|social-?share|share-?(?:bar|buttons|tools)|' +
    'subscribe-?(?:box|form|banner)',
  'i',
);
export const BREADCRUMB = /breadcrumb/;
/** Whole class or id tokens of page-level header/footer containers built from <div>s. */
export const INDEX_CHROME_TOKENS = new Set([
  'header',
  'footer',
  'site-header',
  'site-footer',
  'masthead',
  'colophon',
  'global-header',
  'global-footer',
  'page-footer',
]);
/** Every chrome token names one of these (a cheap test before splitting into tokens). */
export const INDEX_CHROME_WORDS = /header|footer|masthead|colophon/;
export const LANGUAGE_TOKEN = new RegExp(
  '(?:^|[\\s_-])(?:lang|langs|language|languages|locale|locales|i18n|' +
    'translations?|language-?(?:picker|switcher|selector|menu))(?:$|[\\s_-])',
  'i',
);
