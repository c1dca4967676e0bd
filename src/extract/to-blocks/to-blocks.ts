// DOM subtree -> Block[] (src/extract/blocks.ts). One iterative walk with explicit stacks:
// the DOM can be as deep as the parser allows, and nothing here recurses on it. The block
// model itself is kept shallow (inline wrappers and nested containers are capped), so that
// renderers may recurse on blocks safely.
import type { ChildNode, Element, ParentNode } from 'domhandler';
import type { Block, HeadingLevel, Inline, ListItem } from '../blocks.js';
import { isElement, isTextNode, textContent } from '../dom/walk.js';
import { isHeadingToggle } from '../dom/heading-toggle.js';
import { footnoteMarker, isMarkLink } from '../dom/mark-links.js';
import { createUrlResolver, type UrlResolver } from '../dom/url-resolver.js';
import { attribute } from '../../parse/nodes.js';
import { keepShapes, SHAPES_PAGE_URL } from '../../parse/kept-shapes.js';
import { SHAPES_DOCUMENT } from '../../parse/parse-html.js';
import { headingLevel, LINE_BREAKING_TAGS, UNREADABLE_TAGS } from '../vocabulary/tags.js';
import { isDataTable, tableBlocks } from './tables.js';
import { formulaOf, isFormulaSource } from './formulas.js';
import { codeBlock, imageSource, isSpacer, itemNumber, listCount, taskBox, type ListCount } from './leaf-blocks.js';
import { isLineGutter } from './line-gutters.js';
import { itemWith } from '../block-walk.js';
import { allBlankText, isHtmlSpace, normalizeInlines, WordEdges } from './inlines.js';
import { CODE_TAGS, openFrame, styleOf, wrap, type InlineFrame } from './inline-frames.js';
import { MAX_CONTAINER_DEPTH, MAX_INLINE_DEPTH } from '../content/thresholds/to-blocks.js';
import type { ToBlocksOptions } from './options.js';

type Container = { kind: 'blocks'; blocks: Block[]; checked?: boolean; number?: number } | ListContainer;
type ListContainer = { kind: 'list'; el: Element; count: ListCount | null; start: number | null; items: ListItem[] };

type TextKind =
  { kind: 'paragraph' } | { kind: 'term' } | { kind: 'heading'; level: HeadingLevel } | { kind: 'caption' };

const enum Exit {
  None,
  Flush,
  TextKind,
  Inline,
  List,
  ListItem,
  Toggle,
  Quote,
}

/**
 * Convert the children of `root` (or, given an array, those nodes themselves, so a chosen
 * <p> or <li> keeps its own meaning) into blocks.
 */
export function toBlocks(root: ParentNode | ChildNode[], resolver: UrlResolver, options: ToBlocksOptions): Block[] {
  return new BlockBuilder(resolver, options).build(root);
}

class BlockBuilder {
  private readonly rootBlocks: Block[] = [];
  private readonly containers: Container[] = [{ kind: 'blocks', blocks: this.rootBlocks }];
  private inlines: InlineFrame[] = [{ kind: 'root', children: [] }];
  private readonly textKinds: TextKind[] = [{ kind: 'paragraph' }];
  /** Heading toggles (dom/heading-toggle.ts) open around the walk: their headings are lines. */
  private toggles = 0;
  /** The element entered or left last: a block flushed now was read from it (options.origins). */
  private at: Element | null = null;
  private readonly words = new WordEdges();

  constructor(
    private readonly resolver: UrlResolver,
    private readonly options: ToBlocksOptions,
  ) {}

