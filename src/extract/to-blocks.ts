// DOM subtree -> Block[] (src/extract/blocks.ts). One iterative walk with explicit stacks:
// the DOM can be as deep as the parser allows, and nothing here recurses on it. The block
// model itself is kept shallow (inline wrappers and nested containers are capped), so that
// renderers may recurse on blocks safely.
import type { ChildNode, Element, ParentNode } from 'domhandler';
import type { Block, HeadingLevel, Inline, ListItem, TableCell, TableRow } from './blocks.js';
import { isElement, textContent, visitElements } from './dom/walk.js';
import type { HiddenTest } from './dom/visibility.js';
import { isHeadingToggle } from './dom/heading-toggle.js';
import type { UrlResolver } from './dom/url-resolver.js';
import { attribute } from '../parse/nodes.js';

export interface ToBlocksOptions {
  /** The page's hidden test (dom/visibility.ts): hidden elements are always left out. */
  isHidden: HiddenTest;
  /** Paragraphs read from a definition list's term (`<dt>`) are added here: the block model has
   *  no term, but the content profile's link-line pass asks (block-prune.ts). */
  terms?: WeakSet<Block>;
  /** Return true to leave an element and its subtree out. */
  skip?: (el: Element) => boolean;
  /** Return true to read a <noscript> (a page's no-script copy of its text); otherwise skipped. */
  readNoscript?: (el: Element) => boolean;
  /** This element is left out, and this block (compared by identity) stands where it was, so
   *  the caller can put the element's own conversion there after judging the rest. */
  placeholder?: { el: Element; block: Block };
}

/** Elements whose content is never readable text. */
const SKIP_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'title',
  'meta',
  'link',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'canvas',
  'video',
  'audio',
  'source',
  'track',
  'select',
  'option',
  'optgroup',
  'button',
  'input',
  'textarea',
  'datalist',
  'map',
  'area',
  'param',
  'dialog',
  // Ruby annotations (furigana) repeat the reading of the base text beside it.
  'rt',
  'rp',
]);

/** Elements that end the current line of text (a paragraph boundary). */
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'body',
  'center',
  'details',
  'div',
  'dl',
  'fieldset',
  'footer',
  'form',
  'header',
  'hgroup',
  'html',
  'legend',
  'main',
  'nav',
  'section',
  'summary',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'menu',
  'noframes',
  'figure',
  'output',
  'dir',
  'listing',
  'plaintext',
  'xmp',
  'search',
]);

const HEADINGS: Record<string, HeadingLevel> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
/** Names the HEADINGS record answers through its prototype (an XML page's <toString>). */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** HEADINGS[name], without a keyed look-up of every tag name in the record: h1-h6 by their
 *  characters, and any name the record would find on its prototype as the record finds it. */
