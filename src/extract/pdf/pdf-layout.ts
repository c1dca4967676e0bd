// Positioned text of PDF pages -> the block model (headings and paragraphs, pages in order), so
// the renderers of HTML serve PDFs unchanged. Pure: pdf-read.ts feeds it what pdf.js gives.
//
// A PDF has no paragraphs, only glyph runs at positions. Reading order: lines are rebuilt from
// runs on the same baseline; a two-column page is split at its gutter (a vertical band no line
// crosses) and read column by column, lines that span the gutter (titles, figures' captions)
// cutting the page into bands. Lines that repeat at the top or bottom of most pages (running
// heads, page numbers) are dropped (running-lines.ts). Paragraphs break at a vertical gap or a change of font
// size; a word hyphenated at a line end is joined. Headings: lines set larger than the body
// text (the size of most characters), or named by the document outline.
import type { Block, HeadingLevel } from '../blocks.js';
import { dropRunningLines } from './running-lines.js';

export interface PdfTextRun {
  str: string;
  /** Baseline start, PDF user space (origin bottom-left). */
  x: number;
  y: number;
  width: number;
  fontSize: number;
}

export interface PdfPageText {
  width: number;
  height: number;
  runs: PdfTextRun[];
}

export interface OutlineEntry {
  title: string;
  /** 0 for top-level entries. */
  depth: number;
}

export interface PdfLayout {
  blocks: Block[];
  /** Text of the first heading in reading order, or null. */
  firstHeading: string | null;
  /** Characters of text laid out (after header/footer removal). */
  chars: number;
}

interface Line {
  text: string;
  x: number;
  right: number;
  y: number;
  fontSize: number;
  /** Column region on its page: 'band:column', so a paragraph never spans two regions. */
  region: string;
  page: number;
}

interface Paragraph {
  text: string;
  fontSize: number;
}

/** Runs on one line: baselines within this fraction of the font size. */
const SAME_LINE = 0.45;
/** A gap wider than this fraction of the font size between runs is a word space. */
const WORD_GAP = 0.18;
/** Line spacing above this multiple of the font size starts a new paragraph. */
const PARAGRAPH_GAP = 1.55;
/** Sizes within this ratio count as the same. */
const SAME_SIZE = 1.12;
/** A line at least this much larger than the body text, and short, is a heading. */
const HEADING_SIZE = 1.15;
const HEADING_MAX_CHARS = 200;

export function layoutPdf(pages: readonly PdfPageText[], outline: readonly OutlineEntry[] = []): PdfLayout {
  const pageLines = pages.map((p, i) => orderedLines(p, i));
  dropRunningLines(pageLines);
  const paragraphs: Paragraph[] = [];
  for (const lines of pageLines) paragraphs.push(...paragraphsOf(lines, paragraphs));
  const bodySize = dominantSize(paragraphs);
  const headingSizes = [
    ...new Set(paragraphs.filter((p) => isHeadingBySize(p, bodySize)).map((p) => roundSize(p.fontSize))),
  ].sort((a, b) => b - a);
  const outlineDepth = new Map<string, number>();
  for (const e of outline) {
    const k = fold(e.title);
    if (k && !outlineDepth.has(k)) outlineDepth.set(k, e.depth);
  }

  const blocks: Block[] = [];
  let firstHeading: string | null = null;
  let chars = 0;
  for (const p of paragraphs) {
    chars += p.text.length;
    const depth = outlineDepth.get(fold(p.text));
    let level: number | null = null;
    if (depth !== undefined && p.text.length <= HEADING_MAX_CHARS) level = depth + 1;
    else if (isHeadingBySize(p, bodySize)) level = headingSizes.indexOf(roundSize(p.fontSize)) + 1;
    if (level !== null && level > 0) {
      blocks.push({
        type: 'heading',
        level: Math.min(6, level) as HeadingLevel,
        children: [{ type: 'text', text: p.text }],
      });
      firstHeading ??= p.text;
    } else {
      blocks.push({ type: 'paragraph', children: [{ type: 'text', text: p.text }] });
    }
  }
  return { blocks, firstHeading, chars };
}

