// One bottom-up pass of text measures over the elements an attempt still considers. Scoring
// and pruning read these instead of re-walking subtrees (which would be quadratic on depth).
import type { ChildNode, Element, ParentNode } from 'domhandler';
import { isElement } from '../dom/walk.js';
import { collapsedLength } from '../dom/measures.js';

export interface ElementInfo {
  /** Characters of text in the subtree (whitespace runs counted once). */
  chars: number;
  /** Characters of that text inside links. */
  linkChars: number;
  commas: number;
  /** Text that belongs to this element's own lines (not to nested block elements). */
  ownChars: number;
  ownCommas: number;
  /** Descendant counts used by pruning. */
  paragraphs: number;
  images: number;
  listItems: number;
  inputs: number;
  embeds: number;
  headings: number;
  /** Links with an href in the subtree. */
  links: number;
  /** Set by candidate scoring. */
  score: number;
  initialized: boolean;
}

/** Elements that start their own lines: text inside them is not their ancestors' "own" text. */
export const LINE_BLOCKS = new Set([
  'p', 'div', 'section', 'article', 'main', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'form', 'header', 'footer', 'nav', 'aside', 'figure', 'figcaption',
  'address', 'fieldset', 'details', 'summary', 'center', 'body', 'html', 'hgroup',
]);

const COMMAS = /[,，、،]/g;

export class ElementStats {
  private readonly infos = new Map<Element, ElementInfo>();
  /** Included elements in document (pre-)order. */
  readonly order: Element[] = [];

  constructor(root: ParentNode, skip: (el: Element) => boolean) {
    interface Frame {
      node: ChildNode;
      owner: ElementInfo | null;
      inLink: boolean;
    }
    const stack: Frame[] = [];
    const parents: Array<{ el: Element; info: ElementInfo }> = [];
    for (let i = root.children.length - 1; i >= 0; i--) stack.push({ node: root.children[i]!, owner: null, inLink: false });
    while (stack.length > 0) {
      const { node, owner, inLink } = stack.pop()!;
      if (node.type === 'text') {
        const len = collapsedLength(node.data);
        if (len === 0 || (len === 1 && node.data.trim() === '')) continue;
        const commas = node.data.match(COMMAS)?.length ?? 0;
        if (owner) {
          owner.ownChars += len;
          owner.ownCommas += commas;
        }
        // Subtree sums are added to the nearest included element; rolled up below.
        const parentEl = nearestIncluded(node.parent);
        const info = parentEl ? this.infos.get(parentEl) : undefined;
        if (info) {
          info.chars += len;
          info.commas += commas;
          if (inLink) info.linkChars += len;
        }
        continue;
      }
      if (!isElement(node) || skip(node)) continue;
      const info = emptyInfo();
      this.infos.set(node, info);
      this.order.push(node);
      parents.push({ el: node, info });
      const isLink = node.name === 'a';
      const nextOwner = LINE_BLOCKS.has(node.name) ? info : owner;
      for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, owner: nextOwner, inLink: inLink || isLink });
    }
    // Roll subtree sums up: reverse pre-order visits children before parents.
    for (let i = this.order.length - 1; i >= 0; i--) {
      const el = this.order[i]!;
      const info = this.infos.get(el)!;
      const name = el.name;
      if (name === 'p') info.paragraphs++;
      else if (name === 'img') info.images++;
      else if (name === 'li') info.listItems++;
      else if (name === 'input' || name === 'select' || name === 'textarea' || name === 'button') info.inputs++;
      else if (name === 'iframe' || name === 'embed' || name === 'object' || name === 'video') info.embeds++;
      else if (name.length === 2 && name[0] === 'h' && name[1]! >= '1' && name[1]! <= '6') info.headings++;
      else if (name === 'a' && el.attribs['href'] !== undefined) info.links++;
      const parentEl = nearestIncluded(el.parent);
      const p = parentEl ? this.infos.get(parentEl) : undefined;
      if (!p) continue;
      p.chars += info.chars;
      p.linkChars += info.linkChars;
      p.commas += info.commas;
      p.paragraphs += info.paragraphs;
      p.images += info.images;
      p.listItems += info.listItems;
      p.inputs += info.inputs;
      p.embeds += info.embeds;
      p.headings += info.headings;
      p.links += info.links;
    }
    function nearestIncluded(p: ParentNode | null): Element | null {
      // Text's parent is always included (we only reach children of included elements).
      return p && isElement(p as ChildNode) ? (p as Element) : null;
    }
  }

  get(el: Element): ElementInfo | undefined {
    return this.infos.get(el);
  }

  linkDensity(el: Element): number {
    const i = this.infos.get(el);
    return !i || i.chars === 0 ? 0 : i.linkChars / i.chars;
  }
}

function emptyInfo(): ElementInfo {
  return {
    chars: 0,
    linkChars: 0,
    commas: 0,
    ownChars: 0,
    ownCommas: 0,
    paragraphs: 0,
    images: 0,
    listItems: 0,
    inputs: 0,
    embeds: 0,
    headings: 0,
    links: 0,
    score: 0,
    initialized: false,
  };
}