function headingLevel(name: string): HeadingLevel | undefined {
  if (name.length === 2) {
    if (name.charCodeAt(0) !== 104) return undefined;
    const digit = name.charCodeAt(1) - 48;
    return digit >= 1 && digit <= 6 ? (digit as HeadingLevel) : undefined;
  }
  return PROTOTYPE_KEYS.has(name) ? HEADINGS[name] : undefined;
}
const EMPHASIS_TAGS = new Set(['em', 'i', 'cite', 'dfn', 'var']);
const STRONG_TAGS = new Set(['strong', 'b']);
const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'tt']);
const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang)-([A-Za-z0-9_+#.-]+)/;

/** Deeper inline wrappers are flattened (their text kept), keeping renderers' recursion shallow. */
const MAX_INLINE_DEPTH = 24;
/** Deeper lists/quotes are flattened into their parent container. */
const MAX_CONTAINER_DEPTH = 12;

type InlineFrame =
  | { kind: 'root'; children: Inline[] }
  | { kind: 'link'; href: string | null; children: Inline[] }
  | { kind: 'emphasis' | 'strong'; children: Inline[] };

type Container =
  { kind: 'blocks'; blocks: Block[] } | { kind: 'list'; ordered: boolean; start: number | null; items: ListItem[] };

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
        this.leave(pending);
        continue;
      }
      if (node.type === 'text') {
        const top = this.top();
        // HTML whitespace at the start of a line collapses away (normalizeInlines), so the
        // markup's indentation between blocks (most text nodes of a page) is not kept: no
        // inline for it, and the line it would open stays empty for flush.
        if (top.children.length === 0 && this.inlines.length === 1 && isHtmlSpace(node.data)) continue;
        top.children.push({ type: 'text', text: node.data });
        continue;
      }
      if (!isElement(node)) continue;
      const exit = this.enter(node);
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
    if (name === 'button' && isHeadingToggle(el, isHidden)) {
      // An accordion's or FAQ's question written as a heading inside its toggle button: the
      // heading is the page's text (its answer is read below it); other buttons stay out.
      // It is read as a line, not a heading: a run of questions without their (closed)
      // answers is a list of questions, not a run of empty sections.
      if (isHidden(el)) return null;
      this.flush();
      this.toggles++;
      return Exit.Toggle;
    }
    if ((SKIP_TAGS.has(name) && !(name === 'noscript' && this.options.readNoscript?.(el))) || isHidden(el)) return null;

    const level = headingLevel(name);
    if (level !== undefined) {
      this.flush();
      if (this.toggles > 0) return Exit.Flush;
      this.textKinds.push({ kind: 'heading', level });
      return Exit.TextKind;
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
        // A link inside a link is invalid HTML; keep the outer one.
        if (this.inlines.some((f) => f.kind === 'link')) return Exit.None;
        this.inlines.push({ kind: 'link', href: this.resolver.link(attribute(el, 'href')), children: [] });
        return Exit.Inline;
      }
      case 'ul':
      case 'ol':
        if (this.containers.length > MAX_CONTAINER_DEPTH) {
          this.flush();
          return Exit.Flush;
        }
        this.flush();
        this.containers.push({
          kind: 'list',
          ordered: name === 'ol',
          start: name === 'ol' ? listStart(el) : null,
          items: [],
        });
        return Exit.List;
      case 'li':
        this.flush();
        if (this.currentContainer().kind !== 'list' || this.containers.length > MAX_CONTAINER_DEPTH) return Exit.Flush;
        this.containers.push({ kind: 'blocks', blocks: [] });
        return Exit.ListItem;
      case 'blockquote':
        this.flush();
        if (this.containers.length > MAX_CONTAINER_DEPTH) return Exit.Flush;
        this.containers.push({ kind: 'blocks', blocks: [] });
        return Exit.Quote;
      case 'table':
        if (isDataTable(el, this.options.isHidden)) {
          this.flush();
          this.table(el);
          return null;
        }
        this.flush();
        return Exit.Flush;
    }
    if (EMPHASIS_TAGS.has(name) || STRONG_TAGS.has(name)) {
      if (this.inlines.length > MAX_INLINE_DEPTH) return Exit.None;
      this.inlines.push({ kind: EMPHASIS_TAGS.has(name) ? 'emphasis' : 'strong', children: [] });
      return Exit.Inline;
    }
    if (CODE_TAGS.has(name)) {
      const text = textContent(el).replace(/\s+/g, ' ');
      if (text.trim() !== '') this.top().children.push({ type: 'code', text });
      return null;
    }
    if (BLOCK_TAGS.has(name)) {
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
        if (frame.children.length > 0) this.top().children.push(wrap(frame, frame.children));
        return;
      }
      case Exit.List: {
        this.flush();
        const list = this.containers.pop() as Extract<Container, { kind: 'list' }>;
        if (list.items.length > 0)
          this.emit({ type: 'list', ordered: list.ordered, start: list.start, items: list.items });
        return;
      }
      case Exit.ListItem: {
        this.flush();
        const item = this.containers.pop() as Extract<Container, { kind: 'blocks' }>;
        const list = this.currentContainer();
        if (item.blocks.length > 0 && list.kind === 'list') list.items.push({ children: item.blocks });
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
    if (!src) return;
    const alt = (attribute(el, 'alt') ?? '').replace(/\s+/g, ' ').trim();
    if (this.inInlineContext()) {
      this.top().children.push({ type: 'image', src, alt });
      return;
    }
    this.emit({ type: 'image', src, alt, caption: null });
  }

  /** Close the current line of text into a block (if it holds anything real). */
  private flush(): void {
    let acc: Inline | null = null;
    for (let i = this.inlines.length - 1; i >= 1; i--) {
      const frame = this.inlines[i]!;
      const kids: Inline[] = acc ? [...frame.children, acc] : frame.children;
      acc = kids.length > 0 ? wrap(frame, kids) : null;
      // Inline wrappers stay open across the block boundary (e.g. a link around a card).
      frame.children = [];
    }
    const rootFrame = this.inlines[0]!;
    const children = acc ? [...rootFrame.children, acc] : rootFrame.children;
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
      const block: Block = { type: 'paragraph', children: inlines };
      if (kind.kind === 'term') this.options.terms?.add(block);
      this.emit(block);
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
    const c = this.currentContainer();
    if (c.kind === 'blocks') {
      c.blocks.push(block);
      return;
    }
    // Content directly inside <ul>/<ol> (not in an <li>): a list nested straight in a list
    // belongs to the previous item, anything else becomes an item of its own.
    const lastItem = c.items[c.items.length - 1];
    if (block.type === 'list' && lastItem) lastItem.children.push(block);
    else c.items.push({ children: [block] });
  }

  private table(el: Element): void {
    const rows: TableRow[] = [];
    let caption: Element | null = null;
    for (const row of tableRows(el, this.options.isHidden)) {
      const cells: TableCell[] = [];
      for (const cell of row.cells) {
        const blocks = new BlockBuilder(this.resolver, this.options).build(cell.el);
        cells.push({ header: cell.header, children: flattenToInlines(blocks) });
      }
      if (cells.some((c) => c.children.length > 0)) rows.push({ cells });
    }
    for (const child of el.children) if (isElement(child) && child.name === 'caption') caption = child;
    if (caption) {
      const capBlocks = new BlockBuilder(this.resolver, this.options).build(caption);
      const inlines = flattenToInlines(capBlocks);
      if (inlines.length > 0) this.emit({ type: 'paragraph', children: inlines });
    }
    if (rows.length > 0) this.emit({ type: 'table', rows });
  }
}

