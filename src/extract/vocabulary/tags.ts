// Tag names as the extraction reads them: which elements never hold readable text, which end a
// line, which are headings, which are a page's chrome landmarks. Several rules once kept
// their own copies of these sets; where a rule reads a different set on purpose, the variant
// is here under its own name with the reason.
import type { HeadingLevel } from '../blocks.js';

/** Elements whose content is never readable text: the conversion to blocks skips them. */
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
