// The only module that imports the HTML parser. htmlparser2 is forgiving, fast, and has no
// recursion in its tokenizer, so hostile nesting cannot overflow the stack here. On top of it
// we cap what the tree may hold, so that a hostile page cannot hand the extractors a
// 100,000-deep tree, a million attributes or megabytes of attribute values.
import { Parser } from 'htmlparser2';
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

/** The tag names whose opening or closing htmlparser2's Parser treats specially in HTML (as of
 *  htmlparser2 12: its openImpliesClose, voidElements, foreignContextElements and
 *  htmlIntegrationElements, which it does not export), looked up once per tag instead of in
 *  four tables. The tree test (test/unit/parse/tree-parser.test.ts) holds our reading to the
 *  Parser's on the cases each table covers. */
interface TagRules {
  /** A void element: closed as soon as opened, never on the stack. */
  readonly isVoid: boolean;
  /** The open elements this tag closes first (the innermost, while it is one of these). */
  readonly closes: ReadonlySet<string> | undefined;
  /** What opening it pushes on the foreign-content stack, if anything (see ForeignContext). */
  readonly enters: number;
  /** Closing it pops the foreign-content stack (svg, math and the integration points). */
  readonly leaves: boolean;
}

/** htmlparser2's ForeignContext. */
const HTML_CONTEXT = 0;
const SVG_CONTEXT = 1;
const MATHML_CONTEXT = 2;
const NO_CONTEXT = -1;

const TAG_RULES: ReadonlyMap<string, TagRules> = (() => {
  const formTags = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
  const pTag = new Set(['p']);
  const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
  const tableSectionTags = new Set(['thead', 'tbody']);
  const ddtTags = new Set(['dd', 'dt']);
  const rtpTags = new Set(['rt', 'rp']);
  const openImpliesClose = new Map<string, Set<string>>([
    ['tr', new Set(['tr', 'th', 'td'])], ['th', new Set(['th'])], ['td', new Set(['thead', 'th', 'td'])],
    ['body', new Set(['head', 'link', 'script'])], ['a', new Set(['a'])], ['li', new Set(['li'])], ['p', pTag],
    ['h1', headingTags], ['h2', headingTags], ['h3', headingTags], ['h4', headingTags], ['h5', headingTags], ['h6', headingTags],
    ['select', formTags], ['input', formTags], ['output', formTags], ['button', formTags], ['datalist', formTags], ['textarea', formTags],
    ['option', new Set(['option'])], ['optgroup', new Set(['optgroup', 'option'])], ['dd', ddtTags], ['dt', ddtTags],
    ['address', pTag], ['article', pTag], ['aside', pTag], ['blockquote', pTag], ['details', pTag], ['div', pTag], ['dl', pTag],
    ['fieldset', pTag], ['figcaption', pTag], ['figure', pTag], ['footer', pTag], ['form', pTag], ['header', pTag], ['hr', pTag],
    ['main', pTag], ['nav', pTag], ['ol', pTag], ['pre', pTag], ['section', pTag], ['table', pTag], ['ul', pTag],
    ['rt', rtpTags], ['rp', rtpTags], ['tbody', tableSectionTags], ['tfoot', tableSectionTags],
  ]);
  const voidElements = ['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr'];
  const integration = ['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignObject', 'desc', 'title'];
  const names = new Set([...openImpliesClose.keys(), ...voidElements, ...integration, 'svg', 'math']);
  const rules = new Map<string, TagRules>();
  for (const name of names) {
    rules.set(sharedName(name), {
      isVoid: voidElements.includes(name),
      closes: openImpliesClose.get(name),
      enters: name === 'svg' ? SVG_CONTEXT : name === 'math' ? MATHML_CONTEXT : integration.includes(name) ? HTML_CONTEXT : NO_CONTEXT,
      leaves: name === 'svg' || name === 'math' || integration.includes(name),
    });
  }
  return rules;
})();

/** Caps applied while building (see ParseOptions). */
interface Caps {
  maxDepth: number;
  maxAttributes: number;
  maxAttributeChars: number;
  maxElements: number;
}