  build(root: ParentNode | ChildNode[]): Block[] {
    // Parallel stacks rather than a step object per node (this runs over every node of the
    // page, several times): a node to enter (exit null), or an element to leave.
    const nodes: ChildNode[] = [];
    const exits: Array<Exit | null> = [];
    const start = Array.isArray(root) ? root : root.children;
    for (let i = start.length - 1; i >= 0; i--) {
      nodes.push(start[i]!);
      exits.push(null);
    }
    while (nodes.length > 0) {
      const node = nodes.pop()!;
      const pending = exits.pop()!;
      if (pending !== null) {
        this.words.element((node as Element).name);
        this.at = node as Element;
        this.leave(pending);
        continue;
      }
      if (isTextNode(node)) {
        const top = this.top();
        // HTML whitespace at the start of a line collapses away (normalizeInlines), so the
        // markup's indentation between blocks (most text nodes of a page) is not kept: no
        // inline for it, and the line it would open stays empty for flush.
        if (top.children.length === 0 && this.inlines.length === 1 && isHtmlSpace(node.data)) continue;
        const gap = this.words.before(node.data);
        if (gap) top.children.push(gap);
        // A line's first inline starts an array of its size (one grown by push keeps room for 17).
        const text: Inline = { type: 'text', text: node.data };
        if (top.children.length === 0) top.children = [text];
        else top.children.push(text);
        continue;
      }
      if (!isElement(node)) continue;
      this.words.element(node.name);
      // Set after entering: a line the element's start flushes was read before it.
      const exit = this.enter(node);
      this.at = node;
      if (exit === null) continue; // handled whole, or skipped
      nodes.push(node);
      exits.push(exit);
      const kids = node.children;
      for (let i = kids.length - 1; i >= 0; i--) {
        nodes.push(kids[i]!);
        exits.push(null);
      }
    }
    this.flush();
    return this.rootBlocks;
  }

  /** Handle an element's start; returns what to do at its end, or null to not descend. */
  private enter(el: Element): Exit | null {
    const name = el.name;
    // The caller's skip first: it is often a lookup that already left hidden elements out.
    if (this.options.skip?.(el)) return null;
    if (this.options.placeholder?.el === el) {
      this.flush();
      this.emit(this.options.placeholder.block);
      return null;
    }
    const isHidden = this.options.isHidden;
    if (name === 'math' || name === 'script') {
      const formula = formulaOf(el);
      if (formula !== null && !isHidden(el)) this.top().children.push(formula);
      return null;
    }
    if (name === 'button' && isHeadingToggle(el, isHidden)) {
      // An accordion's or FAQ's question written as a heading inside its toggle button: the heading is the
      // page's text (its answer is read below it); other buttons stay out. It is read as a line, not a
      // heading: a run of questions without their (closed) answers is a list of questions, not of sections.
      if (isHidden(el)) return null;
      this.flush();
      this.toggles++;
      return Exit.Toggle;
    }
    if (
      (UNREADABLE_TAGS.has(name) && !(name === 'noscript' && this.options.readNoscript?.(el))) ||
      (isHidden(el) && !isFormulaSource(el))
    )
      return null;
    if (name === 'td' && isLineGutter(el)) return null;
    // A tab's label is a box of its own, however its element is written: a row of tabs is not one word.
    if (attribute(el, 'role') === 'tab') this.flush();

    const level = headingLevel(name);
    if (level !== undefined) {
      this.flush();
      if (this.toggles > 0) return Exit.Flush;
      this.textKinds.push({ kind: 'heading', level });
      return Exit.TextKind;
    }
    if (name === 'sup' || name === 'a') {
      const marker = footnoteMarker(el);
      if (marker !== null) {
        this.top().children.push({ type: 'text', text: `[${marker}]` });
        return null;
      }
    }
    switch (name) {
      case 'p':
      case 'dd':
        this.flush();
        this.textKinds.push({ kind: 'paragraph' });
        return Exit.TextKind;
      case 'dt':
        this.flush();
        this.textKinds.push({ kind: 'term' });
        return Exit.TextKind;
      case 'figcaption':
        this.flush();
        this.textKinds.push({ kind: 'caption' });
        return Exit.TextKind;
      case 'br':
        this.words.lineEnds();
        this.top().children.push({ type: 'break' });
        return null;
      case 'hr':
        this.flush();
        this.emit({ type: 'rule' });
        return null;
      case 'pre':
        this.flush();
        this.emit(codeBlock(el));
        return null;
      case 'img':
        this.image(el);
        return null;
      case 'picture':
        return Exit.None;
      case 'a': {
        if (attribute(el, 'href') === undefined || this.inlines.length > MAX_INLINE_DEPTH) return Exit.None;
        if (isMarkLink(el)) return null;
        // A link inside a link is invalid HTML; keep the outer one.
        if (this.inlines.some((f) => f.kind === 'link')) return Exit.None;
        this.inlines.push({ kind: 'link', href: this.resolver.link(attribute(el, 'href')), children: [] });
        return Exit.Inline;
      }
      case 'ul':
      case 'ol': {
        if (this.containers.length > MAX_CONTAINER_DEPTH) {
          this.flush();
          return Exit.Flush;
        }
        this.flush();
        const count = name === 'ol' ? listCount(el) : null;
        this.containers.push({ kind: 'list', el, count, start: count?.next ?? null, items: [] });
        return Exit.List;
      }
      case 'li': {
        this.flush();
        const list = this.currentContainer();
        if (list.kind !== 'list' || this.containers.length > MAX_CONTAINER_DEPTH) return Exit.Flush;
        const number = list.count ? itemNumber(el, list.count) : undefined;
        this.containers.push({ kind: 'blocks', blocks: [], checked: taskBox(el), number });
        return Exit.ListItem;
      }
      case 'blockquote':
        this.flush();
        if (this.containers.length > MAX_CONTAINER_DEPTH) return Exit.Flush;
        this.containers.push({ kind: 'blocks', blocks: [] });
        return Exit.Quote;
      case 'table':
        if (isDataTable(el, this.options.isHidden)) {
          this.flush();
          const read = (part: Element): Block[] => new BlockBuilder(this.resolver, this.options).build(part);
          for (const block of tableBlocks(el, this.options.isHidden, read)) this.emit(block);
          return null;
        }
        this.flush();
        return Exit.Flush;
    }
    const style = styleOf(name);
    if (style && this.inlines.length <= MAX_INLINE_DEPTH) {
      this.inlines.push(openFrame(style, el, this.inlines));
      return Exit.Inline;
    }
    if (CODE_TAGS.has(name)) {
      const text = textContent(el).replace(/\s+/g, ' ');
      if (text.trim() !== '') this.top().children.push({ type: 'code', text });
      return null;
    }
    if (LINE_BREAKING_TAGS.has(name)) {
      this.flush();
      return Exit.Flush;
    }
    return Exit.None;
  }

