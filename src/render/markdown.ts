// Markdown format: CommonMark with GFM tables and task lists, and `$` math and `~~` strikethrough
// where the page has formulas or struck text. We build an mdast tree from the blocks and let
// mdast-util-to-markdown serialise and escape it; nothing here writes markdown syntax by hand.
import type {
  AlignType,
  BlockContent,
  Code,
  List,
  ListItem as MdListItem,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableRow,
} from 'mdast';
import { defaultHandlers, toMarkdown, type Handle, type Options } from 'mdast-util-to-markdown';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemToMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmStrikethroughToMarkdown } from 'mdast-util-gfm-strikethrough';
import { mathToMarkdown } from 'mdast-util-math';
import { itemNumbers } from '../extract/block-walk.js';
import type { Block, Inline, TableRow as BlockRow } from '../extract/blocks.js';
import { withAppliedPatterns } from './markdown-patterns.js';
import { hasContent, normalizeInlines } from './normalize-inlines.js';
import { codeText } from './text.js';

declare module 'mdast' {
  interface ListItemData {
    /** The item's number where it is not its list's start plus its place (see NUMBERED_ITEM). */
    number?: number;
  }
}

export interface MarkdownRenderOptions {
  /** Written as "# Title" first when non-empty. */
  title?: string | null;
}

export const OPTIONS: Options = {
  bullet: '-',
  emphasis: '_',
  strong: '*',
  fence: '`',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
  // Always [text](url), never <url> autolinks: the interface promises that link shape.
  resourceLink: true,
  extensions: [gfmTableToMarkdown({ tablePipeAlign: false }), gfmTaskListItemToMarkdown()],
};

/** Formulas as `$...$` inline and `$$` blocks (GitHub's and most renderers' math syntax). */
export const MATH = mathToMarkdown();

/**
 * An item whose number is not the list's start plus its place (a reversed list's, an item's own `value`,
 * and the items after it) is written with its number: the serializer numbers an item by the list's start
 * and the item's place, and is handed a list of this one item that starts at its number. CommonMark
 * renderers number on from the first item; the markdown's own text, which is what an agent reads, says
 * what the page says.
 */
const NUMBERED_ITEM: Handle = (node, parent, state, info) => {
  const n = (node as MdListItem).data?.number;
  const own =
    n === undefined || parent?.type !== 'list' ? parent : { ...parent, start: n, children: [node as MdListItem] };
  return defaultHandlers.listItem(node as MdListItem, own, state, info);
};

/** Handlers of ours, over the serializer's and its extensions'. */
export const HANDLERS = { listItem: NUMBERED_ITEM } as const;

/** The serializer's own options plus the root handler that hands it its patterns in list form. */
const SERIALIZE: Options = {
  ...OPTIONS,
  handlers: { ...HANDLERS, root: withAppliedPatterns(defaultHandlers.root as Handle) },
};
/** GFM's `~~struck~~` text. */
const STRIKETHROUGH = gfmStrikethroughToMarkdown();
const MATH_BIT = 1;
const STRIKE_BIT = 2;
/**
 * The serializer for what the content holds, indexed by MATH_BIT and STRIKE_BIT. Math's syntax also
 * escapes every `$` of the text ("\\$40"), so that no price reads as a formula, and strikethrough's
 * every `~` ("\\~5 minutes"): only a page with formulas or struck text needs that; elsewhere a `$`
 * or a `~` is left as the page prints it.
 */
const SERIALIZERS: Options[] = [0, 1, 2, 3].map((bits) => ({
  ...SERIALIZE,
  extensions: [
    ...(OPTIONS.extensions ?? []),
    ...(bits & MATH_BIT ? [MATH] : []),
    ...(bits & STRIKE_BIT ? [STRIKETHROUGH] : []),
  ],
}));

