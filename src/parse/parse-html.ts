// The only module that imports the HTML parser. htmlparser2 is forgiving, fast, and has no
// recursion in its tokenizer, so hostile nesting cannot overflow the stack here. On top of it
// we cap what the tree may hold, so that a hostile page cannot hand the extractors a
// 100,000-deep tree, a million attributes or megabytes of attribute values.
import { Parser, type Handler, type ParserOptions } from 'htmlparser2';
import { CDATA, Comment, Document, ProcessingInstruction, Text, type ChildNode, type ParentNode } from 'domhandler';
import { attribute, ElementNode, NO_ATTRIBUTES, TextNode } from './nodes.js';
import { sharedName, sharedNameAt } from './known-names.js';
import { HtmlTokenizer } from './html-tokenizer.js';

export interface ParseOptions {
  /** Characters of HTML handed to the parser; the rest is dropped. @default 5_000_000 */
  maxChars?: number;
  /** Deepest element nesting kept; deeper elements are dropped but their text is kept in
   *  the deepest kept ancestor. @default 256 */
  maxDepth?: number;
  /** Attributes kept per element (first ones win). @default 64 */
  maxAttributes?: number;
  /** Characters kept per attribute value. @default 16_384 */
  maxAttributeChars?: number;
  /** Elements kept in the whole document; later ones are dropped, their text kept.
   *  @default 200_000 */
  maxElements?: number;
  xml?: boolean;
}

export const PARSE_DEFAULTS = {
  maxChars: 5_000_000,
  maxDepth: 256,
  maxAttributes: 64,
  maxAttributeChars: 16_384,
  maxElements: 200_000,
} as const;

/**
 * Builds the domhandler tree that the rest of urlkit reads, with the element cap applied.
 * It does what domhandler's DomHandler does, minus its per-node class-field initialisers,
 * which cost more than tokenizing itself: elements and texts are made by the constructor
 * functions of nodes.ts, real domhandler nodes built at a fraction of the cost.
 * htmlparser2 reports exactly one close for every open (void and implied closes included) in
 * stack order, and every element opened while skipping comes later than the skipped one, so a
 * counter keeps skipped opens and closes paired.
 *
 * Children and attributes are gathered in scratch lists reused per depth, and each element
 * gets its arrays, at their exact size, once they are complete (children at its close):
 * arrays grown by push reserve 17 slots at the first one, and most elements have one child
 * and one or two attributes, so growing them was most of the tree's garbage.
 */
class TreeBuilder implements Partial<Handler> {
  readonly root = new Document([]);
  private readonly stack: ParentNode[] = [this.root];
  /** The children gathered so far of each open parent, by stack position, and their counts. */
  private readonly childLists: ChildNode[][] = [[]];
  private readonly childCounts: number[] = [0];
  private lastNode: Text | Comment | null = null;
  private skipped = 0;
  private elements = 0;
  /** Inside a script or style whose text nobody reads (JSON scripts are read: JSON-LD). */
  private dropText = false;
  /** Attributes of the tag being opened, as name, value, name, value (see ParsedElement). */
  private readonly attributes: string[] = [];
  private attributeCount = 0;

  constructor(private readonly caps: { maxAttributes: number; maxAttributeChars: number; maxElements: number }) {}

  onopentagname(): void {
    this.attributeCount = 0;
  }

  /** Called by the parser for each attribute of the tag being opened; the first of a
   *  repeated name wins, as in browsers and in htmlparser2's own attribute objects. `name`
   *  is lower case, the shared copy when known (DepthCappedParser.onattribname). */
  attribute(name: string, value: string): void {
    const list = this.attributes;
    const count = this.attributeCount;
    if (count >= 2 * this.caps.maxAttributes) return;
    for (let i = 0; i < count; i += 2) if (list[i] === name) return;
    list[count] = name;
    list[count + 1] = value.length > this.caps.maxAttributeChars ? value.slice(0, this.caps.maxAttributeChars) : value;
    this.attributeCount = count + 2;
  }

  onopentag(name: string): void {
    if (this.skipped > 0 || this.elements >= this.caps.maxElements) {
      this.skipped++;
      return;
    }
    this.elements++;
    const depth = this.stack.length - 1;
    const siblings = this.childLists[depth]!;
    const count = this.childCounts[depth]!;
    const prev = count > 0 ? siblings[count - 1]! : null;
    const attributes = this.attributeCount === 0 ? NO_ATTRIBUTES : this.attributes.slice(0, this.attributeCount);
    const el = new ElementNode(name, attributes, this.stack[depth]!, prev, this.elements);
    if (prev) prev.next = el;
    siblings[count] = el;
    this.childCounts[depth] = count + 1;
    this.lastNode = null;
    this.stack.push(el);
    if (this.childLists.length === depth + 1) this.childLists.push([]);
    this.childCounts[depth + 1] = 0;
    // Script and style are raw-text elements (no children but text); their JavaScript and CSS
    // are often most of a page's bytes and are never extracted, so they are not kept.
    this.dropText = name === 'style' || (name === 'script' && !/json/i.test(attribute(el, 'type') ?? ''));
  }