/**
 * htmlparser2's Parser and domhandler's DomHandler in one: the tokenizer's callbacks build the
 * tree directly, with the caps applied. It reads the page as htmlparser2 12's Parser does (the
 * same implied closes, void elements, ignored nested forms, foreign content, `</p>` and
 * `</br>`), minus what the tree does not need: the Parser's per-tag attribute object, its
 * open-element stack kept by unshift and shift, four table look-ups per tag and a callback
 * layer. Its rare paths (tag names inside SVG and MathML, unknown names, processing
 * instructions) are the Parser's own methods, called on this object, which keeps the fields they
 * read under the Parser's names (stack, foreignContext, lowerCaseTagNames, htmlMode).
 *
 * The depth cap works inside the parser: htmlparser2's open-element stack would be quadratic on
 * hostile nesting, so deep tags never reach it. A tag opened beyond maxDepth is ignored (its
 * text lands in the deepest kept element); its end tag is matched against our own stack of
 * ignored names and swallowed too.
 *
 * The tree: elements and texts are made by the constructor functions of nodes.ts, real
 * domhandler nodes built at a fraction of the cost of domhandler's own constructors. Every
 * open is reported with exactly one close (void and implied closes included) in stack order,
 * and every element opened while skipping (the element cap) comes later than the skipped one,
 * so a counter keeps skipped opens and closes paired. Children and attributes are gathered in
 * scratch lists reused per depth, and each element gets its arrays, at their exact size, once
 * they are complete (children at its close): arrays grown by push reserve 17 slots at the first
 * one, and most elements have one child and one or two attributes.
 */
class TreeParser {
  // --- The Parser's state, under the names its methods read. ---
  /** Names of the open elements, innermost LAST (the Parser keeps them innermost first; its
   *  readTagName only asks whether a name is among them). */
  readonly stack: string[] = [];
  /** The foreign-content contexts, innermost FIRST, as in the Parser. */
  readonly foreignContext: number[] = [HTML_CONTEXT];
  readonly lowerCaseTagNames = true;
  readonly htmlMode: boolean;
  private readonly recognizeSelfClosing: boolean;
  private tagname = '';
  /** The tag being opened is reported (the Parser's non-null `attribs`): not ignored. */
  private opening = false;
  private tagRules: TagRules | undefined = undefined;
  private attribname = '';
  private attribvalue = '';
  /** Names of tags ignored for depth whose end tag has not been seen, innermost last. */
  private readonly ignored: string[] = [];
  private ignoringCurrent = false;

  // --- The tree being built. ---
  readonly root = new Document([]);
  private readonly open: ParentNode[] = [this.root];
  /** The children gathered so far of each open parent, by depth, and their counts. */
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

  constructor(
    private readonly source: string,
    xml: boolean,
    private readonly caps: Caps,
  ) {
    this.htmlMode = !xml;
    this.recognizeSelfClosing = xml;
  }

  parse(): Document {
    const tokenizer = new HtmlTokenizer({ xmlMode: !this.htmlMode, decodeEntities: true }, this);
    if (this.source) tokenizer.write(this.source);
    tokenizer.end();
    while (this.open.length > 1) this.close();
    this.root.children = this.childLists[0]!.slice(0, this.childCounts[0]);
    return this.root;
  }

  // --- The Parser's helpers, as its rare paths call them. ---
  getSlice(start: number, end: number): string {
    return this.source.slice(start, end);
  }

  isInForeignContext(): boolean {
    return this.foreignContext[0] !== HTML_CONTEXT;
  }

  private rulesOf(name: string): TagRules | undefined {
    return this.htmlMode ? TAG_RULES.get(name) : undefined;
  }

  /** The tag name as the Parser reads it, as its shared copy (known-names.ts). Outside SVG and
   *  MathML (where the Parser adjusts the case of some names) a known name is read from the
   *  page's characters without slicing and lower-casing a copy: the Parser's answer there is
   *  the lower-cased name ("image" read as "img", not a known name). */
  private readTagName(start: number, end: number): string {
    if (this.foreignContext.length === 1) {
      const known = sharedNameAt(this.source, start, end);
      if (known !== undefined) return known;
    }
    return sharedName(PARSER.readTagName.call(this, start, end));
  }

  // --- The tokenizer's callbacks. ---
  ontext(start: number, end: number): void {
    this.text(this.source.slice(start, end));
  }

  ontextentity(codepoint: number): void {
    this.text(String.fromCodePoint(codepoint));
  }

  onopentagname(start: number, end: number): void {
    this.emitOpenTag(this.readTagName(start, end));
  }

  private emitOpenTag(name: string): void {
    this.ignoringCurrent = false;
    if (this.stack.length >= this.caps.maxDepth) {
      // Ignored the Parser's own way (as it ignores a nested form): no open, no attributes, no close.
      this.tagname = '';
      this.tagRules = undefined;
      if (!VOID_ELEMENTS.has(name)) {
        this.ignored.push(name);
        this.ignoringCurrent = true;
      }
      return;
    }
    this.tagname = name;
    const rules = this.rulesOf(name);
    this.tagRules = rules;
    if (this.htmlMode && name === 'form' && this.stack.includes('form')) {
      this.tagname = '';
      this.tagRules = undefined;
      return;
    }
    if (rules !== undefined) {
      const closes = rules.closes;
      if (closes !== undefined) while (this.stack.length > 0 && closes.has(this.stack[this.stack.length - 1]!)) this.popElement();
      if (rules.isVoid) {
        this.attributeCount = 0;
        this.opening = true;
        return;
      }
      if (rules.enters !== NO_CONTEXT) this.foreignContext.unshift(rules.enters);
    }
    this.stack.push(name);
    this.attributeCount = 0;
    this.opening = true;
  }