/** Only text of HTML whitespace (what normalizeInlines collapses away entirely). */
function allBlankText(inlines: Inline[]): boolean {
  for (const n of inlines) if (n.type !== 'text' || !isHtmlSpace(n.text)) return false;
  return true;
}

/** Only HTML whitespace (space, tab, line feed, carriage return, form feed), or nothing. */
function isHtmlSpace(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13 && c !== 12) return false;
  }
  return true;
}

function wrap(frame: InlineFrame, children: Inline[]): Inline {
  switch (frame.kind) {
    case 'link':
      return { type: 'link', href: frame.href, children };
    case 'emphasis':
      return { type: 'emphasis', children };
    case 'strong':
      return { type: 'strong', children };
    case 'root':
      throw new Error('root frame is never wrapped');
  }
}

function listStart(el: Element): number | null {
  const s = attribute(el, 'start');
  if (s === undefined) return null;
  const n = Number.parseInt(s, 10);
  return Number.isFinite(n) ? n : null;
}

function imageSource(el: Element): string | undefined {
  // Read with attribute(), not el.attribs: that would build the element's attribute object
  // (see parse/nodes.ts) for each image, and the values are the same (the parser keeps the
  // first of a repeated attribute, as the object does).
  // Lazy-loading pages keep the real address in data-* and a placeholder (often data:) in src.
  const lazy = attribute(el, 'data-src') ?? attribute(el, 'data-lazy-src') ?? attribute(el, 'data-original');
  const src = attribute(el, 'src');
  if (lazy && (!src || src.startsWith('data:'))) return lazy;
  if (src) return src;
  const srcset = attribute(el, 'srcset') ?? attribute(el, 'data-srcset');
  if (srcset) return srcset.trim().split(/\s+/)[0];
  return lazy;
}

function codeBlock(pre: Element): Block {
  let language: string | null = null;
  const fromClass = (el: Element): void => {
    if (language) return;
    const m = LANGUAGE_CLASS.exec(attribute(el, 'class') ?? '');
    if (m) language = m[1]!.toLowerCase();
    else language = (attribute(el, 'data-lang') || attribute(el, 'data-language') || '').toLowerCase() || null;
  };
  fromClass(pre);
  let text = '';
  const stack: ChildNode[] = [];
  for (let i = pre.children.length - 1; i >= 0; i--) stack.push(pre.children[i]!);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'text') text += n.data;
    else if (isElement(n)) {
      if (n.name === 'br') {
        text += '\n';
        continue;
      }
      if (SKIP_TAGS.has(n.name)) continue;
      if (n.name === 'code') fromClass(n);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
    }
  }
  // HTML drops one newline right after <pre>; trailing blank lines are layout, not code.
  text = text.replace(/^\r?\n/, '').replace(/\s+$/, '');
  return { type: 'code', language, text };
}

