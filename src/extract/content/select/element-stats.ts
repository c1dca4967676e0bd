// One bottom-up pass of text measures over the elements an attempt still considers. Scoring
// and pruning read these instead of re-walking subtrees (which would be quadratic on depth).
import type { ChildNode, Element, ParentNode } from 'domhandler';
import { isElement } from '../../dom/walk.js';
import { isSponsoredLink } from '../../dom/sponsored-links.js';
import { attribute, type ParsedElement } from '../../../parse/nodes.js';
import { LINE_BLOCKS } from '../../vocabulary/tags.js';
import { childText, measureChildText, type TextMeasures } from './text-measures.js';

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

export class ElementStats {
  /** Included elements in document (pre-)order. */
  readonly order: Element[] = [];
  /** Each included element's info, by its position in `order`. */
  private readonly infoAt: ElementInfo[] = [];
  /** Position in `order` plus one of the included elements, by docIndex (nodes.ts) minus
   *  `base`: an array read is cheaper than a hash map, and the scoring, pruning and conversion
   *  passes all ask for the info of most elements. 0 for elements not included. */
  private readonly slots: Int32Array;
  private readonly base: number;
  /** Positions in `order` of included elements without a docIndex of their own (not made by
   *  parseHtml, or sharing one with another included element): looked up by hash. */
  private readonly extra: Map<Element, number> | null = null;

  /** `texts`: the page's record of its text measures, shared by its measures (else each
   *  element's text is read here). */
  constructor(root: ParentNode, skip: (el: Element) => boolean, texts?: TextMeasures) {
    // Depth-first with the open path only (children array and position, info, line owner and
    // link state per level, in arrays indexed by depth and reused): an element's sums are
    // added to its parent's when its subtree is done, so no stack of pending siblings and no
    // parent-info array by position are grown and the roll-up needs no pass of its own. The
    // sums are the same additions in another order; `order` and the calls to `skip` stay in
    // pre-order. Text children are measured when their parent is opened.
    const order = this.order;
    const infoAt = this.infoAt;
    const pathKids: ChildNode[][] = [root.children];
    const pathAt: number[] = [0];
    const pathInfo: Array<ElementInfo | null> = [null];
    const pathOwner: Array<ElementInfo | null> = [null];
    const pathInLink: boolean[] = [false];
    let depth = 0;
    let minIndex = Infinity;
    let maxIndex = -Infinity;
    for (;;) {
      const kids = pathKids[depth]!;
      const at = pathAt[depth]!;
      if (at >= kids.length) {
        // The element at this depth is done: count it and add its sums to its parent's.
        if (depth === 0) break;
        const info = pathInfo[depth]!;
        depth--;
        const parentKids = pathKids[depth]!;
        countElement(parentKids[pathAt[depth]! - 1] as Element, info);
        const p = pathInfo[depth];
        if (p) addSums(p, info);
        continue;
      }
      pathAt[depth] = at + 1;
      const node = kids[at]!;
      if (!isElement(node) || skip(node)) continue;
      const info = emptyInfo();
      const docIndex = (node as Partial<ParsedElement>).docIndex;
      if (docIndex !== undefined) {
        if (docIndex < minIndex) minIndex = docIndex;
        if (docIndex > maxIndex) maxIndex = docIndex;
      }
      order.push(node);
      infoAt.push(info);
      // A sponsored link's text is the box's own (dom/sponsored-links.ts).
      const childInLink = pathInLink[depth]! || (node.name === 'a' && !isSponsoredLink(node));
      const nextOwner = LINE_BLOCKS.has(node.name) ? info : pathOwner[depth]!;
      if (texts) texts.measure(node);
      else measureChildText(node);
      const chars = childText.chars;
      const commas = childText.commas;
      if (nextOwner) {
        nextOwner.ownChars += chars;
        nextOwner.ownCommas += commas;
      }
      // Subtree sums are added to the element itself first; rolled up when it is done.
      info.chars += chars;
      info.commas += commas;
      if (childInLink) info.linkChars += chars;
      const children = node.children;
      depth++;
      pathKids[depth] = children;
      pathAt[depth] = 0;
      pathInfo[depth] = info;
      pathOwner[depth] = nextOwner;
      pathInLink[depth] = childInLink;
    }
    this.base = maxIndex >= minIndex ? minIndex : 0;
    const slots = (this.slots = new Int32Array(maxIndex >= minIndex ? maxIndex - minIndex + 1 : 0));
    let extra: Map<Element, number> | null = null;
    // The first element (in reverse pre-order, as before) holding a docIndex gets its slot.
    for (let i = order.length - 1; i >= 0; i--) {
      const el = order[i]!;
      const docIndex = (el as Partial<ParsedElement>).docIndex;
      if (docIndex !== undefined && slots[docIndex - this.base] === 0) slots[docIndex - this.base] = i + 1;
      else (extra ??= new Map()).set(el, i);
    }
    this.extra = extra;
  }

  /** Forgets candidate scores, so another attempt can score over the same measures. */
  resetScores(): void {
    for (const info of this.infoAt) {
      info.score = 0;
      info.initialized = false;
    }
  }

  get(el: Element): ElementInfo | undefined {
    const docIndex = (el as Partial<ParsedElement>).docIndex;
    if (docIndex !== undefined) {
      const at = docIndex - this.base;
      if (at >= 0 && at < this.slots.length) {
        const position = this.slots[at]!;
        if (position !== 0 && this.order[position - 1] === el) return this.infoAt[position - 1];
      }
    }
    const position = this.extra?.get(el);
    return position === undefined ? undefined : this.infoAt[position];
  }

  /** The element's position in `order`, or -1 when it is not included. */
  position(el: Element): number {
    const docIndex = (el as Partial<ParsedElement>).docIndex;
    if (docIndex !== undefined) {
      const at = docIndex - this.base;
      if (at >= 0 && at < this.slots.length) {
        const position = this.slots[at]!;
        if (position !== 0 && this.order[position - 1] === el) return position - 1;
      }
    }
    return this.extra?.get(el) ?? -1;
  }

  linkDensity(el: Element): number {
    const i = this.get(el);
    return !i || i.chars === 0 ? 0 : i.linkChars / i.chars;
  }
}

/** Adds the element itself to its own descendant counts. */
function countElement(el: Element, info: ElementInfo): void {
  const name = el.name;
  if (name === 'p') info.paragraphs++;
  else if (name === 'img') info.images++;
  else if (name === 'li') info.listItems++;
  else if (name === 'input' || name === 'select' || name === 'textarea' || name === 'button') info.inputs++;
  else if (name === 'iframe' || name === 'embed' || name === 'object' || name === 'video') info.embeds++;
  else if (name.length === 2 && name[0] === 'h' && name[1]! >= '1' && name[1]! <= '6') info.headings++;
  else if (name === 'a' && attribute(el, 'href') !== undefined) info.links++;
}

function addSums(p: ElementInfo, info: ElementInfo): void {
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
