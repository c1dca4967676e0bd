// The rendered content as a sequence of pieces that a part may end between: lines in text (a
// code block is one piece), and in markdown the top-level blocks, the items of a list, the rows
// of a table and the children of a quote. A part of the content is a substring of the whole
// content, from its start to a piece boundary, so the parts of a page concatenate to exactly
// the whole; every piece after the first begins with the separator that precedes it ("\n" in
// text, "\n\n" between markdown blocks, "\n" between items and rows, "\n>\n" inside a quote), so
// the first part is the same text a max_chars cut always gave.
import type { BlockContent, RootContent } from 'mdast';
import type { Handle, Info, Options } from 'mdast-util-to-markdown';
import { defaultHandlers } from 'mdast-util-to-markdown';
import type { Block } from '../extract/blocks.js';
import { HANDLERS, MATH, OPTIONS, serialize, toMdast } from './markdown.js';
import { renderText, textUnits } from './text.js';
import { splitPiece } from './split-piece.js';
import { countWords } from './word-count.js';

export interface Layout {
  /** The content, or a prefix of it (`complete` false) that holds at least what was asked for. */
  text: string;
  /** Where each piece begins (its separator included); starts[0] is 0. */
  starts: number[];
  /** End of the last piece: text.slice(0, end) is exactly the start of the whole content. */
  end: number;
  /** True when `end` is the end of the whole content. */
  complete: boolean;
  /** Words of piece i as word_count counts them (links as their text). */
  words(i: number): number;
}

export const EMPTY_LAYOUT: Layout = { text: '', starts: [], end: 0, complete: true, words: () => 0 };

/** Text format: one piece per line unit; the whole content is renderText's. */
export function textLayout(blocks: Block[], title: string | null): Layout {
  const units: string[] = [];
  const plain: string[] = [];
  if (title) {
    units.push(title);
    plain.push(title);
  }
  for (const b of blocks) {
    const u = textUnits(b);
    const p = textUnits(b, true);
    units.push(...u);
    // The plain rendering has the same units; should it not, the line's own words are counted.
    plain.push(...(p.length === u.length ? p : u));
  }
  return unitLayout(units, plain);
}

/** Lines of a text/plain body (already normalised) as pieces. */
export function linesLayout(text: string): Layout {
  if (text === '') return EMPTY_LAYOUT;
  const lines = text.split('\n');
  return unitLayout(lines, lines);
}

function unitLayout(units: string[], plain: string[]): Layout {
  if (units.length === 0) return EMPTY_LAYOUT;
  const starts: number[] = [];
  let at = 0;
  units.forEach((u, i) => {
    starts.push(i === 0 ? 0 : at);
    at += (i === 0 ? 0 : 1) + u.length;
  });
  const text = units.join('\n');
  return { text, starts, end: text.length, complete: true, words: (i) => countWords(plain[i] ?? '') };
}

/** What one markdown piece is, until its line is known. */
interface MdPiece {
  /** The mdast node whose first line is the piece's first line. */
  node: RootContent;
  /** Lines after the node's first line (a table row: its index, plus the delimiter row). */
  lineOffset: number;
  separator: string;
  /** Its blocks, for word counting. */
  blocks: Block[] | null;
  title?: string;
}

const FLOW_TYPES = ['heading', 'paragraph', 'list', 'listItem', 'blockquote', 'code', 'thematicBreak'] as const;

/**
 * Markdown format: the content as renderMarkdown gives it, rendered only as far as needed to
 * hold `need` characters (blocks render one after another, so a prefix of the blocks renders
 * to a prefix of the whole); piece positions are read from the serializer's own line tracking.
 */
export function markdownLayout(blocks: Block[], title: string | null, need: number): Layout {
  // Plain text is never longer than markdown: its length tells how many blocks to render.
  let take = 0;
  let plainLength = title ? title.length : 0;
  while (take < blocks.length && plainLength <= need) plainLength += renderText([blocks[take++]!]).length + 2;
  for (;;) {
    // One block more than needed, so the pieces kept end where the whole content has them.
    const upTo = Math.min(blocks.length, take + 1);
    const layout = renderPrefix(blocks, upTo, title);
    if (layout.complete || layout.end >= need) return layout;
    take = Math.max(take * 2, take + 8);
  }
}