interface RowCells {
  cells: Array<{ el: Element; header: boolean }>;
}

/** The rows of a table (through thead/tbody/tfoot), not those of nested tables. */
function tableRows(table: Element, isHidden: HiddenTest): RowCells[] {
  const rows: RowCells[] = [];
  const stack: Array<{ el: Element; inHead: boolean }> = [];
  for (let i = table.children.length - 1; i >= 0; i--) {
    const c = table.children[i]!;
    if (isElement(c)) stack.push({ el: c, inHead: false });
  }
  while (stack.length > 0) {
    const { el, inHead } = stack.pop()!;
    if (el.name === 'tr') {
      const cells: RowCells['cells'] = [];
      for (const c of el.children) {
        if (!isElement(c) || isHidden(c)) continue;
        if (c.name === 'td' || c.name === 'th') cells.push({ el: c, header: c.name === 'th' || inHead });
      }
      rows.push({ cells });
    } else if (el.name === 'thead' || el.name === 'tbody' || el.name === 'tfoot') {
      for (let i = el.children.length - 1; i >= 0; i--) {
        const c = el.children[i]!;
        if (isElement(c)) stack.push({ el: c, inHead: el.name === 'thead' });
      }
    }
  }
  return rows;
}

/** A cell holding more text than this is a layout column, not data. */
const LONG_CELL_CHARS = 600;

/**
 * Data table or layout table? Layout tables (old sites put whole pages in them) are read as
 * ordinary containers; data tables keep rows and header cells.
 */
export function isDataTable(table: Element, isHidden: HiddenTest): boolean {
  const role = attribute(table, 'role');
  if (role === 'presentation' || role === 'none') return false;
  let nested = false;
  let headers = false;
  let blockish = 0;
  visitElements(table, (el) => {
    if (el.name === 'table') nested = true;
    else if (el.name === 'th' || el.name === 'thead' || el.name === 'caption') headers = true;
    else if (
      el.name === 'p' ||
      el.name === 'div' ||
      el.name === 'ul' ||
      el.name === 'ol' ||
      headingLevel(el.name) !== undefined
    )
      blockish++;
    return !nested;
  });
  if (nested) return false;
  const rows = tableRows(table, isHidden);
  let maxCols = 0;
  let longCell = false;
  for (const r of rows) {
    maxCols = Math.max(maxCols, r.cells.length);
    // Read up to the limit only: a long cell's whole text is not needed to know it is long.
    for (const c of r.cells)
      if (!longCell && textContent(c.el, LONG_CELL_CHARS).length > LONG_CELL_CHARS) longCell = true;
  }
  if (rows.length === 0) return false;
  if (longCell) return false;
  if (headers) return true;
  if (maxCols < 2 || rows.length < 2) return false;
  return blockish <= rows.length;
}

/** Flatten blocks (a table cell, a caption) into one inline run, blocks separated by breaks. */
export function flattenToInlines(blocks: Block[]): Inline[] {
  const out: Inline[] = [];
  const stack: Block[] = [];
  for (let i = blocks.length - 1; i >= 0; i--) stack.push(blocks[i]!);
  const sep = (): void => {
    if (out.length > 0 && out[out.length - 1]!.type !== 'break') out.push({ type: 'break' });
  };
  while (stack.length > 0) {
    const b = stack.pop()!;
    switch (b.type) {
      case 'heading':
      case 'paragraph':
        sep();
        out.push(...b.children);
        break;
      case 'code':
        sep();
        out.push({ type: 'code', text: b.text.replace(/\s+/g, ' ') });
        break;
      case 'image':
        sep();
        out.push({ type: 'image', src: b.src, alt: b.alt });
        break;
      case 'quote':
        for (let i = b.children.length - 1; i >= 0; i--) stack.push(b.children[i]!);
        break;
      case 'list':
        for (let i = b.items.length - 1; i >= 0; i--) {
          const item = b.items[i]!;
          for (let j = item.children.length - 1; j >= 0; j--) stack.push(item.children[j]!);
        }
        break;
      case 'table':
        for (const row of b.rows) {
          sep();
          for (const cell of row.cells) out.push({ type: 'text', text: ' ' }, ...cell.children);
        }
        break;
      case 'rule':
        break;
    }
  }
  return normalizeInlines(out);
}

