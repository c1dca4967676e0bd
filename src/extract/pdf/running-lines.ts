// Running heads, running feet and page numbers of a PDF: lines at the top or bottom of pages
// that the typesetter repeats, not text of the document. Pure, over the lines of each page.
//
// What repeats is judged at the two outermost lines of each end of a page:
// - the same text on most pages (a title, a chapter name) is a running line;
// - text that differs only in its numbers ("Annual Review | 4", "Chapter 2 - 17") is a running
//   line when those numbers count with the pages, it stands apart in the margin and it is not
//   set larger than the body text (a heading "Section 2" opening page 2 and "Section 3" opening
//   page 3 is text, and so is a paragraph that starts "In 2023" on one page and "In 2024" on
//   the next);
// - a lone page number: arabic ("7", "- 7 -", "Page 7 of 20") wherever it stands at an edge,
//   roman ("iv", "xii.") only when its value counts with the pages, so a line "l." (the end of a
//   word broken over two lines) is never taken for fifty.

export interface EdgeLine {
  text: string;
  /** Baseline, PDF user space (larger is higher on the page). */
  y: number;
  fontSize: number;
}

// Over a runningKey (every number is one '#'), trimmed of the punctuation around it.
const PAGE_NUMBER = /^(?:(?:page|p\.|seite|página|pagina) ?)?#(?: ?(?:of|\/|von|de|di) ?#)?$/;
const ROMAN = /^[ivxlcdm]{1,12}$/i;
const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** Running heads and feet are a title, a chapter name, a date: short. */
const RUNNING_MAX_CHARS = 100;
/** A line this much larger than the body text is a heading, not a running line. */
const LARGER_THAN_BODY = 1.15;
/** A running line sits apart in the margin: no other line within this many font sizes of it. */
const APART = 1.55;