  private leave(exit: Exit): void {
    switch (exit) {
      case Exit.None:
        return;
      case Exit.Flush:
        this.flush();
        return;
      case Exit.TextKind:
        this.flush();
        this.textKinds.pop();
        return;
      case Exit.Toggle:
        this.flush();
        this.toggles--;
        return;
      case Exit.Inline: {
        const frame = this.inlines.pop()!;
        if (frame.children.length > 0) this.top().children.push(...wrap(frame, frame.children));
        return;
      }
      case Exit.List:
        this.flush();
        this.endList(this.containers.pop() as ListContainer);
        return;
      case Exit.ListItem: {
        this.flush();
        const item = this.containers.pop() as Extract<Container, { kind: 'blocks' }>;
        const list = this.currentContainer();
        if (item.blocks.length > 0 && list.kind === 'list') list.items.push(itemWith(item, item.blocks));
        return;
      }
      case Exit.Quote: {
        this.flush();
        const quote = this.containers.pop() as Extract<Container, { kind: 'blocks' }>;
        if (quote.blocks.length > 0) this.emit({ type: 'quote', children: quote.blocks });
        return;
      }
    }
  }

  private top(): InlineFrame {
    return this.inlines[this.inlines.length - 1]!;
  }

  private currentContainer(): Container {
    return this.containers[this.containers.length - 1]!;
  }