/**
 * Collapse whitespace the way a browser renders it: runs become one space, spaces are not
 * doubled across element boundaries, the line is trimmed at both ends and around breaks,
 * and empty wrappers disappear. Recursion is bounded by MAX_INLINE_DEPTH.
 */
export function normalizeInlines(inlines: Inline[]): Inline[] {
  const state = { lastSpace: true };
  const collapsed = collapse(inlines, state);
  trimEdges(collapsed);
  return prune(collapsed);
}

/** Something collapsing would change: a whitespace character other than a space, or two spaces. */
const HTML_SPACE_TO_COLLAPSE = /[\t\n\r\f]| {2}/;
/** Text may be in a decomposed or composition-excluded form: read as NFC. Characters below
 *  U+0300 are NFC in any sequence (none is a combining mark or composes with another), so
 *  only text with a character from U+0300 on needs normalize(): Latin-1 text (a no-break
 *  space, an accented letter) is returned as it is, as normalize() would return it. */
const MAY_NEED_NFC = /[^\u0000-\u02ff]/;

/** Where either of them matches (their union). */
const COLLAPSE_OR_NORMALIZE = new RegExp(`(?:${HTML_SPACE_TO_COLLAPSE.source})|(?:${MAY_NEED_NFC.source})`);

/** HTML whitespace runs as one space and the text in NFC, so that what reads the same is the
 *  same string. Prose has a match at every space, and most texts are already collapsed: those
 *  are returned as they are, without rebuilding them. */
function collapseHtmlSpace(t: string): string {
  // One test for both, first: most texts need neither.
  if (!COLLAPSE_OR_NORMALIZE.test(t)) return t;
  if (HTML_SPACE_TO_COLLAPSE.test(t)) t = t.replace(/[\t\n\r\f ]+/g, ' ');
  return MAY_NEED_NFC.test(t) ? t.normalize('NFC') : t;
}

function collapse(inlines: Inline[], state: { lastSpace: boolean }): Inline[] {
  const out: Inline[] = [];
  for (const node of inlines) {
    switch (node.type) {
      case 'text': {
        let t = collapseHtmlSpace(node.text);
        if (state.lastSpace && t.startsWith(' ')) t = t.slice(1);
        if (t === '') break;
        state.lastSpace = t.endsWith(' ');
        const prev = out[out.length - 1];
        if (prev && prev.type === 'text') prev.text += t;
        else out.push({ type: 'text', text: t });
        break;
      }
      case 'break': {
        // No space at the end of a line or at the start of the next one.
        const prev = out[out.length - 1];
        if (prev && prev.type === 'text') prev.text = trimEndSpaces(prev.text);
        out.push(node);
        state.lastSpace = true;
        break;
      }
      case 'code':
        if (node.text.trim() === '') break;
        out.push({ type: 'code', text: node.text.trim() });
        state.lastSpace = false;
        break;
      case 'image':
        out.push(node);
        state.lastSpace = false;
        break;
      case 'link':
      case 'emphasis':
      case 'strong': {
        const children = collapse(node.children, state);
        if (children.length > 0) out.push(withChildren(node, children));
        break;
      }
    }
  }
  return out;
}

type Wrapper = Extract<Inline, { children: Inline[] }>;

/** A copy of a wrapper with other children, as { ...node, children } gives it (same keys, in
 *  the same order), built as a literal: the spread's generic property copy cost more. */
function withChildren(node: Wrapper, children: Inline[]): Wrapper {
  switch (node.type) {
    case 'link':
      return { type: 'link', href: node.href, children };
    case 'emphasis':
      return { type: 'emphasis', children };
    case 'strong':
      return { type: 'strong', children };
  }
}

/** Trim the leading space of the first text leaf and the trailing one of the last. */
function trimEdges(inlines: Inline[]): void {
  let list: Inline[] | null = inlines;
  while (list && list.length > 0) {
    const first: Inline = list[0]!;
    if (first.type === 'text') {
      first.text = trimStartSpaces(first.text);
      break;
    }
    list = 'children' in first ? first.children : null;
  }
  list = inlines;
  while (list && list.length > 0) {
    const last: Inline = list[list.length - 1]!;
    if (last.type === 'text') {
      last.text = trimEndSpaces(last.text);
      break;
    }
    list = 'children' in last ? last.children : null;
  }
}

