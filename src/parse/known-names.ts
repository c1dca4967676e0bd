// The tag and attribute names of HTML that extraction asks about, as the one shared copy of
// each string. The parser slices every name out of the page, so each element would otherwise
// carry its own copy of "div" or "class", and every comparison with a name in our code
// (el.name === 'p', a switch on the tag, a set of tags) would compare characters. Given the
// shared copy, which is the same string as the literal in our code, it compares one pointer.

const TAGS = [
  'a', 'abbr', 'address', 'area', 'article', 'aside', 'audio', 'b', 'base', 'bdi', 'bdo', 'blockquote', 'body', 'br',
  'button', 'canvas', 'caption', 'center', 'cite', 'code', 'col', 'colgroup', 'data', 'datalist', 'dd', 'del', 'details',
  'dfn', 'dialog', 'dir', 'div', 'dl', 'dt', 'em', 'embed', 'fieldset', 'figcaption', 'figure', 'font', 'footer', 'form',
  'frame', 'frameset', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup', 'hr', 'html', 'i', 'iframe', 'img',
  'input', 'ins', 'kbd', 'label', 'legend', 'li', 'link', 'listing', 'main', 'map', 'mark', 'math', 'menu', 'meta',
  'meter', 'nav', 'noframes', 'noscript', 'object', 'ol', 'optgroup', 'option', 'output', 'p', 'param', 'path',
  'picture', 'plaintext', 'pre', 'progress', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'script', 'search', 'section',
  'select', 'slot', 'small', 'source', 'span', 'strike', 'strong', 'style', 'sub', 'summary', 'sup', 'svg', 'table',
  'tbody', 'td', 'template', 'textarea', 'tfoot', 'th', 'thead', 'time', 'title', 'tr', 'track', 'tt', 'u', 'ul', 'var',
  'video', 'wbr', 'xmp',
];

const ATTRIBUTES = [
  'alt', 'aria-hidden', 'aria-label', 'aria-modal', 'class', 'content', 'data-lang', 'data-language', 'data-lazy-src',
  'data-original', 'data-src', 'data-srcset', 'datetime', 'height', 'hidden', 'href', 'http-equiv', 'id', 'itemprop',
  'itemscope', 'itemtype', 'lang', 'name', 'property', 'rel', 'role', 'sizes', 'src', 'srcset', 'start', 'style',
  'target', 'title', 'type', 'value', 'width', 'xml:lang',
];

const SHARED = new Map<string, string>([...TAGS, ...ATTRIBUTES].map((n) => [n, n]));

/** The shared copy of a known name, or the name itself. */
export function sharedName(name: string): string {
  return SHARED.get(name) ?? name;
}