// ---- lines and reading order of one page ----

function orderedLines(page: PdfPageText, pageIndex: number): Line[] {
  const runs = page.runs.filter((r) => r.str.trim() !== '' && Number.isFinite(r.x) && Number.isFinite(r.y));
  if (runs.length === 0) return [];
  const gutter = findGutter(runs, page.width);
  if (gutter === null) return linesOf(runs, pageIndex, '0:0');

  const spanning: PdfTextRun[] = [];
  const left: PdfTextRun[] = [];
  const right: PdfTextRun[] = [];
  for (const r of runs) {
    if (r.x + r.width <= gutter) left.push(r);
    else if (r.x >= gutter) right.push(r);
    else spanning.push(r);
  }
  const spanLines = linesOf(spanning, pageIndex, 'span');
  // Spanning lines cut the page into bands; each band is read left column, then right.
  const bandOf = (y: number) => spanLines.filter((s) => s.y > y).length;
  const out: Line[] = [];
  const colLines = [...linesOf(left, pageIndex, 'L'), ...linesOf(right, pageIndex, 'R')];
  for (let band = 0; band <= spanLines.length; band++) {
    for (const col of ['L', 'R']) {
      for (const l of colLines)
        if (l.region === col && bandOf(l.y) === band) out.push({ ...l, region: `${band}:${col}` });
    }
    const s = spanLines[band];
    if (s) out.push({ ...s, region: `${band}:span` });
  }
  return out;
}

/**
 * The x of a vertical band, in the middle part of the text block, that (almost) no run
 * crosses while both sides hold a good share of the text; null for one column.
 */
function findGutter(runs: readonly PdfTextRun[], pageWidth: number): number | null {
  if (runs.length < 8) return null;
  let left = Infinity;
  let right = -Infinity;
  for (const r of runs) {
    left = Math.min(left, r.x);
    right = Math.max(right, r.x + r.width);
  }
  const span = right - left;
  if (!(span > 0)) return null;
  const BINS = 200;
  const cover = new Array<number>(BINS).fill(0);
  const bin = (x: number) => Math.max(0, Math.min(BINS - 1, Math.floor(((x - left) / span) * BINS)));
  for (const r of runs) for (let b = bin(r.x); b <= bin(r.x + r.width); b++) cover[b]!++;
  // Titles and captions may cross a gutter; body lines do not.
  const allowed = Math.max(1, Math.floor(runs.length * 0.04));
  const minWidth = Math.max(2, Math.ceil((Math.max(6, pageWidth * 0.012) / span) * BINS));
  let best: { start: number; end: number } | null = null;
  for (let b = Math.floor(BINS * 0.25); b < BINS * 0.75; b++) {
    if (cover[b]! > allowed) continue;
    let e = b;
    while (e + 1 < BINS * 0.75 && cover[e + 1]! <= allowed) e++;
    if (e - b + 1 >= minWidth && (!best || e - b > best.end - best.start)) best = { start: b, end: e };
    b = e;
  }
  if (!best) return null;
  const x = left + ((best.start + best.end + 1) / 2 / BINS) * span;
  let l = 0;
  let r = 0;
  for (const run of runs) {
    if (run.x + run.width <= x) l += run.str.length;
    else if (run.x >= x) r += run.str.length;
  }
  const total = l + r;
  return l > total * 0.2 && r > total * 0.2 ? x : null;
}

