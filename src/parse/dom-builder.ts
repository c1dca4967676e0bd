// The domhandler tree that the rest of urlkit reads, built from tree construction's events
// (tree-construction.ts), with the caps on elements and attributes applied.
import {
  CDATA,
  Comment,
  Document,
  isComment,
  isText,
  ProcessingInstruction,
  Text,
  type ChildNode,
  type ParentNode,
} from 'domhandler';
import { attribute, ElementNode, NO_ATTRIBUTES, TextNode } from './nodes.js';
import { isShadowRootTemplate, ShadowRoots } from './shadow-roots.js';

/**
 * Builds the domhandler tree that the rest of urlkit reads, with the element cap applied.
 * It does what domhandler's DomHandler does, minus its per-node class-field initialisers,
 * which cost more than tokenizing itself: elements and texts are made by the constructor
 * functions of nodes.ts, real domhandler nodes built at a fraction of the cost.
 * Tree construction reports exactly one close for every open (void and implied closes included) in
 * stack order, and every element opened while skipping comes later than the skipped one, so a
 * counter keeps skipped opens and closes paired.
 *
 * Children and attributes are gathered in scratch lists reused per depth, and each element
 * gets its arrays, at their exact size, once they are complete (children at its close):
 * arrays grown by push reserve 17 slots at the first one, and most elements have one child
 * and one or two attributes, so growing them was most of the tree's garbage.
 */
export class DomBuilder {
  readonly root = new Document([]);
  private readonly stack: ParentNode[] = [this.root];
  /** The children gathered so far of each open parent, by stack position, and their counts. */
  private readonly childLists: ChildNode[][] = [[]];
  private readonly childCounts: number[] = [0];
  private lastNode: Text | Comment | null = null;
  /** Declarative shadow roots and their slots (shadow-roots.ts). */
  private readonly shadows = new ShadowRoots();
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
   *  is lower case, the shared copy when known (TreeConstruction.onattribname). */
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
    if (name === 'template' || name === 'slot') this.shadows.opened(el);
    if (this.childLists.length === depth + 1) this.childLists.push([]);
    this.childCounts[depth + 1] = 0;
    // Script and style are raw-text elements (no children but text); their JavaScript and CSS
    // are often most of a page's bytes and are never extracted, so they are not kept. Data
    // (JSON) and MathJax's formulas (`math/tex`, read as TeX) are.
    this.dropText = name === 'style' || (name === 'script' && !/json|math\/tex/i.test(attribute(el, 'type') ?? ''));
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
    if (isShadowRootTemplate(el)) this.attachShadowRoot(el, depth - 1);
    else if (this.shadows.hasHosts) this.shadows.closed(el);
  }

  /**
   * A declarative shadow root's template closed: a browser renders its content as its host's, and
   * keeps no template. Its children take its place, the last among the host's children so far, unless
   * it stays an inert template (ShadowRoots.closedTemplate).
   */
  private attachShadowRoot(template: ParentNode, hostDepth: number): void {
    const siblings = this.childLists[hostDepth]!;
    let count = this.childCounts[hostDepth]! - 1;
    const host = hostDepth > 0 ? this.stack[hostDepth]! : null;
    // Asked even without a host: the template's list of slots ends here.
    if (!this.shadows.closedTemplate(host, count, count + template.children.length) || host === null) return;
    let prev = count > 0 ? siblings[count - 1]! : null;
    if (prev) prev.next = null;
    for (const kid of template.children) {
      kid.parent = host;
      kid.prev = prev;
      kid.next = null;
      if (prev) prev.next = kid;
      siblings[count++] = kid;
      prev = kid;
    }
    this.childCounts[hostDepth] = count;
    template.children = [];
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
    if (last !== null && isText(last)) {
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
    if (last !== null && isComment(last)) {
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
