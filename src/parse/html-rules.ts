// The rules of HTML that tree construction applies, as htmlparser2's Parser (12.0.0, MIT
// licence, Felix Böhm) applies them: which start tags close which open elements, which
// elements are void, where SVG and MathML begin and end, and SVG's mixed-case names.

const P = new Set(['p']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const FORM_CONTROLS = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const TABLE_SECTIONS = new Set(['thead', 'tbody']);
const DD_DT = new Set(['dd', 'dt']);
const RT_RP = new Set(['rt', 'rp']);

/** For a start tag, the open elements it closes while they are the innermost one. */
export const OPEN_IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['p', P],
  ['h1', HEADINGS],
  ['h2', HEADINGS],
  ['h3', HEADINGS],
  ['h4', HEADINGS],
  ['h5', HEADINGS],
  ['h6', HEADINGS],
  ['select', FORM_CONTROLS],
  ['input', FORM_CONTROLS],
  ['output', FORM_CONTROLS],
  ['button', FORM_CONTROLS],
  ['datalist', FORM_CONTROLS],
  ['textarea', FORM_CONTROLS],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DD_DT],
  ['dt', DD_DT],
  ['address', P],
  ['article', P],
  ['aside', P],
  ['blockquote', P],
  ['details', P],
  ['div', P],
  ['dl', P],
  ['fieldset', P],
  ['figcaption', P],
  ['figure', P],
  ['footer', P],
  ['form', P],
  ['header', P],
  ['hr', P],
  ['main', P],
  ['nav', P],
  ['ol', P],
  ['pre', P],
  ['section', P],
  ['table', P],
  ['ul', P],
  ['rt', RT_RP],
  ['rp', RT_RP],
  ['tbody', TABLE_SECTIONS],
  ['tfoot', TABLE_SECTIONS],
]);

/** Elements that have no content and no end tag. */
export const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Where foreign content (SVG, MathML) begins. */
export const FOREIGN_ROOTS = new Set(['math', 'svg']);

/** Elements inside foreign content whose children are HTML again (in SVG's casing). */
export const HTML_INTEGRATION_POINTS = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignObject',
  'desc',
  'title',
]);

/** SVG element names in their proper case, by their lower-cased form. */
export const SVG_TAG_NAMES = new Map(
  [
    'altGlyph',
    'altGlyphDef',
    'altGlyphItem',
    'animateColor',
    'animateMotion',
    'animateTransform',
    'clipPath',
    'feBlend',
    'feColorMatrix',
    'feComponentTransfer',
    'feComposite',
    'feConvolveMatrix',
    'feDiffuseLighting',
    'feDisplacementMap',
    'feDistantLight',
    'feDropShadow',
    'feFlood',
    'feFuncA',
    'feFuncB',
    'feFuncG',
    'feFuncR',
    'feGaussianBlur',
    'feImage',
    'feMerge',
    'feMergeNode',
    'feMorphology',
    'feOffset',
    'fePointLight',
    'feSpecularLighting',
    'feSpotLight',
    'feTile',
    'feTurbulence',
    'foreignObject',
    'glyphRef',
    'linearGradient',
    'radialGradient',
    'textPath',
  ].map((name) => [name.toLowerCase(), name]),
);