export function renderMarkdown(blocks: Block[], options: MarkdownRenderOptions = {}): string {
  const children: RootContent[] = [];
  const title = options.title?.replace(/\s+/g, ' ').trim();
  if (title) children.push({ type: 'heading', depth: 1, children: [{ type: 'text', value: title }] });
  for (const b of blocks) children.push(...toMdast(b));
  return serialize(children);
}

/** `handlers` may wrap node handlers (truncation reads where each node starts; see render/layout.ts). */
export function serialize(children: RootContent[], handlers?: Options['handlers']): string {
  if (children.length === 0) return '';
  const root: Root = { type: 'root', children };
  const base = SERIALIZERS[syntaxNeeded(children)]!;
  const options = handlers ? { ...base, handlers: { ...base.handlers, ...handlers } } : base;
  return toMarkdown(root, options).replace(/(?<!\n)\n+$/, '');
}

/** mdast nodes of one block (none when the block is empty). */
export function toMdast(block: Block): BlockContent[] {
  switch (block.type) {
    case 'heading': {
      const children = phrasing(block.children, false);
      return children.length ? [{ type: 'heading', depth: block.level, children }] : [];
    }
    case 'paragraph': {
      const inlines = normalizeInlines(block.children);
      // A formula set apart on its own line is a math block.
      const only = inlines.length === 1 ? inlines[0]! : null;
      if (only?.type === 'math' && only.display) return [{ type: 'math', value: only.tex }];
      // Markdown has no definition list: a term is written in bold, as READMEs write one, so that it
      // reads apart from the definition under it.
      const children = convert(block.term ? [{ type: 'strong', children: inlines }] : inlines, true);
      return children.length ? [{ type: 'paragraph', children }] : [];
    }
    case 'list': {
      const items: MdListItem[] = [];
      const numbers = itemNumbers(block);
      let start: number | null = null;
      for (const [i, item] of block.items.entries()) {
        const children = item.children.flatMap(toMdast);
        if (!children.length) continue;
        const md: MdListItem = { type: 'listItem', spread: false, checked: item.checked ?? null, children };
        const n = numbers[i]!;
        start ??= n;
        if (block.ordered && n !== start + items.length) md.data = { number: n };
        items.push(md);
      }
      if (!items.length) return [];
      const list: List = { type: 'list', ordered: block.ordered, spread: false, children: items };
      if (block.ordered) list.start = start ?? 1;
      return [list];
    }
    case 'quote': {
      const children = block.children.flatMap(toMdast);
      return children.length ? [{ type: 'blockquote', children }] : [];
    }
    case 'table': {
      const t = table(block.rows);
      return t ? [t] : [];
    }
    case 'code': {
      const value = codeText(block.text);
      if (value === '') return [];
      const code: Code = { type: 'code', lang: block.language || null, value };
      return [code];
    }
    case 'image': {
      const out: BlockContent[] = [
        {
          type: 'paragraph',
          children: [{ type: 'image', url: block.src, alt: block.alt.replace(/\s+/g, ' ').trim() }],
        },
      ];
      const caption = block.caption ? phrasing(block.caption, true) : [];
      if (caption.length) out.push({ type: 'paragraph', children: caption });
      return out;
    }
    case 'rule':
      return [{ type: 'thematicBreak' }];
  }
}

/** Rows of a GFM table; the first row is the header row GFM requires. */
export function table(rows: BlockRow[]): Table | null {
  const mdRows: TableRow[] = [];
  let width = 0;
  for (const row of rows) {
    const cells = row.cells.map((c) => ({ type: 'tableCell' as const, children: phrasing(c.children, false) }));
    if (!cells.some((c) => c.children.length)) continue;
    width = Math.max(width, cells.length);
    mdRows.push({ type: 'tableRow', children: cells });
  }
  if (!mdRows.length) return null;
  // Ragged rows are padded so every row has the header's column count: GFM drops a row's cells past
  // the header's. The other rows only when that adds at most as many cells as the table has (GFM
  // reads a short row's missing cells as empty): one long row over many one-cell rows would
  // otherwise make rows x width cells of a few hundred bytes of page.
  let cells = 0;
  for (const r of mdRows) cells += r.children.length;
  const padded = mdRows.length * width - cells <= cells ? mdRows : mdRows.slice(0, 1);
  for (const r of padded) while (r.children.length < width) r.children.push({ type: 'tableCell', children: [] });
  return { type: 'table', align: columnAligns(rows, width), children: mdRows };
}