  onclosetag(): void {
    this.lastNode = null;
    this.dropText = false;
    if (this.skipped > 0) {
      this.skipped--;
      return;
    }
    if (this.stack.length > 1) this.close();
  }

  /** Gives the innermost open element its children and closes it. */
  private close(): void {
    const depth = this.stack.length - 1;
    const el = this.stack.pop()!;
    const count = this.childCounts[depth]!;
    el.children = count > 0 ? this.childLists[depth]!.slice(0, count) : [];
  }

  /** Closes what the parser left open (it closes everything at its end; this is a guard). */
  finish(): Document {
    while (this.stack.length > 1) this.close();
    this.root.children = this.childLists[0]!.slice(0, this.childCounts[0]);
    return this.root;
  }

  ontext(data: string): void {
    if (this.dropText) return;
    const last = this.lastNode;
    if (last !== null && last.type === 'text') {
      last.data += data;
      return;
    }
    const depth = this.stack.length - 1;
    const siblings = this.childLists[depth]!;
    const count = this.childCounts[depth]!;
    const prev = count > 0 ? siblings[count - 1]! : null;
    const node = new TextNode(data, this.stack[depth]!, prev);
    if (prev) prev.next = node;
    siblings[count] = node;
    this.childCounts[depth] = count + 1;
    this.lastNode = node;
  }

  oncomment(data: string): void {
    const last = this.lastNode;
    if (last && last.type === 'comment') {
      last.data += data;
      return;
    }
    const node = new Comment(data);
    this.add(node);
    this.lastNode = node;
  }

  oncommentend(): void {
    this.lastNode = null;
  }

  oncdatastart(): void {
    const text = new Text('');
    const node = new CDATA([text]);
    this.add(node);
    text.parent = node;
    this.lastNode = text;
  }

  oncdataend(): void {
    this.lastNode = null;
  }

  onprocessinginstruction(name: string, data: string): void {
    this.add(new ProcessingInstruction(name, data));
  }

  private add(node: ChildNode): void {
    const depth = this.stack.length - 1;
    const count = this.childCounts[depth]!;
    const prev = count > 0 ? this.childLists[depth]![count - 1]! : null;
    this.childLists[depth]![count] = node;
    this.childCounts[depth] = count + 1;
    if (prev) {
      node.prev = prev;
      prev.next = node;
    }
    node.parent = this.stack[depth]!;
    this.lastNode = null;
  }
}

/** The parts of htmlparser2's Parser that the depth cap overrides or reads (private in its types). */
interface ParserInternals {
  stack: string[];
  attribs: Record<string, string> | null;
  attribname: string;
  attribvalue: string;
  tagname: string;
  buffers: string[];
  bufferOffset: number;
  foreignContext: number[];
  lowerCaseTagNames: boolean;
  lowerCaseAttributeNames: boolean;
  openTagStart: number;
  startIndex: number;
  endIndex: number;
  emitOpenTag(name: string): void;
  onclosetag(start: number, endIndex: number): void;
  onselfclosingtag(endIndex: number): void;
  onattribend(quote: number, endIndex: number): void;
  readTagName(start: number, endIndex: number): string;
  onattribname(start: number, endIndex: number): void;
  getSlice(start: number, end: number): string;
  end(chunk?: string): void;
}

const ParserWithInternals = Parser as unknown as new (cbs: Partial<Handler>, options: ParserOptions) => ParserInternals;

/**
 * Caps nesting inside the parser itself: htmlparser2 keeps its open-element stack with
 * unshift/indexOf, which is quadratic on hostile nesting, so deep tags must never reach it.
 * A tag opened beyond maxDepth is ignored (its text lands in the deepest kept element);
 * its end tag is matched against our own stack of ignored names and swallowed too.
 * Setting `tagname` to "" is the parser's own way to ignore a start tag (it does so for a
 * nested <form>): no open event, no attributes, no close.
 * A subclass rather than per-instance method patches: the tokenizer calls these methods for
 * every tag, and prototype methods keep those calls fast.
 */
class DepthCappedParser extends ParserWithInternals {
  private readonly ignored: string[] = [];
  private ignoringCurrent = false;

  constructor(
    private readonly builder: TreeBuilder,
    options: ParserOptions,
    private readonly maxDepth: number,
    source: string,
  ) {
    super(builder, options);
    this.source = options.xmlMode === true ? null : source;
  }

  /** The page's characters (one chunk: positions are the parser's), null in XML mode. */
  private readonly source: string | null;

  /** Whether a `</body>` or `</html>` comes after `from`. Asked at those end tags only. */
  private endsAgain(from: number): boolean {
    LATER_END.lastIndex = from;
    return LATER_END.test(this.source!);
  }

  override emitOpenTag(name: string): void {
    this.ignoringCurrent = false;
    if (this.stack.length < this.maxDepth) {
      super.emitOpenTag(name);
      // The parser needs a non-null attribs to report the open tag; the attributes themselves
      // go to the builder's list (onattribend), so one shared object serves every tag.
      if (this.attribs !== null) this.attribs = SHARED_ATTRIBS;
      return;
    }
    this.openTagStart = this.startIndex;
    this.tagname = '';
    if (!VOID_ELEMENTS.has(name)) {
      this.ignored.push(name);
      this.ignoringCurrent = true;
    }
  }