function renderPrefix(blocks: Block[], upTo: number, title: string | null): Layout {
  const children: RootContent[] = [];
  const pieces: MdPiece[] = [];
  /** Index in `pieces` where the last rendered block's pieces begin. */
  let lastBlockPiece = 0;
  if (title) {
    const heading: RootContent = { type: 'heading', depth: 1, children: [{ type: 'text', value: title }] };
    children.push(heading);
    pieces.push({ node: heading, lineOffset: 0, separator: '', blocks: null, title });
  }
  for (let i = 0; i < upTo; i++) {
    const block = blocks[i]!;
    const nodes = toMdast(block);
    if (nodes.length === 0) continue;
    lastBlockPiece = pieces.length;
    children.push(...nodes);
    pieces.push(...blockPieces(block, nodes, pieces.length === 0 ? '' : '\n\n'));
  }
  if (children.length === 0) return EMPTY_LAYOUT;

  const lines = new Map<RootContent, number>();
  const wanted = new Set(pieces.map((p) => p.node));
  const record =
    (handle: Handle): Handle =>
    (node, parent, state, info: Info) => {
      if (wanted.has(node as RootContent)) lines.set(node as RootContent, info.now.line);
      return handle(node, parent, state, info);
    };
  const handlers: Options['handlers'] = {};
  // Ours where we have one (a list item's own number), else an extension's (GFM's tables, and
  // paragraphs: a task item's box).
  const extended = (type: (typeof FLOW_TYPES)[number] | 'table'): Handle | undefined =>
    OPTIONS.extensions?.map((e) => e.handlers?.[type]).find((h) => h !== undefined);
  const own: Partial<Record<string, Handle>> = HANDLERS;
  for (const type of FLOW_TYPES)
    handlers[type] = record(own[type] ?? extended(type) ?? (defaultHandlers[type] as Handle));
  const table = extended('table');
  if (table) handlers.table = record(table);
  const math = MATH.handlers?.math;
  if (math) handlers.math = record(math);
  const text = serialize(children, handlers);

  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const starts: number[] = [];
  const kept: MdPiece[] = [];
  for (const p of pieces) {
    const line = lines.get(p.node);
    if (line === undefined) continue;
    const at = lineStarts[line - 1 + p.lineOffset];
    if (at === undefined) continue;
    // The piece begins with its separator when the text has it there; else with the line breaks
    // before it (a loose list puts a blank line between items), so no part ends in a newline.
    let begin = at;
    if (p.separator !== '' && text.slice(at - p.separator.length, at) === p.separator) begin -= p.separator.length;
    while (begin > 0 && text[begin - 1] === '\n') begin--;
    if (starts.length > 0 && begin <= starts[starts.length - 1]!) continue;
    starts.push(starts.length === 0 ? 0 : begin);
    kept.push(p);
  }
  const complete = upTo === blocks.length;
  let end = text.length;
  if (!complete) {
    // The last block rendered only marks where the one before it ends in the whole content.
    const firstOfLast = kept.indexOf(pieces[lastBlockPiece]!);
    if (firstOfLast > 0) {
      end = starts[firstOfLast]!;
      starts.length = firstOfLast;
      kept.length = firstOfLast;
    }
  }
  const words = (i: number): number => {
    const p = kept[i];
    if (!p) return 0;
    return p.title !== undefined ? countWords(p.title) : countWords(renderText(p.blocks ?? [], { plain: true }));
  };
  return { text, starts, end, complete, words };
}

/**
 * The pieces of one top-level block: the block itself, or, for a list, table or quote of more
 * than one part, one piece per item, row or child (the first starting where the block does).
 */
function blockPieces(block: Block, nodes: BlockContent[], separator: string): MdPiece[] {
  const whole: MdPiece = { node: nodes[0]!, lineOffset: 0, separator, blocks: [block] };
  const parts = splitPiece({ block, origin: 0 })?.map((p) => p.block);
  const node = nodes[0]!;
  if (!parts || nodes.length !== 1) return [whole];
  const out: MdPiece[] = [];
  if (block.type === 'list' && node.type === 'list') {
    // mdast drops empty items: walk the block's items beside the node's.
    let k = 0;
    for (const part of parts) {
      if (toMdast(part).length === 0) continue;
      const item = node.children[k++];
      if (item) out.push({ node: item, lineOffset: 0, separator: out.length === 0 ? separator : '\n', blocks: [part] });
    }
  } else if (block.type === 'table' && node.type === 'table') {
    let k = 0;
    parts.forEach((part) => {
      if (toMdast(part).length === 0) return;
      // Row k is line k of the table, after the delimiter row from the second on.
      out.push({ node, lineOffset: k === 0 ? 0 : k + 1, separator: k === 0 ? separator : '\n', blocks: [part] });
      k++;
    });
  } else if (block.type === 'quote' && node.type === 'blockquote') {
    let k = 0;
    parts.forEach((part) => {
      const childNodes = block.type === 'quote' && part.type === 'quote' ? part.children.flatMap(toMdast) : [];
      if (childNodes.length === 0) return;
      const child = node.children[k];
      k += childNodes.length;
      if (!child) return;
      out.push({ node: child, lineOffset: 0, separator: out.length === 0 ? separator : '\n>\n', blocks: [part] });
    });
  }
  return out.length === 0 ? [whole] : out;
}