function linesOf(runs: readonly PdfTextRun[], page: number, region: string): Line[] {
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: PdfTextRun[][] = [];
  for (const r of sorted) {
    const g = groups[groups.length - 1];
    const ref = g?.[0];
    if (g && ref && Math.abs(ref.y - r.y) <= SAME_LINE * Math.max(ref.fontSize, r.fontSize, 1)) g.push(r);
    else groups.push([r]);
  }
  return groups
    .map((g) => {
      g.sort((a, b) => a.x - b.x);
      let text = '';
      let end = -Infinity;
      let size = 0;
      let sizeChars = 0;
      for (const r of g) {
        const gap = r.x - end;
        if (text && gap > WORD_GAP * r.fontSize && !/\s$/.test(text) && !/^\s/.test(r.str)) text += ' ';
        text += r.str;
        end = Math.max(end, r.x + r.width);
        if (r.str.trim().length > sizeChars) {
          size = r.fontSize;
          sizeChars = r.str.trim().length;
        }
      }
      return {
        text: text.replace(/\s+/g, ' ').trim(),
        x: g[0]!.x,
        right: end,
        y: g[0]!.y,
        fontSize: size,
        region,
        page,
      };
    })
    .filter((l) => l.text !== '');
}

// ---- paragraphs ----

/**
 * Paragraphs of one page's ordered lines. The first may continue the previous page's last
 * paragraph (`before`), when that one did not end a sentence and this one starts in lower case.
 */
function paragraphsOf(lines: readonly Line[], before: Paragraph[]): Paragraph[] {
  const out: Paragraph[] = [];
  let cur: (Paragraph & { last: Line }) | null = null;
  for (const line of lines) {
    if (cur && continues(cur.last, line)) {
      cur.text = joinLines(cur.text, line.text);
      cur.last = line;
      continue;
    }
    if (cur) out.push({ text: cur.text, fontSize: cur.fontSize });
    cur = { text: line.text, fontSize: line.fontSize, last: line };
    const prev = out.length === 0 ? before[before.length - 1] : undefined;
    if (
      prev &&
      out.length === 0 &&
      !/[.!?:;"”)\]]$/.test(prev.text) &&
      /^\p{Ll}/u.test(line.text) &&
      sameSize(prev.fontSize, line.fontSize)
    ) {
      // Carried over the page break: the previous page's paragraph goes on here.
      before.pop();
      cur.text = joinLines(prev.text, line.text);
    }
  }
  if (cur) out.push({ text: cur.text, fontSize: cur.fontSize });
  return out;
}

function continues(prev: Line, line: Line): boolean {
  if (prev.region !== line.region || prev.page !== line.page) return false;
  if (!sameSize(prev.fontSize, line.fontSize)) return false;
  const gap = prev.y - line.y;
  return gap > 0 && gap <= PARAGRAPH_GAP * Math.max(prev.fontSize, 1);
}

/** Joins two lines of a paragraph, undoing a hyphenation at the line end ("infor-" + "mation"). */
export function joinLines(a: string, b: string): string {
  if (/\p{L}[-\u00ad]$/u.test(a) && /^\p{Ll}/u.test(b)) return a.slice(0, -1) + b;
  if (/\u00ad$/.test(a)) return a.slice(0, -1) + b;
  return `${a} ${b}`;
}

function sameSize(a: number, b: number): boolean {
  const hi = Math.max(a, b);
  const lo = Math.min(a, b);
  return lo > 0 ? hi / lo <= SAME_SIZE : hi === lo;
}

function roundSize(size: number): number {
  return Math.round(size * 2) / 2;
}

/** The font size of most characters. */
function dominantSize(paragraphs: readonly Paragraph[]): number {
  const chars = new Map<number, number>();
  for (const p of paragraphs) chars.set(roundSize(p.fontSize), (chars.get(roundSize(p.fontSize)) ?? 0) + p.text.length);
  let best = 0;
  let most = -1;
  for (const [size, n] of chars) if (n > most) [best, most] = [size, n];
  return best;
}

function isHeadingBySize(p: Paragraph, bodySize: number): boolean {
  return (
    bodySize > 0 && p.fontSize >= bodySize * HEADING_SIZE && p.text.length <= HEADING_MAX_CHARS && /\p{L}/u.test(p.text)
  );
}

function fold(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, ' ')
    .trim();
}