/** The string without its trailing spaces (U+0020 only), as replace(/ +$/, '') would give it
 *  without a regular expression's scan of the whole line. */
function trimEndSpaces(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 32) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** The string without its leading spaces (U+0020 only), as replace(/^ +/, ''). */
function trimStartSpaces(s: string): string {
  let start = 0;
  while (start < s.length && s.charCodeAt(start) === 32) start++;
  return start === 0 ? s : s.slice(start);
}

/** The inlines without empty texts and wrappers. Most lines have none (collapse never makes
 *  them; only trimEdges can empty an edge text): the input array, and each wrapper whose
 *  children lose nothing, is returned as it is rather than copied. Everything here is
 *  collapse's own fresh output, so sharing it cannot alias a caller's inlines. */
function prune(inlines: Inline[]): Inline[] {
  let out: Inline[] | null = null;
  let breaks = false;
  for (let i = 0; i < inlines.length; i++) {
    const node = inlines[i]!;
    let kept: Inline | null = node;
    if (node.type === 'text') {
      if (node.text === '') kept = null;
    } else if (node.type === 'link' || node.type === 'emphasis' || node.type === 'strong') {
      const children = prune(node.children);
      if (children.length === 0) kept = null;
      else if (children !== node.children) kept = withChildren(node, children);
    } else if (node.type === 'break') breaks = true;
    if (out === null && kept !== node) out = inlines.slice(0, i);
    if (out !== null && kept !== null) out.push(kept);
  }
  const list = out ?? inlines;
  // Breaks at the ends of a line, or doubled, carry nothing (most lines have none, and are
  // kept as they are).
  if (!breaks) return list.some(hasSubstance) ? list : [];
  let start = 0;
  let end = list.length;
  while (start < end && list[start]!.type === 'break') start++;
  while (end > start && list[end - 1]!.type === 'break') end--;
  const deduped: Inline[] = [];
  for (let i = start; i < end; i++) {
    const node = list[i]!;
    if (node.type === 'break' && deduped[deduped.length - 1]?.type === 'break') continue;
    deduped.push(node);
  }
  return deduped.some(hasSubstance) ? deduped : [];
}

function hasSubstance(node: Inline): boolean {
  switch (node.type) {
    case 'text':
      return node.text.trim() !== '';
    case 'code':
    case 'image':
      return true;
    case 'break':
      return false;
    default:
      return node.children.some(hasSubstance);
  }
}

/** Characters of readable text in blocks (no addresses), for comparing extractions. */
export function blocksTextLength(blocks: Block[]): number {
  let n = 0;
  const blockStack: Block[] = [...blocks];
  const inlineStack: Inline[] = [];
  while (blockStack.length > 0) {
    const b = blockStack.pop()!;
    switch (b.type) {
      case 'heading':
      case 'paragraph':
        inlineStack.push(...b.children);
        break;
      case 'image':
        if (b.caption) inlineStack.push(...b.caption);
        break;
      case 'code':
        n += b.text.length;
        break;
      case 'quote':
        blockStack.push(...b.children);
        break;
      case 'list':
        for (const item of b.items) blockStack.push(...item.children);
        break;
      case 'table':
        for (const row of b.rows) for (const cell of row.cells) inlineStack.push(...cell.children);
        break;
      case 'rule':
        break;
    }
    while (inlineStack.length > 0) {
      const i = inlineStack.pop()!;
      if (i.type === 'text' || i.type === 'code') n += i.text.length;
      else if (i.type === 'link' || i.type === 'emphasis' || i.type === 'strong') inlineStack.push(...i.children);
    }
  }
  return n;
}

/** Plain text of inlines (no addresses), for measures and titles. */
export function inlineText(inlines: Inline[], stopAfter = Infinity): string {
  let out = '';
  const stack: Inline[] = [];
  for (let i = inlines.length - 1; i >= 0; i--) stack.push(inlines[i]!);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'text' || n.type === 'code') {
      out += n.text;
      // Callers that only judge short lines need no more than this.
      if (out.length > stopAfter) return out;
    } else if (n.type === 'break') out += ' ';
    else if (n.type === 'image') continue;
    else for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}