/** The text without the punctuation, symbols and spaces around it ("- 7 -" -> "7"). */
function trimmed(text: string): string {
  const keep = (c: string) => /[\p{L}\p{N}#]/u.test(c);
  let start = 0;
  let end = text.length;
  while (start < end && !keep(text[start]!)) start++;
  while (end > start && !keep(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** A lone page number: "7", "- 7 -", "Page 7 of 20", "p. 7". */
function isPageNumber(text: string): boolean {
  return PAGE_NUMBER.test(trimmed(runningKey(text)));
}

/** The text with every number replaced by '#', lower case, spaces collapsed. */
function runningKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

function exactKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

function numbersOf(text: string): number[] {
  return (text.match(/\d+/g) ?? []).map(Number);
}

/** The value of a well-formed roman numeral (subtractive pairs included), or null. */
export function romanValue(s: string): number | null {
  const t = s.toLowerCase();
  let total = 0;
  for (let i = 0; i < t.length; i++) {
    const v = ROMAN_VALUES[t[i]!];
    const next = ROMAN_VALUES[t[i + 1] ?? ''] ?? 0;
    if (v === undefined) return null;
    total += v < next ? -v : v;
  }
  return total > 0 && toRoman(total) === t ? total : null;
}

function toRoman(n: number): string {
  const table: Array<[number, string]> = [
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let out = '';
  for (const [v, s] of table) {
    while (n >= v) {
      out += s;
      n -= v;
    }
  }
  return out;
}

/**
 * Whether some position of the numbers counts with the pages: on every page listed, the
 * number there minus the page index is the same (page 3 of a book numbered from 1 says 3).
 */
function countsWithPages(seen: ReadonlyArray<{ page: number; numbers: readonly number[] }>): boolean {
  if (seen.length < 2) return false;
  const width = seen[0]!.numbers.length;
  if (width === 0 || seen.some((s) => s.numbers.length !== width)) return false;
  for (let k = 0; k < width; k++) {
    const offset = seen[0]!.numbers[k]! - seen[0]!.page;
    if (seen.every((s) => s.numbers[k]! - s.page === offset)) return true;
  }
  return false;
}

/** The font size of most characters. */
function bodySizeOf(pages: ReadonlyArray<readonly EdgeLine[]>): number {
  const chars = new Map<number, number>();
  for (const lines of pages)
    for (const l of lines) {
      const size = Math.round(l.fontSize * 2) / 2;
      chars.set(size, (chars.get(size) ?? 0) + l.text.length);
    }
  let best = 0;
  let most = -1;
  for (const [size, n] of chars) if (n > most) [best, most] = [size, n];
  return best;
}

/** The outermost two lines at each end (one on a short page, where two would reach the body). */
function edgeLines<L extends EdgeLine>(lines: readonly L[]): L[] {
  const byY = [...lines].sort((a, b) => b.y - a.y);
  const n = lines.length >= 5 ? 2 : 1;
  return [...new Set([...byY.slice(0, n), ...byY.slice(-n)])];
}

/** Drops, in place, the running lines and page numbers at the edges of the pages. */
export function dropRunningLines<L extends EdgeLine>(pageLines: L[][]): void {
  const withText = pageLines.filter((l) => l.length > 0).length;
  const need = Math.max(2, Math.ceil(withText * 0.5));
  const bodySize = bodySizeOf(pageLines);
  const exactSeen = new Map<string, number>();
  const keySeen = new Map<string, Array<{ page: number; numbers: number[] }>>();
  // Roman page numbers: value minus page index, and how many edge lines share that offset.
  const romanOffsets = new Map<number, number>();
  const romanOf = (l: EdgeLine) => {
    const core = trimmed(l.text);
    return ROMAN.test(core) ? romanValue(core) : null;
  };
  pageLines.forEach((lines, page) => {
    const edges = edgeLines(lines);
    for (const key of new Set(edges.map((l) => exactKey(l.text)))) exactSeen.set(key, (exactSeen.get(key) ?? 0) + 1);
    const perKey = new Map<string, number[]>();
    for (const l of edges) perKey.set(runningKey(l.text), numbersOf(l.text));
    for (const [key, numbers] of perKey) keySeen.set(key, [...(keySeen.get(key) ?? []), { page, numbers }]);
    for (const l of edges) {
      const value = romanOf(l);
      if (value !== null) romanOffsets.set(value - page, (romanOffsets.get(value - page) ?? 0) + 1);
    }
  });
  let romanOffset: number | null = null;
  for (const [offset, n] of romanOffsets)
    if (n >= 2 && (romanOffset === null || n > romanOffsets.get(romanOffset)!)) romanOffset = offset;
  const isRomanPageNumber = (l: L, page: number) => {
    const value = romanOf(l);
    return value !== null && value - page === romanOffset;
  };

  const isRunning = (l: L, lines: readonly L[]): boolean => {
    if (withText < 2 || l.text.length > RUNNING_MAX_CHARS) return false;
    if ((exactSeen.get(exactKey(l.text)) ?? 0) >= need) return true;
    const seen = keySeen.get(runningKey(l.text)) ?? [];
    const larger = bodySize > 0 && l.fontSize >= bodySize * LARGER_THAN_BODY;
    const apart = lines.every((o) => o === l || Math.abs(o.y - l.y) > APART * Math.max(o.fontSize, l.fontSize, 1));
    return !larger && apart && seen.length >= need && countsWithPages(seen);
  };

  for (let i = 0; i < pageLines.length; i++) {
    const lines = pageLines[i]!;
    if (lines.length === 0) continue;
    const drop = new Set<L>();
    const numbers = new Set<L>();
    for (const l of edgeLines(lines)) {
      if (isPageNumber(l.text) || isRomanPageNumber(l, i)) numbers.add(l);
      else if (isRunning(l, lines)) drop.add(l);
    }
    // A page whose every line "repeats" is a page of similar entries (a ledger, a form), not
    // running heads around nothing: keep its lines.
    if (drop.size + numbers.size >= lines.length) drop.clear();
    for (const n of numbers) drop.add(n);
    if (drop.size) pageLines[i] = lines.filter((l) => !drop.has(l));
  }
}
