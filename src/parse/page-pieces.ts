// A page's text as a list of pieces, read by position as if it were one string. The worker decodes
// a page in pieces (workers/page-bytes.ts) so that no string of a whole page is ever built: V8
// puts any object over 128 KiB in large-object space, on fresh pages of its own that are mapped
// for it and unmapped when it is collected, and touching them cost a content call about 50 page
// faults (some 2 ms of CPU) for a 200 KB page. The tokenizer reads the pieces one after another;
// tree construction cuts its strings from them here, joining the few tokens that span a boundary.
import { sharedNameAt } from './known-names.js';

/** A page's text in order; any piece may be empty. */
export type PagePieces = readonly string[];

/** `</body` or `</html` followed by whitespace, `/` or `>` (tree-construction.ts asks for it). */
const BODY_END = /<\/(?:body|html)[\s/>]/gi;
/** BODY_END's length: a match spanning two pieces starts within this many characters of the end. */
const BODY_END_CHARS = 7;

export class PieceText {
  readonly pieces: readonly string[];
  /** Where each piece starts in the page. */
  private readonly starts: number[];
  readonly length: number;
  /** The piece last read (most reads are at or just after the last one). */
  private cursor = 0;
  /** Where the last BODY_END starts (-1: none), found at the first question. */
  private lastBodyEnd: number | undefined;

  constructor(pieces: PagePieces, maxChars: number) {
    const kept: string[] = [];
    const starts: number[] = [];
    let length = 0;
    for (const piece of pieces) {
      if (length >= maxChars) break;
      const text = length + piece.length > maxChars ? piece.slice(0, maxChars - length) : piece;
      if (text.length === 0) continue;
      kept.push(text);
      starts.push(length);
      length += text.length;
    }
    if (kept.length === 0) {
      kept.push('');
      starts.push(0);
    }
    this.pieces = kept;
    this.starts = starts;
    this.length = length;
  }

  /** Where piece `i` starts in the page. */
  startOf(i: number): number {
    return this.starts[i]!;
  }

  /** The index of the piece holding position `at` (the last piece for the page's end). */
  private pieceAt(at: number): number {
    const starts = this.starts;
    let i = this.cursor;
    while (i > 0 && at < starts[i]!) i--;
    while (i < starts.length - 1 && at >= starts[i + 1]!) i++;
    this.cursor = i;
    return i;
  }

  /** The page's characters `[start, end)`. */
  slice(start: number, end: number): string {
    let i = this.pieceAt(start);
    const first = this.pieces[i]!;
    const from = this.starts[i]!;
    if (end <= from + first.length) return first.slice(start - from, end - from);
    let out = first.slice(start - from);
    for (i++; i < this.pieces.length; i++) {
      const piece = this.pieces[i]!;
      const at = this.starts[i]!;
      if (end <= at + piece.length) return out + piece.slice(0, end - at);
      out += piece;
    }
    return out;
  }

  /** known-names.ts's shared copy of the name at `[start, end)`, if it is a known one. */
  sharedNameAt(start: number, end: number): string | undefined {
    const i = this.pieceAt(start);
    const from = this.starts[i]!;
    const piece = this.pieces[i]!;
    if (end <= from + piece.length) return sharedNameAt(piece, start - from, end - from);
    return sharedNameAt(this.slice(start, end), 0, end - start);
  }

  /** Whether a `</body>` or `</html>` starts at or after `from`. */
  hasBodyEndFrom(from: number): boolean {
    this.lastBodyEnd ??= this.findLastBodyEnd();
    return this.lastBodyEnd >= from;
  }

  /** The last BODY_END's position. The pieces are searched from the last; a match that starts
   *  in a piece and ends in a later one is found in the piece's last characters joined to the
   *  page's next ones (it starts after any match that lies wholly in the piece). */
  private findLastBodyEnd(): number {
    for (let i = this.pieces.length - 1; i >= 0; i--) {
      const piece = this.pieces[i]!;
      const end = this.starts[i]! + piece.length;
      if (end < this.length) {
        const tail = piece.slice(-(BODY_END_CHARS - 1));
        const across = lastMatch(tail + this.slice(end, Math.min(this.length, end + BODY_END_CHARS - 1)));
        if (across !== -1) return this.starts[i]! + piece.length - tail.length + across;
      }
      const within = lastMatch(piece);
      if (within !== -1) return this.starts[i]! + within;
    }
    return -1;
  }
}

function lastMatch(text: string): number {
  let last = -1;
  BODY_END.lastIndex = 0;
  for (let m = BODY_END.exec(text); m !== null; m = BODY_END.exec(text)) last = m.index;
  return last;
}
