// What pruning asks about a box's subtree (a code block below it, its in-page link text, its own
// link lists, a paragraph of prose, its heading toggles), answered for every element of a
// subtree in one bottom-up walk and kept. Pruning judges a box and, when it keeps it, each box
// inside it: a walk per question per box cost depth x elements on nested boxes (a hostile page
// of 256 nested link-dense boxes), where these answers cost one visit per element per pruning.
//
// Each answer is the one a pre-order walk of the subtree (root excluded) gives when it does
// not enter certain elements: a link (<a>) for the in-page link text, a list (<ul>, <ol>) for
// the link lists, a paragraph for the prose, a button for the toggles. So an element's answer is
// made of its element children's: a child that is such an element answers for itself, any other
// child passes on its own subtree's answer.
import type { Element } from 'domhandler';
import { ElementType } from 'domelementtype';
import { isElement } from '../../dom/walk.js';
import { IndexSlots } from '../../dom/index-slots.js';
import { HeadingLinks } from './heading-links.js';
import { collapsedLength } from '../../dom/measures.js';
import { isHeadingToggle } from '../../dom/heading-toggle.js';
import type { HiddenTest } from '../../dom/visibility.js';
import type { ElementStats } from '../select/element-stats.js';
import { attribute } from '../../../parse/nodes.js';
import { PARAGRAPH_CHARS, PARAGRAPH_LINK_SHARE } from '../thresholds/exclusions.js';
import { LINK_LIST_MAX_CHARS, LINK_LIST_MIN_LINK_DENSITY } from '../thresholds/prunes.js';

/** One element's answers, for its subtree without the element itself. */
export interface Facts {
  /** A <pre> below it. */
  code: boolean;
  /** Collapsed text characters of the links below it that point into the page ("#symptoms"),
   *  each link's whole text (links inside it included). */
  inPageLinkChars: number;
  /** Characters, and link characters, of the link lists below it (a <ul> or <ol> the stats
   *  include, under LINK_LIST_MAX_CHARS and over LINK_LIST_MIN_LINK_DENSITY), lists inside
   *  other lists not counted. */
  listChars: number;
  listLinkChars: number;
  /** A paragraph of prose below it (long, hardly linked: as prose-widgets.ts reads one),
   *  paragraphs inside other paragraphs not looked at. */
  prose: boolean;
  /** Buttons labelled by a heading (dom/heading-toggle.ts) and shown, buttons inside other
   *  buttons not looked at. */
  toggles: number;
}

const CODE = 1;
const PROSE = 2;

export class BoxFacts {
  /** Answers by the parser's docIndex (IndexSlots: 1 once known), in arrays: a record per
   *  element of a 200,000-element page was most of the walk's time. Elements without a slot
   *  (no docIndex, or another tree's at the same index) are kept by hash. */
  private readonly slots = new IndexSlots(256);
  private flags = new Uint8Array(256);
  private inPage = new Int32Array(256);
  private lists = new Int32Array(256);
  private listLinks = new Int32Array(256);
  private toggles = new Int32Array(256);
  private readonly unslotted = new Map<Element, Facts>();
  /** Collapsed text characters of an element's subtree (textChars), for the in-page links. */
  private readonly texts = new Map<Element, number>();
  /** The answers being added up, by depth on the open path of a walk. */
  private readonly sum = noFacts();
  /** Headings' links (heading-links.ts), made on the first heading asked about. */
  private headingLinks: HeadingLinks | null = null;

  constructor(
    private readonly stats: ElementStats,
    private readonly isHidden: HiddenTest,
  ) {}

  /** The answers for `root`'s subtree; the first question about a subtree answers it whole. */
  of(root: Element): Facts {
    const at = this.slots.slot(root);
    if (!this.known(root, at)) this.walk(root, at);
    this.load(root, at);
    return { ...this.sum };
  }

  /** Every link in `heading` points into the page itself ("#section"), not to a box around it
   *  (a post's permalink). */
  linksWithinPage(heading: Element): boolean {
    return (this.headingLinks ??= new HeadingLinks()).allWithinPage(heading);
  }