  /** Tag names as their shared copies (known-names.ts), for the parser's own lookups too.
   *  Outside SVG and MathML (where the parser adjusts the case of some names), a known name is
   *  read from the page's characters without slicing and lower-casing a copy: the parser's
   *  answer there is the lower-cased name ("image" read as "img", not a known name). */
  override readTagName(start: number, endIndex: number): string {
    if (this.lowerCaseTagNames && this.foreignContext.length === 1) {
      const known = this.knownNameAt(start, endIndex);
      if (known !== undefined) return known;
    }
    return sharedName(super.readTagName(start, endIndex));
  }

  /** The attribute name, lower-cased, as its shared copy when known (as readTagName). */
  override onattribname(start: number, endIndex: number): void {
    const known = this.lowerCaseAttributeNames ? this.knownNameAt(start, endIndex) : undefined;
    if (known !== undefined) {
      this.startIndex = start;
      this.attribname = known;
      return;
    }
    super.onattribname(start, endIndex);
    this.attribname = sharedName(this.attribname);
  }

  /** sharedNameAt on the parser's buffer, when `[start, end)` lies within its first chunk. */
  private knownNameAt(start: number, end: number): string | undefined {
    const buffer = this.buffers[0];
    const offset = this.bufferOffset;
    if (buffer === undefined || start < offset || end - offset > buffer.length) return undefined;
    return sharedNameAt(buffer, start - offset, end - offset);
  }

  override onattribend(_quote: number, endIndex: number): void {
    this.endIndex = endIndex;
    // attribs is null for a tag the parser ignores (too deep, a nested form): not reported.
    if (this.attribs !== null) this.builder.attribute(this.attribname, this.attribvalue);
    this.attribvalue = '';
  }

  /** `</body>` or `</html>` while a body is open and no head is. */
  private closesBody(start: number, endIndex: number): boolean {
    if (endIndex - start !== 4) return false;
    const name = this.readTagName(start, endIndex);
    if (name !== 'body' && name !== 'html') return false;
    const stack = this.stack;
    return stack.includes('body') && !stack.includes('head');
  }

  override onselfclosingtag(endIndex: number): void {
    // A self-closed foreign element (<path/> in deep SVG) has no end tag to wait for.
    if (this.ignoringCurrent) {
      this.ignoringCurrent = false;
      this.ignored.pop();
    }
    super.onselfclosingtag(endIndex);
  }

  override onclosetag(start: number, endIndex: number): void {
    this.ignoringCurrent = false;
    // </body> and </html> close nothing in a browser: what comes after them is put in the body,
    // inside whatever is still open there. A page that ends its document early (a template's
    // "</body></html>" after the header) and goes on to the article and its own end tags loses
    // the article from the body otherwise. Only an end the page repeats later is ignored: what
    // follows the last one is what scripts and widgets append, left out as before. Not inside
    // a <head> (a whole document pasted there: its body ends with it, page-body.ts).
    if (this.source !== null && this.closesBody(start, endIndex) && this.endsAgain(endIndex)) {
      this.endIndex = endIndex;
      this.startIndex = endIndex + 1;
      return;
    }
    const ignored = this.ignored;
    if (ignored.length > 0) {
      const name = this.readTagName(start, endIndex);
      const at = ignored[ignored.length - 1] === name ? ignored.length - 1 : ignored.lastIndexOf(name);
      if (at !== -1) {
        ignored.length = at;
        this.endIndex = endIndex;
        this.startIndex = endIndex + 1;
        return;
      }
    }
    super.onclosetag(start, endIndex);
  }
}

const LATER_END = /<\/(?:body|html)[\s/>]/gi;

const SHARED_ATTRIBS: Record<string, string> = Object.freeze({}) as Record<string, string>;

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'bgsound',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'image',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

export function parseHtml(html: string, options: ParseOptions = {}): Document {
  const max = options.maxChars ?? PARSE_DEFAULTS.maxChars;
  const source = html.length > max ? html.slice(0, max) : html;
  const handler = new TreeBuilder({
    maxAttributes: options.maxAttributes ?? PARSE_DEFAULTS.maxAttributes,
    maxAttributeChars: options.maxAttributeChars ?? PARSE_DEFAULTS.maxAttributeChars,
    maxElements: options.maxElements ?? PARSE_DEFAULTS.maxElements,
  });
  const parser = new DepthCappedParser(
    handler,
    // Always our tokenizer (html-tokenizer.ts): it reads as htmlparser2's does but for a stray
    // `<![CDATA[` and raw-text elements inside <noscript>, and skips runs by string search.
    {
      xmlMode: options.xml ?? false,
      decodeEntities: true,
      lowerCaseTags: true,
      lowerCaseAttributeNames: true,
      Tokenizer: HtmlTokenizer,
    },
    options.maxDepth ?? PARSE_DEFAULTS.maxDepth,
    source,
  );
  parser.end(source);
  return handler.finish();
}
