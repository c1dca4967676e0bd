// The quotation marks a browser prints around a <q>, by the language it is in (the nearest `lang` or
// `xml:lang` of the element or its ancestors): the pairs of the HTML standard's rendering rules and
// CLDR for the languages most pages are written in; English's for the rest and for no language.
import type { Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { isElement } from '../dom/walk.js';

/** A language's marks: the outer pair, then the pair of a quotation inside a quotation. */
export type QuoteMarks = readonly [readonly [string, string], readonly [string, string]];

const ENGLISH: QuoteMarks = [
  ['\u201c', '\u201d'],
  ['\u2018', '\u2019'],
];
const GERMAN: QuoteMarks = [
  ['\u201e', '\u201c'],
  ['\u201a', '\u2018'],
];
const GUILLEMETS_THEN_ENGLISH: QuoteMarks = [
  ['\u00ab', '\u00bb'],
  ['\u201c', '\u201d'],
];
const GUILLEMETS_THEN_GERMAN: QuoteMarks = [
  ['\u00ab', '\u00bb'],
  ['\u201e', '\u201c'],
];
const CORNER_BRACKETS: QuoteMarks = [
  ['\u300c', '\u300d'],
  ['\u300e', '\u300f'],
];

/** By primary language subtag. */
const BY_LANGUAGE: ReadonlyMap<string, QuoteMarks> = new Map<string, QuoteMarks>([
  ['de', GERMAN],
  ['cs', GERMAN],
  ['sk', GERMAN],
  ['sl', GERMAN],
  ['lt', GERMAN],
  ['is', GERMAN],
  ['ka', GERMAN],
  [
    'fr',
    [
      ['\u00ab', '\u00bb'],
      ['\u00ab', '\u00bb'],
    ],
  ],
  ['es', GUILLEMETS_THEN_ENGLISH],
  ['it', GUILLEMETS_THEN_ENGLISH],
  ['ca', GUILLEMETS_THEN_ENGLISH],
  ['el', GUILLEMETS_THEN_ENGLISH],
  ['ru', GUILLEMETS_THEN_GERMAN],
  ['uk', GUILLEMETS_THEN_GERMAN],
  ['be', GUILLEMETS_THEN_GERMAN],
  [
    'pl',
    [
      ['\u201e', '\u201d'],
      ['\u00ab', '\u00bb'],
    ],
  ],
  [
    'hu',
    [
      ['\u201e', '\u201d'],
      ['\u00bb', '\u00ab'],
    ],
  ],
  [
    'ro',
    [
      ['\u201e', '\u201d'],
      ['\u00ab', '\u00bb'],
    ],
  ],
  [
    'nl',
    [
      ['\u2018', '\u2019'],
      ['\u201c', '\u201d'],
    ],
  ],
  [
    'sv',
    [
      ['\u201d', '\u201d'],
      ['\u2019', '\u2019'],
    ],
  ],
  [
    'fi',
    [
      ['\u201d', '\u201d'],
      ['\u2019', '\u2019'],
    ],
  ],
  [
    'nb',
    [
      ['\u00ab', '\u00bb'],
      ['\u2018', '\u2019'],
    ],
  ],
  [
    'no',
    [
      ['\u00ab', '\u00bb'],
      ['\u2018', '\u2019'],
    ],
  ],
  [
    'nn',
    [
      ['\u00ab', '\u00bb'],
      ['\u2018', '\u2019'],
    ],
  ],
  ['ja', CORNER_BRACKETS],
]);

/** Chinese in traditional script uses corner brackets, in simplified script English's marks. */
const TRADITIONAL_CHINESE = new Set(['hant', 'tw', 'hk', 'mo']);

/** The language an element is in: its own `lang` or `xml:lang`, else its nearest ancestor's. */
export function languageOf(el: Element): string | null {
  for (let node: Element | null = el; node; node = node.parent && isElement(node.parent) ? node.parent : null) {
    const lang = attribute(node, 'lang') ?? attribute(node, 'xml:lang');
    if (lang !== undefined) return lang.trim().toLowerCase() || null;
  }
  return null;
}

export function quoteMarksFor(lang: string | null): QuoteMarks {
  if (lang === null) return ENGLISH;
  const [primary = '', ...rest] = lang.split(/[-_]/);
  if (primary === 'zh') return rest.some((s) => TRADITIONAL_CHINESE.has(s)) ? CORNER_BRACKETS : ENGLISH;
  return BY_LANGUAGE.get(primary) ?? ENGLISH;
}