  /** Is there text waiting on the current line (so an image belongs inline)? */
  private inInlineContext(): boolean {
    if (this.inlines.length > 1) return true;
    const kind = this.textKinds[this.textKinds.length - 1]!;
    if (kind.kind === 'heading') return true;
    return this.inlines[0]!.children.some((i) => i.type !== 'text' || i.text.trim() !== '');
  }

  private image(el: Element): void {
    const src = this.resolver.image(imageSource(el));
    if (!src || isSpacer(el, src)) return;
    const alt = (attribute(el, 'alt') ?? '').replace(/\s+/g, ' ').trim();
    if (this.inInlineContext()) {
      this.top().children.push({ type: 'image', src, alt });
      return;
    }
    this.emit({ type: 'image', src, alt, caption: null });
  }

  /** Close the current line of text into a block (if it holds anything real). */
  private flush(): void {
    this.words.lineEnds();
    let acc: Inline[] = [];
    for (let i = this.inlines.length - 1; i >= 1; i--) {
      const frame = this.inlines[i]!;
      const kids: Inline[] = acc.length > 0 ? [...frame.children, ...acc] : frame.children;
      acc = kids.length > 0 ? wrap(frame, kids, true) : [];
      // Inline wrappers stay open across the block boundary (e.g. a link around a card).
      frame.children = [];
    }
    const rootFrame = this.inlines[0]!;
    const children = acc.length > 0 ? [...rootFrame.children, ...acc] : rootFrame.children;
    if (children.length === 0) return;
    rootFrame.children = [];
    // Most lines closed between block elements hold only the markup's indentation.
    if (allBlankText(children)) return;
    const inlines = normalizeInlines(children);
    if (inlines.length === 0) return;
    const kind = this.textKinds[this.textKinds.length - 1]!;
    if (kind.kind === 'heading') {
      this.emit({ type: 'heading', level: kind.level, children: inlines });
    } else if (kind.kind === 'caption') {
      const blocks = this.targetBlocks();
      const last = blocks?.[blocks.length - 1];
      if (last && last.type === 'image' && last.caption === null) last.caption = inlines;
      else this.emit({ type: 'paragraph', children: inlines });
    } else {
      this.emit(
        kind.kind === 'term'
          ? { type: 'paragraph', children: inlines, term: true }
          : { type: 'paragraph', children: inlines },
      );
    }
  }

  /** Blocks array of the current container, if it is a plain block container. */
  private targetBlocks(): Block[] | null {
    const c = this.currentContainer();
    if (c.kind === 'blocks') return c.blocks;
    const lastItem = c.items[c.items.length - 1];
    return lastItem ? lastItem.children : null;
  }

  private emit(block: Block): void {
    if (this.options.origins && this.at) this.options.origins.set(block, this.at);
    const c = this.currentContainer();
    if (c.kind === 'blocks') {
      c.blocks.push(block);
      return;
    }
    // Content directly inside <ul>/<ol> (not in an <li>): a list nested straight in a list
    // belongs to the previous item; anything else becomes an item of its own in a <ul>. A browser
    // numbers only an <ol>'s items: there it reads between the items before and after it.
    const lastItem = c.items[c.items.length - 1];
    if (block.type === 'list' && lastItem) lastItem.children.push(block);
    else if (c.count === null) c.items.push({ children: [block] });
    else {
      this.containers.pop();
      this.endList(c);
      this.emit(block);
      this.containers.push({ ...c, start: c.count.next, items: [] });
    }
  }

  private endList(list: ListContainer): void {
    if (list.items.length === 0) return;
    const block: Block = { type: 'list', ordered: list.count !== null, start: list.start, items: list.items };
    if (this.options.listsInText?.test(list.el)) this.options.listsInText.into.add(block);
    this.emit(block);
    this.options.origins?.set(block, list.el);
  }
}

// One builder kept alive, so that a full collection between pages keeps the compiled code of this
// walk (src/parse/kept-shapes.ts says why).
const shapes = new BlockBuilder(createUrlResolver(SHAPES_DOCUMENT, SHAPES_PAGE_URL), { isHidden: () => false });
keepShapes(shapes, shapes.build(SHAPES_DOCUMENT));
