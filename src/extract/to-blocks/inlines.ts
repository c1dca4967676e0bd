// A line's inlines as a browser renders them: whitespace collapsed, trimmed, empty wrappers
// gone; and blocks flattened into one line (a table cell, a caption).
import type { Block, Inline } from '../blocks.js';
import { isWrapper } from '../blocks.js';
import { leafBlocks } from '../block-walk.js';
import { withoutInvisibles } from '../dom/invisible-chars.js';

/** Flatten blocks (a table cell, a caption) into one inline run, blocks separated by breaks. */
export function flattenToInlines(blocks: Block[]): Inline[] {
  const out: Inline[] = [];
  const sep = (): void => {
    if (out.length > 0 && out[out.length - 1]!.type !== 'break') out.push({ type: 'break' });
  };
  for (const b of leafBlocks(blocks)) {
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
const MAY_NEED_NFC = /[\u0300-\uffff]/;

/** Where any of them matches (or an invisible character, invisible-chars.ts, U+00AD or over U+0300): their
 *  union, with the character classes written as one. */
const COLLAPSE_OR_NORMALIZE = /[\u0300-\uffff\t\n\r\f\u00ad]| {2}/;

/** HTML whitespace runs as one space, characters no reader sees out and the text in NFC, so that what
 *  reads the same is the same string. Prose has a match at every space, and most texts are already
 *  collapsed: those are returned as they are, without rebuilding them. */
function collapseHtmlSpace(t: string): string {
  // One test for all, first: most texts need none.
  if (!COLLAPSE_OR_NORMALIZE.test(t)) return t;
  t = withoutInvisibles(t);
  if (HTML_SPACE_TO_COLLAPSE.test(t)) t = t.replace(/[\t\n\r\f ]+/g, ' ');
  return MAY_NEED_NFC.test(t) ? t.normalize('NFC') : t;
}

/** A text collapsed after what came before it ('' when nothing is left of it). */
function collapsedText(text: string, state: { lastSpace: boolean }): string {
  let t = collapseHtmlSpace(text);
  if (state.lastSpace && t.startsWith(' ')) t = t.slice(1);
  if (t !== '') state.lastSpace = t.endsWith(' ');
  return t;
}

function collapse(inlines: Inline[], state: { lastSpace: boolean }): Inline[] {
  // Most lines are one text: an array of its size, where one grown by push keeps room for 17
  // (kept as the block's children for the rest of the task).
  if (inlines.length === 1 && inlines[0]!.type === 'text') {
    const t = collapsedText(inlines[0]!.text, state);
    return t === '' ? [] : [{ type: 'text', text: t }];
  }
  const out: Inline[] = [];
  for (const node of inlines) {
    switch (node.type) {
      case 'text': {
        const t = collapsedText(node.text, state);
        if (t === '') break;
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
      case 'math':
      case 'image':
        out.push(node);
        state.lastSpace = false;
        break;
      case 'link':
      case 'emphasis':
      case 'strong':
      case 'delete': {
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
    case 'delete':
      return { type: 'delete', children };
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
 *  collapse's own fresh output, so sharing it cannot alias a caller's inlines. `line`: these are
 *  a line's own inlines, not a wrapper's (whose edges are not the line's). */
function prune(inlines: Inline[], line = true): Inline[] {
  let out: Inline[] | null = null;
  let breaks = false;
  for (let i = 0; i < inlines.length; i++) {
    const node = inlines[i]!;
    let kept: Inline | null = node;
    let breakBefore = false;
    let breakAfter = false;
    if (node.type === 'text') {
      if (node.text === '') kept = null;
    } else if (isWrapper(node)) {
      let children = prune(node.children, false);
      // A break at a wrapper's edge ends the line there, and a wrapper of nothing but space still parts
      // the words around it ("foo<b> </b>bar", "<b>Title<br></b>Text"): they move out of the wrapper.
      let end = children.length;
      while (end > 0 && children[end - 1]!.type === 'break') end--;
      let start = 0;
      while (start < end && children[start]!.type === 'break') start++;
      if (start > 0 || end < children.length) {
        breaks = true;
        breakBefore = start > 0;
        breakAfter = end < children.length;
        children = children.slice(start, end);
      }
      if (children.length === 0) kept = null;
      else if (!children.some(hasSubstance)) kept = breakAfter ? null : { type: 'text', text: ' ' };
      else if (children !== node.children) kept = withChildren(node, children);
    } else if (node.type === 'break') breaks = true;
    if (out === null && (kept !== node || breakBefore || breakAfter)) out = inlines.slice(0, i);
    if (out === null) continue;
    if (breakBefore) out.push({ type: 'break' });
    if (kept !== null) out.push(kept);
    if (breakAfter) out.push({ type: 'break' });
  }
  const list = out ?? inlines;
  if (!line) return list;
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
    case 'math':
    case 'image':
      return true;
    case 'break':
      return false;
    default:
      return node.children.some(hasSubstance);
  }
}

/** Only text of HTML whitespace (what normalizeInlines collapses away entirely). */
export function allBlankText(inlines: Inline[]): boolean {
  for (const n of inlines) if (n.type !== 'text' || !isHtmlSpace(n.text)) return false;
  return true;
}

/** Only HTML whitespace (space, tab, line feed, carriage return, form feed), or nothing. */
export function isHtmlSpace(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13 && c !== 12) return false;
  }
  return true;
}

/** Elements that mark part of a line's text, in a word as well as around one ("<em>Java</em>Script", a
 *  search's match): their edges are not where a text set apart meets the next. */
const MARKING_TAGS: ReadonlySet<string> = new Set([
  'b',
  'strong',
  'i',
  'em',
  'mark',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'small',
  'big',
  'sub',
  'sup',
  'abbr',
  'font',
]);
/** A word's or a sentence's end: a small letter, or the punctuation that closes a sentence or a label. */
const WORD_END = /[\p{Ll}.!?:)]/u;
const CAPITAL = /\p{Lu}/u;

/** Most texts start with a small letter, a space or a digit: ASCII is read by its code (this runs for
 *  every text of a page), other characters by their Unicode category. */
function startsCapital(text: string): boolean {
  const c = text.charCodeAt(0);
  return c < 128 ? c >= 65 && c <= 90 : CAPITAL.test(text.charAt(0));
}

/**
 * Where two texts of one line meet at elements' edges with nothing between them, the first ending in a small
 * letter or a sentence's punctuation and the second starting with a capital ("Gregory" + "Paragon 58",
 * "By:" + "CAPCOM", "entity." + "How do I"), a space: the page sets them apart by its style (a card's brand
 * over its name, a label beside its value), as no text written to be read runs a capital into a word. Not a
 * text printed twice (a label and its screen-reader copy), which is one line read once (passes/doubled-lines.ts).
 */
export class WordEdges {
  /** The text read last on the current line, and whether an element started or ended after it. */
  private last: string | null = null;
  private edge = false;

  /** An element starts or ends. */
  element(name: string): void {
    this.edge ||= !MARKING_TAGS.has(name);
  }

  /** A text is read on the line: what goes before it (a space, or nothing). */
  before(text: string): Inline | null {
    const last = this.last;
    const gap =
      this.edge && last !== null && startsCapital(text) && last !== text && WORD_END.test(last.charAt(last.length - 1));
    this.last = text;
    this.edge = false;
    // A new inline each time: the line's texts are joined in place later (collapse).
    return gap ? { type: 'text', text: ' ' } : null;
  }

  /** The line ends (a block, a line break). */
  lineEnds(): void {
    this.last = null;
  }
}