/**
 * Each column's alignment: the one every body cell with text in it declares (a column of figures set
 * right), else its header's; null where they say none or differ. Null for the whole table when no column
 * has one.
 */
function columnAligns(rows: BlockRow[], width: number): AlignType[] | null {
  const aligns: AlignType[] = [];
  for (let col = 0; col < width; col++) {
    let body: AlignType | undefined;
    let header: AlignType | undefined;
    for (const row of rows) {
      const cell = row.cells[col];
      if (!cell || cell.children.length === 0) continue;
      if (cell.header) header ??= cell.align ?? null;
      else body = body === undefined || body === (cell.align ?? null) ? (cell.align ?? null) : null;
    }
    aligns.push(body ?? header ?? null);
  }
  return aligns.some((a) => a !== null) ? aligns : null;
}

function phrasing(inlines: Inline[], breaks: boolean): PhrasingContent[] {
  return convert(normalizeInlines(inlines), breaks);
}

interface Within {
  emphasis: boolean;
  strong: boolean;
  delete: boolean;
}

function convert(
  nodes: Inline[],
  breaks: boolean,
  within: Within = { emphasis: false, strong: false, delete: false },
): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const n of nodes) {
    switch (n.type) {
      case 'text':
        out.push({ type: 'text', value: n.text });
        break;
      case 'code':
        out.push({ type: 'inlineCode', value: n.text });
        break;
      case 'math':
        out.push({ type: 'inlineMath', value: n.tex });
        break;
      case 'image':
        out.push({ type: 'image', url: n.src, alt: n.alt });
        break;
      case 'break':
        // Headings and table cells cannot hold a hard break in markdown.
        out.push(breaks ? { type: 'break' } : { type: 'text', value: ' ' });
        break;
      // Emphasis inside emphasis (<cite><i>..</i></cite>) says nothing more, and the same
      // marker nested in itself would read as two separate runs: flatten it.
      case 'emphasis':
        if (within.emphasis) out.push(...convert(n.children, breaks, within));
        else out.push({ type: 'emphasis', children: convert(n.children, breaks, { ...within, emphasis: true }) });
        break;
      case 'strong':
        if (within.strong) out.push(...convert(n.children, breaks, within));
        else out.push({ type: 'strong', children: convert(n.children, breaks, { ...within, strong: true }) });
        break;
      case 'delete':
        if (within.delete) out.push(...convert(n.children, breaks, within));
        else out.push({ type: 'delete', children: convert(n.children, breaks, { ...within, delete: true }) });
        break;
      case 'link':
        if (n.href === null || !hasContent(n.children)) out.push(...convert(n.children, breaks, within));
        else out.push({ type: 'link', url: n.href, children: convert(n.children, breaks, within) });
        break;
    }
  }
  return out;
}

/** MATH_BIT when the nodes hold a formula, STRIKE_BIT when they hold struck text (a walk of the
 *  tree, which is small beside its text). */
function syntaxNeeded(nodes: RootContent[]): number {
  let bits = 0;
  const stack = [...nodes];
  while (stack.length > 0 && bits !== (MATH_BIT | STRIKE_BIT)) {
    const node = stack.pop()!;
    if (node.type === 'inlineMath' || node.type === 'math') bits |= MATH_BIT;
    else if (node.type === 'delete') bits |= STRIKE_BIT;
    else if ('children' in node) stack.push(...(node.children as RootContent[]));
  }
  return bits;
}