  private endOpenTag(): void {
    if (this.opening) {
      this.opening = false;
      this.openElement(this.tagname);
    }
    if (this.tagRules !== undefined && this.tagRules.isVoid) this.closeElement();
    this.tagname = '';
    this.tagRules = undefined;
  }

  onopentagend(): void {
    this.endOpenTag();
  }

  private popElement(): void {
    const name = this.stack.pop()!;
    if (this.htmlMode) {
      const rules = TAG_RULES.get(name);
      if (rules !== undefined && rules.leaves) this.foreignContext.shift();
    }
    this.closeElement();
  }

  private closeCurrentTag(): void {
    const name = this.tagname;
    this.endOpenTag();
    // A self-closed tag is the innermost open one.
    if (this.stack[this.stack.length - 1] === name) this.popElement();
  }

  onclosetag(start: number, end: number): void {
    this.ignoringCurrent = false;
    const name = this.readTagName(start, end);
    const ignored = this.ignored;
    if (ignored.length > 0) {
      const at = ignored[ignored.length - 1] === name ? ignored.length - 1 : ignored.lastIndexOf(name);
      if (at !== -1) {
        ignored.length = at;
        return;
      }
    }
    const rules = this.rulesOf(name);
    if (rules === undefined || !rules.isVoid) {
      const stack = this.stack;
      const at = stack[stack.length - 1] === name ? stack.length - 1 : stack.lastIndexOf(name);
      if (at !== -1) {
        while (stack.length > at) this.popElement();
      } else if (this.htmlMode && name === 'p') {
        // An end tag without its start: an empty paragraph, as the Parser reads it.
        this.emitOpenTag('p');
        this.closeCurrentTag();
      }
    } else if (name === 'br') {
      // `</br>` is read as `<br>`.
      this.attributeCount = 0;
      this.openElement('br');
      this.closeElement();
    }
  }

  onselfclosingtag(): void {
    // A self-closed foreign element (<path/> in deep SVG) has no end tag to wait for.
    if (this.ignoringCurrent) {
      this.ignoringCurrent = false;
      this.ignored.pop();
    }
    if (this.recognizeSelfClosing || this.isInForeignContext()) this.closeCurrentTag();
    else this.endOpenTag();
  }

  /** The attribute name, lower-cased, as its shared copy when known (as readTagName). */
  onattribname(start: number, end: number): void {
    this.attribname = sharedNameAt(this.source, start, end) ?? sharedName(this.source.slice(start, end).toLowerCase());
  }

  onattribdata(start: number, end: number): void {
    this.attribvalue += this.source.slice(start, end);
  }

  onattribentity(codepoint: number): void {
    this.attribvalue += String.fromCodePoint(codepoint);
  }

  onattribend(): void {
    // Not reported for a tag the parser ignores (too deep, a nested form).
    if (this.opening) this.attribute(this.attribname, this.attribvalue);
    this.attribvalue = '';
  }

  ondeclaration(start: number, end: number): void {
    const value = this.source.slice(start, end);
    // In HTML, only a DOCTYPE reaches here (the tokenizer reads anything else as a bogus comment).
    const name = this.htmlMode ? 'doctype' : PARSER.getInstructionName.call(this, value);
    this.processingInstruction(`!${name}`, `!${value}`);
  }

  onprocessinginstruction(start: number, end: number): void {
    const value = this.source.slice(start, end);
    this.processingInstruction(`?${PARSER.getInstructionName.call(this, value)}`, `?${value}`);
  }

  oncomment(start: number, end: number, offset: number): void {
    this.comment(this.source.slice(start, end - offset));
    this.lastNode = null;
  }

  oncdata(start: number, end: number, offset: number): void {
    const value = this.source.slice(start, end - offset);
    if (!this.htmlMode) {
      this.cdataStart();
      this.text(value);
      this.lastNode = null;
    } else if (this.isInForeignContext()) {
      this.text(value);
    } else {
      this.comment(`[CDATA[${value}]]`);
      this.lastNode = null;
    }
  }

  onend(): void {
    // The Parser closes what is left open, innermost first.
    for (let i = this.stack.length - 1; i >= 0; i--) this.closeElement();
  }

  // --- Building the tree. ---

