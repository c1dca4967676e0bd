// The tag and attribute names of HTML that extraction asks about, as the one shared copy of
// each string. The parser slices every name out of the page, so each element would otherwise
// carry its own copy of "div" or "class", and every comparison with a name in our code
// (el.name === 'p', a switch on the tag, a set of tags) would compare characters. Given the
// shared copy, which is the same string as the literal in our code, it compares one pointer.

const TAGS = [
  'a',
  'abbr',
  'address',
  'area',
  'article',
  'aside',
  'audio',
  'b',
  'base',
  'bdi',
  'bdo',
  'blockquote',
  'body',
  'br',
  'button',
  'canvas',
  'caption',
  'center',
  'cite',
  'code',
  'col',
  'colgroup',
  'data',
  'datalist',
  'dd',
  'del',
  'details',
  'dfn',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'em',
  'embed',
  'fieldset',
  'figcaption',
  'figure',
  'font',
  'footer',
  'form',
  'frame',
  'frameset',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'head',
  'header',
  'hgroup',
  'hr',
  'html',
  'i',
  'iframe',
  'img',
  'input',
  'ins',
  'kbd',
  'label',
  'legend',
  'li',
  'link',
  'listing',
  'main',
  'map',
  'mark',
  'math',
  'menu',
  'meta',
  'meter',
  'nav',
  'noframes',
  'noscript',
  'object',
  'ol',
  'optgroup',
  'option',
  'output',
  'p',
  'param',
  'path',
  'picture',
  'plaintext',
  'pre',
  'progress',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'script',
  'search',
  'section',
  'select',
  'slot',
  'small',
  'source',
  'span',
  'strike',
  'strong',
  'style',
  'sub',
  'summary',
  'sup',
  'svg',
  'table',
  'tbody',
  'td',
  'template',
  'textarea',
  'tfoot',
  'th',
  'thead',
  'time',
  'title',
  'tr',
  'track',
  'tt',
  'u',
  'ul',
  'var',
  'video',
  'wbr',
  'xmp',
];

const ATTRIBUTES = [
  'alt',
  'aria-hidden',
  'aria-label',
  'aria-modal',
  'class',
  'content',
  'data-lang',
  'data-language',
  'data-lazy-src',
  'data-original',
  'data-src',
  'data-srcset',
  'datetime',
  'height',
  'hidden',
  'href',
  'http-equiv',
  'id',
  'itemprop',
  'itemscope',
  'itemtype',
  'lang',
  'name',
  'property',
  'rel',
  'role',
  'sizes',
  'src',
  'srcset',
  'start',
  'style',
  'target',
  'title',
  'type',
  'value',
  'width',
  'xml:lang',
  // Not asked about by extraction, but common: a known name is read from the page's characters
  // instead of being sliced and lower-cased (most of the names the parser would cut otherwise).
  'accept-charset',
  'action',
  'align',
  'allow',
  'allowfullscreen',
  'aria-controls',
  'aria-current',
  'aria-describedby',
  'aria-expanded',
  'aria-haspopup',
  'aria-labelledby',
  'as',
  'async',
  'autocomplete',
  'autoplay',
  'bgcolor',
  'border',
  'cellpadding',
  'cellspacing',
  'charset',
  'checked',
  'clip-rule',
  'colspan',
  'controls',
  'crossorigin',
  'cx',
  'cy',
  'd',
  'data-id',
  'data-name',
  'data-target',
  'data-title',
  'data-toggle',
  'data-type',
  'data-url',
  'decoding',
  'defer',
  'dir',
  'disabled',
  'enctype',
  'fill',
  'fill-rule',
  'focusable',
  'for',
  'frameborder',
  'hreflang',
  'integrity',
  'loading',
  'maxlength',
  'media',
  'method',
  'muted',
  'nonce',
  'onclick',
  'opacity',
  'placeholder',
  'playsinline',
  'points',
  'poster',
  'preload',
  'r',
  'readonly',
  'referrerpolicy',
  'required',
  'rowspan',
  'scrolling',
  'selected',
  'size',
  'stroke',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-width',
  'tabindex',
  'transform',
  'typeof',
  'valign',
  'version',
  'viewbox',
  'x',
  'xlink:href',
  'xmlns',
  'xmlns:xlink',
  'y',
];

const SHARED = new Map<string, string>([...TAGS, ...ATTRIBUTES].map((n) => [n, n]));

/** The shared copy of a known name, or the name itself. */
export function sharedName(name: string): string {
  return SHARED.get(name) ?? name;
}

// The same names found straight in the page's text, before any string is cut from it: the
// parser would slice every tag and attribute name out of the page and lower-case it (a new
// string each), then look the copy up here. An open-addressed table hashed on the
// lower-cased characters answers from the page's characters alone.
const TABLE_BITS = 10;
const TABLE_MASK = (1 << TABLE_BITS) - 1;
const TABLE: (string | undefined)[] = new Array<string | undefined>(1 << TABLE_BITS).fill(undefined);
let longest = 0;

/** Hash of `text[start, end)` with ASCII letters folded to lower case (other characters
 *  fold too, harmlessly: a match is checked character by character). */
function foldedHash(text: string, start: number, end: number): number {
  let h = end - start;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + (text.charCodeAt(i) | 0x20)) | 0;
  return (h ^ (h >>> TABLE_BITS)) & TABLE_MASK;
}

for (const name of SHARED.keys()) {
  let i = foldedHash(name, 0, name.length);
  while (TABLE[i] !== undefined) i = (i + 1) & TABLE_MASK;
  TABLE[i] = name;
  longest = Math.max(longest, name.length);
}

/**
 * The shared copy of the known name that `text[start, end)` spells in any ASCII case, or
 * undefined (an unknown name, or one with characters outside ASCII, whose lower-casing is
 * left to toLowerCase): `sharedName(text.slice(start, end).toLowerCase())` whenever that is
 * a known name, without cutting the string.
 */
export function sharedNameAt(text: string, start: number, end: number): string | undefined {
  const length = end - start;
  if (length > longest || length <= 0) return undefined;
  let i = foldedHash(text, start, end);
  for (let name = TABLE[i]; name !== undefined; name = TABLE[(i = (i + 1) & TABLE_MASK)]) {
    if (name.length !== length) continue;
    let j = 0;
    for (; j < length; j++) {
      const c = text.charCodeAt(start + j);
      const k = name.charCodeAt(j);
      // Known names are lower case: a page's character matches as itself or as A-Z.
      if (c !== k && !(c >= 0x41 && c <= 0x5a && c + 0x20 === k)) break;
    }
    if (j === length) return name;
  }
  return undefined;
}
