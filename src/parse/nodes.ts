// The tree nodes parseHtml builds: real domhandler nodes (instances of its Element and Text,
// with its fields, so domutils and every domhandler reader work on them), made cheaply, with
// attributes kept as the parser read them.
import { Element, Text, type ChildNode, type ParentNode } from 'domhandler';

/**
 * The elements parseHtml builds: domhandler Elements whose attributes are kept as the flat
 * list the parser read them in (name, value, name, value), with `attribs` made from it on
 * first use. Building an object per element costs more than the rest of the tree: every
 * attribute name would have to be interned as a property key, though most elements are only
 * ever asked for their class or id. Read attributes with attribute(), which needs no object.
 */
export interface ParsedElement extends Element {
  attributeList: string[];
  attributeObject: Record<string, string> | null;
  /** Whether the element's own markup hides it (extract/dom/visibility.ts), judged once:
   *  0 not yet, 1 shown, 2 hidden. It reads only the element's name and attributes, which
   *  nothing changes while attributeObject is null (the attributes are still the parser's). */
  hiddenByMarkup: 0 | 1 | 2;
  /** The element's place among its document's elements, in document order (1, 2, ...): the
   *  order parseHtml made them in. Measures kept per element (ElementStats) are found by it in
   *  an array rather than looked up in a hash map. */
  docIndex: number;
}

/** Children of an element still being parsed: shared, and frozen so that nothing can write to it. */
const UNTIL_CLOSED: ChildNode[] = Object.freeze([]) as unknown as ChildNode[];

export const NO_ATTRIBUTES: string[] = [];

/**
 * The values of `names` on `el`, into `into` at the same positions (undefined where absent),
 * the first of a repeated name winning as attribute() reads it: one pass over the parser's list
 * for a caller that reads several attributes of most elements, where attribute() would scan the
 * list once for each name.
 */
export function readAttributes(el: Element, names: readonly string[], into: Array<string | undefined>): void {
  for (let k = 0; k < names.length; k++) into[k] = undefined;
  const list = (el as ParsedElement).attributeList;
  if (list === undefined || (el as ParsedElement).attributeObject !== null) {
    for (let k = 0; k < names.length; k++) into[k] = el.attribs[names[k]!];
    return;
  }
  for (let i = 0; i < list.length; i += 2) {
    const k = names.indexOf(list[i]!);
    if (k !== -1 && into[k] === undefined) into[k] = list[i + 1];
  }
}

/** An element's attribute value, without building its `attribs` object. */
export function attribute(el: Element, name: string): string | undefined {
  const list = (el as ParsedElement).attributeList;
  // Elements not made by parseHtml, or whose attribs were built (and may have been changed).
  if (list === undefined || (el as ParsedElement).attributeObject !== null) return el.attribs[name];
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1];
  return undefined;
}

// Constructor functions rather than Object.create(prototype) plus assignments: V8 sizes
// objects made by `new` to hold all their fields in place, where Object.create'd ones grow
// an out-of-object property store field by field (one more allocation per node).
// Fields every node has with the same value are read from the prototype instead of being
// stored in each node: domhandler's source positions (startIndex and endIndex: null, as
// parseHtml does not record them) and a text's type. Writable, so that a reader that sets one
// gives that node its own field, as with domhandler's nodes.
const NO_SOURCE_INDICES: PropertyDescriptorMap = {
  startIndex: { value: null, writable: true },
  endIndex: { value: null, writable: true },
};
function ElementFields(
  this: ParsedElement,
  name: string,
  attributes: string[],
  parent: ParentNode,
  prev: ChildNode | null,
  docIndex: number,
): void {
  this.parent = parent;
  this.prev = prev;
  this.next = null;
  // Given at the element's close, at its exact size (see TreeBuilder in parse-html.ts).
  this.children = UNTIL_CLOSED;
  this.name = name;
  this.attributeList = attributes;
  this.attributeObject = null;
  this.hiddenByMarkup = 0;
  this.docIndex = docIndex;
  this.type = (name === 'script' ? 'script' : name === 'style' ? 'style' : 'tag') as Element['type'];
}
ElementFields.prototype = Object.create(Element.prototype, {
  ...NO_SOURCE_INDICES,
  // domhandler's `attribs`, built on first use: most elements are only ever asked for a
  // class or an id, which attribute() reads from the list without building an object.
  attribs: {
    get(this: ParsedElement): Record<string, string> {
      let object = this.attributeObject;
      if (object === null) {
        object = {};
        const list = this.attributeList;
        for (let i = 0; i < list.length; i += 2) object[list[i]!] = list[i + 1]!;
        this.attributeObject = object;
      }
      return object;
    },
    set(this: ParsedElement, value: Record<string, string>) {
      this.attributeObject = value;
    },
  },
}) as Element;
export const ElementNode = ElementFields as unknown as new (
  name: string,
  attributes: string[],
  parent: ParentNode,
  prev: ChildNode | null,
  docIndex: number,
) => Element;

function TextFields(this: Text, data: string, parent: ParentNode, prev: ChildNode | null): void {
  this.parent = parent;
  this.prev = prev;
  this.next = null;
  this.data = data;
}
TextFields.prototype = Object.create(Text.prototype, {
  type: { value: 'text', writable: true },
  ...NO_SOURCE_INDICES,
}) as Text;
export const TextNode = TextFields as unknown as new (data: string, parent: ParentNode, prev: ChildNode | null) => Text;
