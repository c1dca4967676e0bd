// From the tokenizer's events to the tree's: which elements are open, which start tags close
// them (html-rules.ts), SVG and MathML, tag and attribute names as their shared copies. This is
// what htmlparser2's Parser does (its rules, the same events for the same tokens), plus what a
// hostile or sloppy page needs: nesting is capped, and an early `</body>` that the page repeats
// later does not end the body.
import type { DomBuilder } from './dom-builder.js';
import {
  FOREIGN_ROOTS,
  HTML_INTEGRATION_POINTS,
  OPEN_IMPLIES_CLOSE,
  SVG_TAG_NAMES,
  VOID_ELEMENTS,
} from './html-rules.js';
import { sharedName } from './known-names.js';
import type { PieceText } from './page-pieces.js';
import type { TokenizerEvents } from './tokenizer.js';

/** What encloses the innermost open element: HTML, SVG or MathML. */
const HTML = 0;
const SVG = 1;
const MATHML = 2;

/** Void elements as the depth cap knows them: a tag opened too deep that has no end tag to
 *  wait for (a few more names than VOID_ELEMENTS, which tree construction uses). */
const CAPPED_VOID = new Set([
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

const INSTRUCTION_NAME_END = /\s|\//;

/**
 * Nesting is capped here, before any element is open: a tag opened at maxDepth is ignored (its
 * text lands in the deepest kept element, its attributes nowhere), and its end tag is matched
 * against a list of ignored names and swallowed too. So the open-element stack, which end tags
 * search, never holds more than maxDepth names, whatever the page.
 */
export class TreeConstruction implements TokenizerEvents {
  /** Names of the open elements, innermost last. */
  private readonly stack: string[] = [];
  /** HTML, SVG or MATHML for each foreign root and integration point open, innermost last. */
  private readonly context: number[] = [HTML];
  /** The start tag being read ('' when it is ignored), and whether its attributes are kept. */
  private tagname = '';
  private keepsAttributes = false;
  private attribname = '';
  private attribvalue = '';
  /** Tags ignored for depth whose end tag has not come yet, innermost last. */
  private readonly ignored: string[] = [];
  private ignoringCurrent = false;

  constructor(
    private readonly source: PieceText,
    private readonly dom: DomBuilder,
    private readonly maxDepth: number,
    private readonly html: boolean,
  ) {}

  isInForeignContext(): boolean {
    return this.context[this.context.length - 1] !== HTML;
  }

  /** Inside `<noscript>`, which urlkit reads as markup, iframes and the like are markup too. */
  readsUnshownRawTextAsMarkup(): boolean {
    return this.stack.includes('noscript');
  }

  private isVoid(name: string): boolean {
    return this.html && VOID_ELEMENTS.has(name);
  }

  /**
   * The tag name at `[start, end)`, lower case, as its shared copy when known (known-names.ts).
   * Outside SVG and MathML, a known name is read from the page's characters without slicing and
   * lower-casing a copy. In SVG, names take their SVG case ("foreignObject"); in HTML,
   * "image" is read as "img".
   */
  private readTagName(start: number, end: number): string {
    if (this.context.length === 1) {
      const known = this.source.sharedNameAt(start, end);
      if (known !== undefined) return known;
    }
    const name = this.source.slice(start, end).toLowerCase();
    if (!this.html) return sharedName(name);
    const context = this.context[this.context.length - 1];
    if (context === SVG) return sharedName(SVG_TAG_NAMES.get(name) ?? name);
    if (this.context.length > 1) {
      // An SVG element's end tag inside its own HTML content (</foreignObject>).
      const adjusted = SVG_TAG_NAMES.get(name);
      if (adjusted !== undefined && this.stack.includes(adjusted)) return sharedName(adjusted);
    }
    if (context === HTML) return sharedName(name === 'image' ? 'img' : name);
    return sharedName(name);
  }

  ontext(start: number, end: number): void {
    this.dom.ontext(this.source.slice(start, end));
  }

  ontextentity(codePoint: number): void {
    this.dom.ontext(String.fromCodePoint(codePoint));
  }

  onopentagname(start: number, end: number): void {
    this.emitOpenTag(this.readTagName(start, end));
  }

  private emitOpenTag(name: string): void {
    this.ignoringCurrent = false;
    if (this.stack.length < this.maxDepth) {
      this.openTag(name);
      return;
    }
    this.tagname = '';
    if (!CAPPED_VOID.has(name)) {
      this.ignored.push(name);
      this.ignoringCurrent = true;
    }
  }

  private openTag(name: string): void {
    this.tagname = name;
    // A <form> inside a form is ignored, as the HTML standard says.
    if (this.html && name === 'form' && this.stack.includes('form')) {
      this.tagname = '';
      return;
    }
    const closes = this.html ? OPEN_IMPLIES_CLOSE.get(name) : undefined;
    if (closes !== undefined) {
      while (this.stack.length > 0 && closes.has(this.stack[this.stack.length - 1]!)) this.popElement();
    }
    if (!this.isVoid(name)) {
      this.stack.push(name);
      if (this.html) {
        if (name === 'svg') this.context.push(SVG);
        else if (name === 'math') this.context.push(MATHML);
        else if (HTML_INTEGRATION_POINTS.has(name)) this.context.push(HTML);
      }
    }
    this.dom.onopentagname();
    this.keepsAttributes = true;
  }

  private endOpenTag(): void {
    if (this.keepsAttributes) {
      this.dom.onopentag(this.tagname);
      this.keepsAttributes = false;
    }
    if (this.isVoid(this.tagname)) this.dom.onclosetag();
    this.tagname = '';
  }

  onopentagend(): void {
    this.endOpenTag();
  }

  onselfclosingtag(): void {
    // A self-closed foreign element (<path/> in deep SVG) has no end tag to wait for.
    if (this.ignoringCurrent) {
      this.ignoringCurrent = false;
      this.ignored.pop();
    }
    // HTML ignores the `/` of a self-closed tag, except in SVG and MathML.
    if (!this.html || this.isInForeignContext()) this.closeCurrentTag();
    else this.endOpenTag();
  }

  private closeCurrentTag(): void {
    const name = this.tagname;
    this.endOpenTag();
    if (this.stack[this.stack.length - 1] === name) this.popElement();
  }

  /** Closes the innermost open element. */
  private popElement(): void {
    const name = this.stack.pop()!;
    if (this.html && (FOREIGN_ROOTS.has(name) || HTML_INTEGRATION_POINTS.has(name))) this.context.pop();
    this.dom.onclosetag();
  }

  onclosetag(start: number, end: number): void {
    this.ignoringCurrent = false;
    // </body> and </html> close nothing in a browser: what comes after them is put in the body,
    // inside whatever is still open there. A page that ends its document early (a template's
    // "</body></html>" after the header) and goes on to the article and its own end tags loses
    // the article from the body otherwise. Only an end the page repeats later is ignored: what
    // follows the last one is what scripts and widgets append, left out. Not inside a <head> (a
    // whole document pasted there: its body ends with it, page-body.ts).
    if (this.html && this.closesBody(start, end) && this.endsAgain(end)) return;
    const ignored = this.ignored;
    if (ignored.length > 0) {
      const name = this.readTagName(start, end);
      const at = ignored[ignored.length - 1] === name ? ignored.length - 1 : ignored.lastIndexOf(name);
      if (at !== -1) {
        ignored.length = at;
        return;
      }
    }
    const name = this.readTagName(start, end);
    if (!this.isVoid(name)) {
      const at = this.stack.lastIndexOf(name);
      if (at !== -1) {
        while (this.stack.length > at + 1) this.popElement();
        this.popElement();
      } else if (this.html && name === 'p') {
        // </p> with no open p is an empty paragraph.
        this.emitOpenTag('p');
        this.closeCurrentTag();
      }
    } else if (this.html && name === 'br') {
      // </br> is a <br>.
      this.dom.onopentagname();
      this.dom.onopentag('br');
      this.dom.onclosetag();
    }
  }

  /** `</body>` or `</html>` while a body is open and no head is. */
  private closesBody(start: number, end: number): boolean {
    if (end - start !== 4) return false;
    const name = this.readTagName(start, end);
    if (name !== 'body' && name !== 'html') return false;
    return this.stack.includes('body') && !this.stack.includes('head');
  }

  /** Whether a `</body>` or `</html>` comes after `from`. Asked at those end tags only. */
  private endsAgain(from: number): boolean {
    return this.source.hasBodyEndFrom(from);
  }

  /** The attribute name, lower case, as its shared copy when known (as readTagName). */
  onattribname(start: number, end: number): void {
    this.attribname = this.source.sharedNameAt(start, end) ?? sharedName(this.source.slice(start, end).toLowerCase());
  }

  onattribdata(start: number, end: number): void {
    this.attribvalue += this.source.slice(start, end);
  }

  onattribentity(codePoint: number): void {
    this.attribvalue += String.fromCodePoint(codePoint);
  }

  onattribend(): void {
    // Not kept for a tag that is ignored (too deep, a nested form).
    if (this.keepsAttributes) this.dom.attribute(this.attribname, this.attribvalue);
    this.attribvalue = '';
  }

  oncomment(start: number, end: number, endOffset: number): void {
    this.dom.oncomment(this.source.slice(start, end - endOffset));
    this.dom.oncommentend();
  }

  oncdata(start: number, end: number, endOffset: number): void {
    const value = this.source.slice(start, end - endOffset);
    if (!this.html) {
      this.dom.oncdatastart();
      this.dom.ontext(value);
      this.dom.oncdataend();
    } else if (this.isInForeignContext()) {
      this.dom.ontext(value);
    } else {
      // Unreachable with urlkit's tokenizer (a CDATA section in HTML is a bogus comment there);
      // kept as htmlparser2 reads one, for any tokenizer giving these events.
      this.dom.oncomment(`[CDATA[${value}]]`);
      this.dom.oncommentend();
    }
  }

  ondeclaration(start: number, end: number): void {
    const value = this.source.slice(start, end);
    const name = this.html ? 'doctype' : instructionName(value);
    this.dom.onprocessinginstruction(`!${name}`, `!${value}`);
  }

  onprocessinginstruction(start: number, end: number): void {
    const value = this.source.slice(start, end);
    this.dom.onprocessinginstruction(`?${instructionName(value)}`, `?${value}`);
  }

  /** The page's end closes what is still open. */
  onend(): void {
    for (let i = this.stack.length - 1; i >= 0; i--) this.dom.onclosetag();
  }
}

function instructionName(value: string): string {
  const at = value.search(INSTRUCTION_NAME_END);
  return (at < 0 ? value : value.slice(0, at)).toLowerCase();
}