  /** An attribute of the tag being opened; the first of a repeated name wins, as in browsers
   *  and in htmlparser2's own attribute objects. */
  private attribute(name: string, value: string): void {
    const list = this.attributes;
    const count = this.attributeCount;
    if (count >= 2 * this.caps.maxAttributes) return;
    for (let i = 0; i < count; i += 2) if (list[i] === name) return;
    list[count] = name;
    list[count + 1] = value.length > this.caps.maxAttributeChars ? value.slice(0, this.caps.maxAttributeChars) : value;
    this.attributeCount = count + 2;
  }

  private openElement(name: string): void {
    if (this.skipped > 0 || this.elements >= this.caps.maxElements) {
      this.skipped++;
      return;
    }
    this.elements++;
    const depth = this.open.length - 1;
    const siblings = this.childLists[depth]!;
    const count = this.childCounts[depth]!;
    const prev = count > 0 ? siblings[count - 1]! : null;
    const attributes = this.attributeCount === 0 ? NO_ATTRIBUTES : this.attributes.slice(0, this.attributeCount);
    const el = new ElementNode(name, attributes, this.open[depth]!, prev, this.elements);
    if (prev) prev.next = el;
    siblings[count] = el;
    this.childCounts[depth] = count + 1;
    this.lastNode = null;
    this.open.push(el);
    if (this.childLists.length === depth + 1) this.childLists.push([]);
    this.childCounts[depth + 1] = 0;
    // Script and style are raw-text elements (no children but text); their JavaScript and CSS
    // are often most of a page's bytes and are never extracted, so they are not kept.
    this.dropText = name === 'style' || (name === 'script' && !/json/i.test(attribute(el, 'type') ?? ''));
  }

  private closeElement(): void {
    this.lastNode = null;
    this.dropText = false;
    if (this.skipped > 0) {
      this.skipped--;
      return;
    }
    if (this.open.length > 1) this.close();
  }

  /** Gives the innermost open element its children and closes it. */
  private close(): void {
    const depth = this.open.length - 1;
    const el = this.open.pop()!;
    const count = this.childCounts[depth]!;
    el.children = count > 0 ? this.childLists[depth]!.slice(0, count) : [];
  }

  private text(data: string): void {
    if (this.dropText) return;
    const last = this.lastNode;
    if (last !== null && last.type === 'text') {
      last.data += data;
      return;
    }
    const depth = this.open.length - 1;
    const siblings = this.childLists[depth]!;
    const count = this.childCounts[depth]!;
    const prev = count > 0 ? siblings[count - 1]! : null;
    const node = new TextNode(data, this.open[depth]!, prev);
    if (prev) prev.next = node;
    siblings[count] = node;
    this.childCounts[depth] = count + 1;
    this.lastNode = node;
  }

  private comment(data: string): void {
    const last = this.lastNode;
    if (last && last.type === 'comment') {
      last.data += data;
      return;
    }
    const node = new Comment(data);
    this.add(node);
    this.lastNode = node;
  }

  private cdataStart(): void {
    const text = new Text('');
    const node = new CDATA([text]);
    this.add(node);
    text.parent = node;
    this.lastNode = text;
  }

  private processingInstruction(name: string, data: string): void {
    this.add(new ProcessingInstruction(name, data));
  }

  private add(node: ChildNode): void {
    const depth = this.open.length - 1;
    const count = this.childCounts[depth]!;
    const prev = count > 0 ? this.childLists[depth]![count - 1]! : null;
    this.childLists[depth]![count] = node;
    this.childCounts[depth] = count + 1;
    if (prev) {
      node.prev = prev;
      prev.next = node;
    }
    node.parent = this.open[depth]!;
    this.lastNode = null;
  }
}

/** The Parser methods TreeParser borrows for its rare paths (private in htmlparser2's types). */
const PARSER = Parser.prototype as unknown as {
  readTagName(this: TreeParser, start: number, end: number): string;
  getInstructionName(this: TreeParser, value: string): string;
};

/** Tags ignored for depth that have no end tag to wait for (void in HTML, as in our caps since
 *  session 10; kept as it was: "image" included). */
const VOID_ELEMENTS = new Set(['area', 'base', 'basefont', 'bgsound', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'image', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

export function parseHtml(html: string, options: ParseOptions = {}): Document {
  const max = options.maxChars ?? PARSE_DEFAULTS.maxChars;
  const source = html.length > max ? html.slice(0, max) : html;
  return new TreeParser(source, options.xml ?? false, {
    maxDepth: options.maxDepth ?? PARSE_DEFAULTS.maxDepth,
    maxAttributes: options.maxAttributes ?? PARSE_DEFAULTS.maxAttributes,
    maxAttributeChars: options.maxAttributeChars ?? PARSE_DEFAULTS.maxAttributeChars,
    maxElements: options.maxElements ?? PARSE_DEFAULTS.maxElements,
  }).parse();
}