  /** Depth-first with the open path only, as element-stats.ts walks: an element's answers are
   *  folded into its parent's when its subtree is done, and nothing recurses on depth. */
  private walk(root: Element, rootSlot: number): void {
    const pathEl: Element[] = [root];
    const pathSlot: number[] = [rootSlot];
    const pathAt: number[] = [0];
    const code: boolean[] = [false];
    const inPage: number[] = [0];
    const lists: number[] = [0];
    const listLinks: number[] = [0];
    const prose: boolean[] = [false];
    const toggles: number[] = [0];
    const sum = this.sum;
    let depth = 0;
    for (;;) {
      const el = pathEl[depth]!;
      const kids = el.children;
      const at = pathAt[depth]!;
      let kid: Element;
      if (at >= kids.length) {
        sum.code = code[depth]!;
        sum.inPageLinkChars = inPage[depth]!;
        sum.listChars = lists[depth]!;
        sum.listLinkChars = listLinks[depth]!;
        sum.prose = prose[depth]!;
        sum.toggles = toggles[depth]!;
        this.store(el, pathSlot[depth]!);
        if (depth === 0) return;
        depth--;
        kid = el;
      } else {
        pathAt[depth] = at + 1;
        const node = kids[at]!;
        if (!isElement(node)) continue;
        const slot = this.slots.slot(node);
        if (!this.known(node, slot)) {
          depth++;
          pathEl[depth] = node;
          pathSlot[depth] = slot;
          pathAt[depth] = 0;
          code[depth] = false;
          inPage[depth] = 0;
          lists[depth] = 0;
          listLinks[depth] = 0;
          prose[depth] = false;
          toggles[depth] = 0;
          continue;
        }
        this.load(node, slot);
        kid = node;
      }
      // `sum` holds the answers of `kid`, a child of the element at `depth`: fold them in. A
      // link, list, paragraph or button answers for itself, where the walks stopped.
      const name = kid.name;
      if (name === 'pre' || sum.code) code[depth] = true;
      if (name === 'a') {
        const href = attribute(kid, 'href');
        if (href !== undefined && href.trim().startsWith('#') && href.trim().length > 1)
          inPage[depth] = inPage[depth]! + this.textChars(kid);
      } else inPage[depth] = inPage[depth]! + sum.inPageLinkChars;
      if (name === 'ul' || name === 'ol') {
        const info = this.stats.get(kid);
        if (info && info.chars < LINK_LIST_MAX_CHARS && this.stats.linkDensity(kid) > LINK_LIST_MIN_LINK_DENSITY) {
          lists[depth] = lists[depth]! + info.chars;
          listLinks[depth] = listLinks[depth]! + info.linkChars;
        }
      } else {
        lists[depth] = lists[depth]! + sum.listChars;
        listLinks[depth] = listLinks[depth]! + sum.listLinkChars;
      }
      if (name === 'p') {
        const info = this.stats.get(kid);
        if (info && info.chars >= PARAGRAPH_CHARS && info.linkChars <= PARAGRAPH_LINK_SHARE * info.chars)
          prose[depth] = true;
      } else if (sum.prose) prose[depth] = true;
      if (name === 'button') {
        if (isHeadingToggle(kid, this.isHidden) && !this.isHidden(kid)) toggles[depth] = toggles[depth]! + 1;
      } else toggles[depth] = toggles[depth]! + sum.toggles;
    }
  }

  /** `at`: the element's slot (IndexSlots.slot). */
  private known(el: Element, at: number): boolean {
    return at === -1 ? this.unslotted.has(el) : this.slots.values[at] === 1;
  }

  /** Sets `sum` to a known element's answers. */
  private load(el: Element, at: number): void {
    const sum = this.sum;
    if (at === -1) {
      Object.assign(sum, this.unslotted.get(el)!);
      return;
    }
    const flags = this.flags[at]!;
    sum.code = (flags & CODE) !== 0;
    sum.prose = (flags & PROSE) !== 0;
    sum.inPageLinkChars = this.inPage[at]!;
    sum.listChars = this.lists[at]!;
    sum.listLinkChars = this.listLinks[at]!;
    sum.toggles = this.toggles[at]!;
  }

  /** Keeps `sum` as the element's answers. */
  private store(el: Element, at: number): void {
    const sum = this.sum;
    if (at === -1) {
      this.unslotted.set(el, { ...sum });
      return;
    }
    const size = this.slots.values.length;
    if (this.flags.length < size) {
      this.flags = grown(this.flags, new Uint8Array(size));
      this.inPage = grown(this.inPage, new Int32Array(size));
      this.lists = grown(this.lists, new Int32Array(size));
      this.listLinks = grown(this.listLinks, new Int32Array(size));
      this.toggles = grown(this.toggles, new Int32Array(size));
    }
    this.slots.values[at] = 1;
    this.flags[at] = (sum.code ? CODE : 0) | (sum.prose ? PROSE : 0);
    this.inPage[at] = sum.inPageLinkChars;
    this.lists[at] = sum.listChars;
    this.listLinks[at] = sum.listLinkChars;
    this.toggles[at] = sum.toggles;
  }

  /** Collapsed characters of every text under `root` (as dom/measures.ts textChars), each
   *  element's kept: a link inside a link is read once. */
  private textChars(root: Element): number {
    const known = this.texts.get(root);
    if (known !== undefined) return known;
    const pathEl: Element[] = [root];
    const pathAt: number[] = [0];
    const pathChars: number[] = [0];
    let depth = 0;
    for (;;) {
      const el = pathEl[depth]!;
      const kids = el.children;
      const at = pathAt[depth]!;
      if (at >= kids.length) {
        const chars = pathChars[depth]!;
        this.texts.set(el, chars);
        if (depth === 0) return chars;
        depth--;
        pathChars[depth] = pathChars[depth]! + chars;
        continue;
      }
      pathAt[depth] = at + 1;
      const kid = kids[at]!;
      if (kid.type === ElementType.Text) pathChars[depth] = pathChars[depth]! + collapsedLength(kid.data);
      else if (isElement(kid)) {
        const chars = this.texts.get(kid);
        if (chars !== undefined) pathChars[depth] = pathChars[depth]! + chars;
        else {
          depth++;
          pathEl[depth] = kid;
          pathAt[depth] = 0;
          pathChars[depth] = 0;
        }
      }
    }
  }
}

function grown<T extends Uint8Array | Int32Array>(values: T, into: T): T {
  into.set(values);
  return into;
}

function noFacts(): Facts {
  return { code: false, inPageLinkChars: 0, listChars: 0, listLinkChars: 0, prose: false, toggles: 0 };
}
