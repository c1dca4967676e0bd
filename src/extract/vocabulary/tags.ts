// Tag names as the extraction reads them: which elements never hold readable text, which end a
// line, which are headings, which are a page's chrome landmarks. Several rules once kept
// their own copies of these sets; where a rule reads a different set on purpose, the variant
// is here under its own name with the reason.
import type { HeadingLevel } from '../blocks.js';

/** Elements whose content is never readable text: the conversion to blocks skips them, every
 *  measure leaves them out (exclude/exclusions.ts; a <button> holding a heading excepted), and
 *  the hidden-wrapper scan does not count them as visible text (with <head>). The exclusions
 *  and the scan once kept smaller copies (without source, track, optgroup, datalist, area,
 *  param; the scan's without most embeds and form controls): the union changes no answer on
 *  the development sets. */
export const UNREADABLE_TAGS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'title',
  'meta',
  'link',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'canvas',
  'video',
  'audio',
  'source',
  'track',
  'select',
  'option',
  'optgroup',
  'button',
  'input',
  'textarea',
  'datalist',
  'map',
  'area',
  'param',
  'dialog',
  // Ruby annotations (furigana) repeat the reading of the base text beside it.
  'rt',
  'rp',
]);

/** Elements that end the current line of text (a paragraph boundary) in the conversion. */
export const LINE_BREAKING_TAGS: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'body',
  'center',
  'details',
  'div',
  'dl',
  'fieldset',
  'footer',
  'form',
  'header',
  'hgroup',
  'html',
  'legend',
  'main',
  'nav',
  'section',
  'summary',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'menu',
  'noframes',
  'figure',
  'output',
  'dir',
  'listing',
  'plaintext',
  'xmp',
  'search',
]);

const HEADINGS: Record<string, HeadingLevel> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
/** Names the HEADINGS record answers through its prototype (an XML page's <toString>). */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** HEADINGS[name], without a keyed look-up of every tag name in the record: h1-h6 by their
 *  characters, and any name the record would find on its prototype as the record finds it. */
export function headingLevel(name: string): HeadingLevel | undefined {
  if (name.length === 2) {
    if (name.charCodeAt(0) !== 104) return undefined;
    const digit = name.charCodeAt(1) - 48;
    return digit >= 1 && digit <= 6 ? (digit as HeadingLevel) : undefined;
  }
  return PROTOTYPE_KEYS.has(name) ? HEADINGS[name] : undefined;
}

/** Elements that start their own lines: text inside them is not their ancestors' "own" text
 *  (select/element-stats.ts), and a box holding one is a box of lines, not one line (a forum
 *  post's header bar, exclude/post-headers.ts, whose own smaller copy changed no answer). */
export const LINE_BLOCKS: ReadonlySet<string> = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'form',
  'header',
  'footer',
  'nav',
  'aside',
  'figure',
  'figcaption',
  'address',
  'fieldset',
  'details',
  'summary',
  'center',
  'body',
  'html',
  'hgroup',
]);
/** What the hidden-wrapper scan neither tests nor enters (dom/revealed-wrappers.ts,
 *  page/page-facts.ts): never-text elements and the <head>. */
export const HIDDEN_SCAN_SKIP: ReadonlySet<string> = new Set([...UNREADABLE_TAGS, 'head']);

/** The page's chrome landmarks: navigation, header, footer, asides, menus. The whole-page
 *  reading and the grid search leave them out (a <form> too, there, unless it wraps the page). */
export const CHROME_TAGS: ReadonlySet<string> = new Set(['nav', 'aside', 'footer', 'header', 'menu']);

/** The chrome landmarks the strict readings leave out: all but <header>, which is as often the
 *  article's own (its title, standfirst and byline inside an <article>) as the site's; the
 *  site's header is left out there by its class words. Reading <header> as chrome in the strict
 *  readings changes answers on both development sets. */
export const STRICT_CHROME_TAGS: ReadonlySet<string> = new Set(['nav', 'aside', 'footer', 'menu']);

/** Never left out by class or id words: the page frame, the likely article itself, links,
 *  tables and code. */
export const KEEP_TAGS: ReadonlySet<string> = new Set([
  'html',
  'body',
  'article',
  'main',
  'a',
  'table',
  'tbody',
  'tr',
  'td',
  'th',
  'pre',
  'code',
]);
